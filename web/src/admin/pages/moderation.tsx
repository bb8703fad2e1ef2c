/**
 * Moderation: who is online on each server, with kick, ban, warn, whitelist
 * and teleport on each row (read again when a player joins or leaves, by the
 * live events; every 10 s while the stream is away); one form that warns,
 * kicks or bans a player (online or not) or bans an address; the bans in
 * force with their lift and the appeals waiting for an answer (read again
 * when another admin, a key or a player changes them, by the live events;
 * every 30 s while the stream is away); a player's
 * record; and the game's own bans, read back. Reasons and appeals are shown
 * as text, as typed.
 */
import type { RefObject } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { Form, Outcome, useAction } from '../../parts/action.js';
import { Choice, Field } from '../../parts/field.js';
import { formatTime } from '../../parts/format.js';
import { useLiveReload } from '../../parts/live.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { Table } from '../../parts/table.js';
import { ConfirmButton } from '../parts/confirm.js';
import { AdminPage } from '../parts/layout.js';
import { SearchForm } from '../parts/search-form.js';

const onlineEveryMs = 10_000;
const recordsEveryMs = 30_000;

type Act = 'warn' | 'kick' | 'ban' | 'ban-address';
const acts: Array<{ value: Act; label: string }> = [
  { value: 'warn', label: 'Warn the player' },
  { value: 'kick', label: 'Kick the player' },
  { value: 'ban', label: 'Ban the player' },
  { value: 'ban-address', label: 'Ban an address' },
];
const lengths = [
  { value: '3600', label: 'One hour' },
  { value: '86400', label: 'One day' },
  { value: '604800', label: 'One week' },
  { value: '2592000', label: 'Thirty days' },
  { value: 'none', label: 'No end' },
];

/** Who a record is about, as a cell says it. */
const who = (record: { player: { name: string } | null; address?: string | null }) => record.player?.name ?? record.address ?? 'an address (not shown)';

