/**
 * Teleports: a player to another player (never to themselves: the player
 * to move is not among those to move them to, and none is chosen for the
 * admin), or to coordinates in one of the server's worlds (the worlds GET
 * /api/server/info lists), and the record of every teleport, newest first.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, data, Problem } from '../../api.js';
import { Choice, Field } from '../../parts/field.js';
import { useLoad } from '../../parts/load.js';
import { formatTime } from '../../parts/money.js';
import { ProblemNotice, Success } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { errorFor, unplacedProblem, useAction } from '../parts/action.js';
import { formatNumber } from '../parts/format.js';
import { AdminPage } from '../parts/layout.js';
import { useOnlinePlayers } from '../parts/online-players.js';
import { TableScroll } from '../parts/table-scroll.js';

type Place = { world: string; x: number; y: number; z: number };
// Positions are personal data: absent only for an API key without personal:read, never for the console's operator.
const place = (where: Place | undefined) => (where ? `${where.world} ${formatNumber(where.x, 1)}, ${formatNumber(where.y, 1)}, ${formatNumber(where.z, 1)}` : 'not shown');

export function TeleportsPage() {
  const online = useOnlinePlayers();
  const [page, setPage] = useState(1);
  const record = useLoad(() => data(api.request('get', '/api/admin/teleports', { query: { page, limit: 25 } })), [page]);
  const players = online.data ?? [];
  const moved = () => {
    record.reload();
    online.reload();
  };
  return (
    <AdminPage title="Teleports">
      <ProblemNotice problem={online.problem} retry={online.reload} />
      {online.data && players.length === 0 && (
        <p class="notice">
          Nobody is online, so nobody can be moved.{' '}
          <button type="button" onClick={online.reload}>
            Look again
          </button>
        </p>
      )}
      {players.length > 0 && (
        <div class="admin-columns">
          <ToPlayer players={players} onMoved={moved} />
          <ToCoordinates players={players} onMoved={moved} />
        </div>
      )}
      <h2>Teleports made</h2>
      <ProblemNotice problem={record.problem} retry={record.reload} />
      {record.data && (
        <>
          <TableScroll label="Teleports made">
            <table>
              <caption>Recorded teleports, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Player</th>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {record.data.teleports.length === 0 && (
                  <tr>
                    <td colSpan={5}>No teleport yet.</td>
                  </tr>
                )}
                {record.data.teleports.map((teleport) => (
                  <tr key={teleport.id}>
                    <td>{formatTime(teleport.timestamp)}</td>
                    <td>{teleport.player}</td>
                    <td>{place(teleport.from)}</td>
                    <td>{teleport.target ? `${teleport.target} (${place(teleport.to)})` : place(teleport.to)}</td>
                    <td>{teleport.requestedBy}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={page} pages={record.data.pagination.pages} total={record.data.pagination.total} onPage={setPage} label="Pages of teleports" />
        </>
      )}
    </AdminPage>
  );
}

/**
 * The player a form acts on: the first online until the admin chooses, then
 * kept while they stay online, so a player joining (the list is read again
 * every 10 s) never changes who the form would move.
 */
function usePlayerShown(players: string[]): [string, (name: string) => void] {
  const [chosen, setChosen] = useState('');
  const shown = players.includes(chosen) ? chosen : players[0]!;
  useEffect(() => {
    if (shown !== chosen) setChosen(shown);
  }, [shown, chosen]);
  return [shown, setChosen];
}

function ToPlayer(props: { players: string[]; onMoved: () => void }) {
  const [who, setPlayer] = usePlayerShown(props.players);
  const [target, setTarget] = useState('');
  const move = useAction();
  // Never the player themselves: the choices are the others, and none is taken for the admin (a teleport moves someone at once).
  const others = props.players.filter((name) => name !== who);
  const to = others.includes(target) ? target : '';
  return (
    <form
      class="card"
      aria-labelledby="to-player-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void move.run(async () => {
          if (!to) throw new Problem(400, 'invalid_field', others.length > 0 ? `Choose the player to move ${who} to.` : `Nobody else is online to move ${who} to.`, 'targetPlayer');
          const answer = await data(api.request('post', '/api/admin/teleport-player', { body: { player: who, targetPlayer: to } }));
          props.onMoved();
          return `${answer.message} (${place(answer.location)})`;
        });
      }}
    >
      <h2 id="to-player-title">A player to a player</h2>
      <Choice
        label="Player to move"
        name="player"
        value={who}
        options={props.players.map((name) => ({ value: name, label: name }))}
        onChange={setPlayer}
        error={errorFor(move, 'player')}
      />
      <Choice
        label="To the player"
        name="targetPlayer"
        value={to}
        options={[{ value: '', label: others.length > 0 ? 'Choose a player' : 'Nobody else is online' }, ...others.map((name) => ({ value: name, label: name }))]}
        onChange={setTarget}
        error={errorFor(move, 'targetPlayer')}
      />
      <ProblemNotice problem={unplacedProblem(move, ['player', 'targetPlayer'])} />
      <Success text={move.said} />
      <button type="submit" class="primary" disabled={move.busy}>
        Teleport
      </button>
    </form>
  );
}

function ToCoordinates(props: { players: string[]; onMoved: () => void }) {
  const worlds = useLoad(async () => (await data(api.request('get', '/api/server/info'))).worlds, []);
  const [who, setPlayer] = usePlayerShown(props.players);
  const [world, setWorld] = useState('');
  const [x, setX] = useState('0.5');
  const [y, setY] = useState('64');
  const [z, setZ] = useState('0.5');
  const move = useAction();
  const where = world || worlds.data?.[0] || '';
  const fields = ['player', 'world', 'x', 'y', 'z'];
  return (
    <form
      class="card"
      aria-labelledby="to-coordinates-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void move.run(async () => {
          const answer = await data(api.request('post', '/api/admin/teleport-coordinates', { body: { player: who, world: where, x: Number(x), y: Number(y), z: Number(z) } }));
          props.onMoved();
          return `${answer.message} (${place(answer.location)})`;
        });
      }}
    >
      <h2 id="to-coordinates-title">A player to coordinates</h2>
      <ProblemNotice problem={worlds.problem} retry={worlds.reload} />
      <Choice
        label="Player to move"
        name="player"
        value={who}
        options={props.players.map((name) => ({ value: name, label: name }))}
        onChange={setPlayer}
        error={errorFor(move, 'player')}
      />
      <Choice
        label="World"
        name="world"
        value={where}
        options={(worlds.data ?? []).map((name) => ({ value: name, label: name }))}
        onChange={setWorld}
        error={errorFor(move, 'world')}
      />
      <div class="admin-coordinates">
        <Field label="X" name="x" type="number" inputMode="decimal" step="any" value={x} onInput={setX} error={errorFor(move, 'x')} />
        <Field label="Y" name="y" type="number" inputMode="decimal" step="any" min={-64} max={319} value={y} onInput={setY} error={errorFor(move, 'y')} />
        <Field label="Z" name="z" type="number" inputMode="decimal" step="any" value={z} onInput={setZ} error={errorFor(move, 'z')} />
      </div>
      <ProblemNotice problem={unplacedProblem(move, fields)} />
      <Success text={move.said} />
      <button type="submit" class="primary" disabled={move.busy || !where}>
        Teleport
      </button>
    </form>
  );
}