export function ModerationPage() {
  const online = useLoad(() => data(api.request('get', '/api/players')), []);
  useLiveReload(['player.joined', 'player.left'], online.reload, onlineEveryMs);
  const bans = useLoad(() => data(api.request('get', '/api/moderation/records', { query: { inForce: true, limit: 100 } })), []);
  const appeals = useLoad(() => data(api.request('get', '/api/moderation/records', { query: { appeal: 'pending', limit: 100 } })), []);
  const reloadRecords = () => {
    bans.reload();
    appeals.reload();
  };
  useLiveReload(['moderation.banned', 'moderation.lifted', 'moderation.appealed', 'moderation.appeal_answered'], reloadRecords, recordsEveryMs);
  const gameBans = useLoad(() => data(api.request('get', '/api/moderation/game-bans')), []);
  const [target, setTarget] = useState('');
  const [act, setAct] = useState<Act>('warn');
  const reasonField = useRef<HTMLDivElement>(null);
  const row = useAction();
  const changed = () => {
    online.reload();
    reloadRecords();
  };
  /** A row's kick, ban or warn fills the form with the player and the action, and takes the focus to the reason. */
  const choose = (name: string, chosen: Act) => {
    setTarget(name);
    setAct(chosen);
    requestAnimationFrame(() => reasonField.current?.querySelector('input')?.focus());
  };
  const whitelist = (name: string) => row.run(async () => (await data(api.request('post', '/api/whitelist/add', { body: { username: name } }))).message);

  return (
    <AdminPage title="Moderation">
      <h2 id="online-title">Online now</h2>
      <ProblemNotice problem={online.problem} retry={online.reload} />
      <ProblemNotice problem={row.problem} />
      <Success text={row.done} />
      {online.data?.players.length === 0 && <p>Nobody is online.</p>}
      {online.data && online.data.players.length > 0 && (
        <Table label="Players online" labelledBy="online-title" columns={['Player', 'Server', 'World', 'Address', 'Actions']} stack>
          {online.data.players.map((player) => (
            <tr key={`${player.server}/${player.uuid}`}>
              <td data-label="Player">{player.name}</td>
              <td data-label="Server">{player.server}</td>
              <td data-label="World">{player.world}</td>
              <td data-label="Address" class="mono">
                {player.ipAddress ?? 'not shown'}
              </td>
              <td data-label="Actions">
                <div class="actions">
                  <button type="button" onClick={() => choose(player.name, 'kick')} aria-label={`Kick ${player.name}`}>
                    Kick
                  </button>
                  <button type="button" class="danger" onClick={() => choose(player.name, 'ban')} aria-label={`Ban ${player.name}`}>
                    Ban
                  </button>
                  <button type="button" onClick={() => choose(player.name, 'warn')} aria-label={`Warn ${player.name}`}>
                    Warn
                  </button>
                  <button type="button" disabled={row.busy} onClick={() => void whitelist(player.name)} aria-label={`Put ${player.name} on the whitelist`}>
                    Whitelist
                  </button>
                  <a href="/admin/teleports" aria-label={`Teleport ${player.name} (the Teleports page)`}>
                    Teleport
                  </a>
                </div>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <ActForm target={target} setTarget={setTarget} act={act} setAct={setAct} reasonField={reasonField} onDone={changed} />
      <BansInForce bans={bans.data?.records} problem={bans.problem} retry={bans.reload} onLifted={changed} />
      <Appeals records={appeals.data?.records} problem={appeals.problem} retry={appeals.reload} onAnswered={changed} />
      <PlayerRecord />
      <h2 id="game-bans-title">The game’s own bans</h2>
      <p>Made on the game’s console or by other plugins: Gatehouse reads them and leaves them as they are. Lift one where it was made, or ban the player here to replace it.</p>
      <ProblemNotice problem={gameBans.problem} retry={gameBans.reload} />
      {gameBans.data && (
        <Table label="The game’s own bans" labelledBy="game-bans-title" columns={['Who', 'Reason', 'By', 'Ends']} empty="The game holds no ban of its own.">
          {gameBans.data.bans.map((ban) => (
            <tr key={ban.player?.name ?? ban.address ?? ban.reason}>
              <td>{who(ban)}</td>
              <td>{ban.reason}</td>
              <td>{ban.source}</td>
              <td>{ban.expires ? formatTime(ban.expires) : 'no end'}</td>
            </tr>
          ))}
        </Table>
      )}
    </AdminPage>
  );
}

function ActForm(props: {
  target: string;
  setTarget: (value: string) => void;
  act: Act;
  setAct: (value: Act) => void;
  reasonField: RefObject<HTMLDivElement | null>;
  onDone: () => void;
}) {
  const action = useAction(['username', 'address', 'reason', 'expiresAt']);
  const [reason, setReason] = useState('');
  const [length, setLength] = useState('86400');
  const byAddress = props.act === 'ban-address';
  const submit = async () => {
    const name = props.target.trim();
    let message: string;
    if (props.act === 'warn' || props.act === 'kick') {
      message = (await data(api.request('post', props.act === 'warn' ? '/api/moderation/warnings' : '/api/moderation/kicks', { body: { username: name, reason } }))).message;
    } else {
      const expiresAt = length === 'none' ? null : new Date(Date.now() + Number(length) * 1000).toISOString();
      const body = byAddress ? { address: name, reason, expiresAt } : { username: name, reason, expiresAt };
      const { record } = await data(api.request('post', '/api/moderation/bans', { body }));
      message = `${who(record)} is banned ${record.expiresAt ? `until ${formatTime(record.expiresAt)}` : 'without an end'}`;
    }
    setReason('');
    props.onDone();
    return `${message}.`;
  };
  return (
    <Form action={action} class="card" labelledBy="act-title" submit={submit}>
      <h2 id="act-title">Warn, kick or ban</h2>
      <div class="admin-columns">
        <Choice label="Action" name="action" value={props.act} options={acts} onChange={(value) => props.setAct(value as Act)} />
        <Field
          label={byAddress ? 'Address' : 'Player name'}
          name={byAddress ? 'address' : 'username'}
          value={props.target}
          onInput={props.setTarget}
          maxLength={byAddress ? 64 : 16}
          required
          error={action.errorAt(byAddress ? 'address' : 'username')}
          hint={byAddress ? 'An IPv4 or IPv6 address, such as 203.0.113.9.' : 'Online or not: a player seen in game or with a web account.'}
        />
      </div>
      <div ref={props.reasonField}>
        <Field
          label="Reason"
          name="reason"
          value={reason}
          onInput={setReason}
          maxLength={200}
          required
          error={action.errorAt('reason')}
          hint="The player reads it as typed (no colour codes), up to 200 characters."
        />
      </div>
      {props.act.startsWith('ban') && <Choice label="Ban length" name="expiresAt" value={length} options={lengths} onChange={setLength} error={action.errorAt('expiresAt')} />}
      <Outcome action={action} />
      <button type="submit" class={props.act.startsWith('ban') ? 'danger' : 'primary'} disabled={action.busy}>
        {acts.find((choice) => choice.value === props.act)!.label}
      </button>
    </Form>
  );
}

type Records = Awaited<ReturnType<typeof loadRecords>>['records'];
const loadRecords = (query: { username?: string }) => data(api.request('get', '/api/moderation/records', { query: { ...query, limit: 100 } }));

function BansInForce(props: { bans: Records | undefined; problem: Parameters<typeof ProblemNotice>[0]['problem']; retry: () => void; onLifted: () => void }) {
  const lift = useAction();
  return (
    <>
      <h2 id="bans-title">Bans in force</h2>
      <ProblemNotice problem={props.problem} retry={props.retry} />
      <Outcome action={lift} />
      {props.bans && (
        <Table label="Bans in force" labelledBy="bans-title" columns={['Who', 'Reason', 'By', 'Since', 'Ends', 'Appeal', 'Lift']} empty="Nobody is banned." stack>
          {props.bans.map((ban) => (
            <tr key={ban.id}>
              <td data-label="Who">{who(ban)}</td>
              <td data-label="Reason">{ban.reason}</td>
              <td data-label="By">{ban.by}</td>
              <td data-label="Since">{formatTime(ban.at)}</td>
              <td data-label="Ends">{ban.expiresAt ? formatTime(ban.expiresAt) : 'no end'}</td>
              <td data-label="Appeal">{ban.appeal ? ban.appeal.status : 'none'}</td>
              <td data-label="Lift">
                <ConfirmButton
                  label="Lift"
                  name={`Lift the ban of ${who(ban)}`}
                  question={`Lift the ban of ${who(ban)}? They can join again at once, on every server.`}
                  confirmLabel="Lift the ban"
                  busy={lift.busy}
                  onConfirm={() =>
                    void lift.run(async () => {
                      const answer = await data(api.request('post', '/api/moderation/bans/{id}/lift', { params: { id: String(ban.id) }, body: {} }));
                      props.onLifted();
                      return `${answer.message}.`;
                    })
                  }
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}

function Appeals(props: { records: Records | undefined; problem: Parameters<typeof ProblemNotice>[0]['problem']; retry: () => void; onAnswered: () => void }) {
  // Said here, not in the appeal's card: an answered appeal leaves the list, its card with it.
  const [said, setSaid] = useState<string | undefined>(undefined);
  return (
    <>
      <h2 id="appeals-title">Appeals waiting</h2>
      <ProblemNotice problem={props.problem} retry={props.retry} />
      <Success text={said} />
      {props.records?.length === 0 && <p>No appeal is waiting for an answer.</p>}
      {props.records?.map((ban) => (
        <AppealAnswer
          key={ban.id}
          ban={ban}
          onAnswered={(message) => {
            setSaid(message);
            props.onAnswered();
          }}
        />
      ))}
    </>
  );
}

function AppealAnswer(props: { ban: Records[number]; onAnswered: (message: string) => void }) {
  const action = useAction(['answer']);
  const [answer, setAnswer] = useState('');
  const { ban } = props;
  const answerWith = async (accept: boolean) => {
    const answered = await data(api.request('post', '/api/moderation/bans/{id}/appeal/answer', { params: { id: String(ban.id) }, body: { accept, answer } }));
    props.onAnswered(`${answered.message} (${who(ban)}).`);
    return undefined;
  };
  return (
    <Form action={action} class="card" labelledBy={`appeal-${ban.id}`} submit={() => answerWith(true)}>
      <h3 id={`appeal-${ban.id}`}>
        {who(ban)}: banned for “{ban.reason}”
      </h3>
      <p>
        Appealed {formatTime(ban.appeal!.at)} by {ban.appeal!.by}:
      </p>
      <blockquote>{ban.appeal!.text}</blockquote>
      <Field
        label={`Answer to ${who(ban)}`}
        name="answer"
        value={answer}
        onInput={setAnswer}
        maxLength={2000}
        required
        error={action.errorAt('answer')}
        hint="The player reads it on their record."
      />
      <Outcome action={action} />
      <div class="actions">
        <button type="submit" class="primary" disabled={action.busy}>
          Accept and lift the ban
        </button>
        <button type="button" disabled={action.busy} onClick={() => void action.run(() => answerWith(false))}>
          Reject
        </button>
      </div>
    </Form>
  );
}

function PlayerRecord() {
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const record = useLoad(() => (asked ? loadRecords({ username: asked }) : Promise.resolve(undefined)), [asked]);
  return (
    <>
      <h2 id="record-title">A player’s record</h2>
      <SearchForm
        label="Player whose record to show"
        name="username"
        hint="Every warning, kick and ban of one player, newest first."
        button="Show the record"
        onSearch={(value) => setAsked(value.trim() || undefined)}
      />
      <ProblemNotice problem={record.problem} retry={record.reload} />
      {asked && record.data && (
        <Table label={`The record of ${asked}`} labelledBy="record-title" columns={['When', 'What', 'Reason', 'By', 'Now']} empty={`${asked} has no warning, kick or ban.`} stack>
          {record.data.records.map((entry) => (
            <tr key={entry.id}>
              <td data-label="When">{formatTime(entry.at)}</td>
              <td data-label="What">{entry.kind}</td>
              <td data-label="Reason">{entry.reason}</td>
              <td data-label="By">{entry.by}</td>
              <td data-label="Now">{entry.kind !== 'ban' ? '' : entry.inForce ? 'in force' : entry.lifted ? `lifted: ${entry.lifted.reason}` : 'ended'}</td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
