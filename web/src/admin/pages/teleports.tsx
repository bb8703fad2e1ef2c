/**
 * Teleports: a player to another player (never to themselves: the player
 * to move is not among those to move them to, and none is chosen for the
 * admin), or to coordinates in one of the server's worlds (the worlds GET
 * /api/server/info lists), and the record of every teleport, newest first.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { type Action, Form, Outcome, useAction } from '../../parts/action.js';
import { Choice, Field } from '../../parts/field.js';
import { formatNumber, formatTime } from '../../parts/format.js';
import { useLoad } from '../../parts/load.js';
import { ProblemNotice } from '../../parts/notice.js';
import { Pager } from '../../parts/pager.js';
import { Problem } from '../../parts/problem.js';
import { Table } from '../../parts/table.js';
import { AdminPage } from '../parts/layout.js';
import { useOnlinePlayers } from '../parts/online-players.js';

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
          <Table label="Teleports made" caption="Recorded teleports, newest first" columns={['When', 'Player', 'From', 'To', 'By']} empty="No teleport yet.">
            {record.data.teleports.map((teleport) => (
              <tr key={teleport.id}>
                <td>{formatTime(teleport.timestamp)}</td>
                <td>{teleport.player}</td>
                <td>{place(teleport.from)}</td>
                <td>{teleport.target ? `${teleport.target} (${place(teleport.to)})` : place(teleport.to)}</td>
                <td>{teleport.requestedBy}</td>
              </tr>
            ))}
          </Table>
          <Pager page={page} pages={record.data.pagination.pages} total={record.data.pagination.total} onPage={setPage} label="Pages of teleports" />
        </>
      )}
    </AdminPage>
  );
}

/**
 * The player a form moves: the first online until the admin chooses, then
 * kept while they stay online, so a player joining (the list is read again
 * every 10 s) never changes who the form would move.
 */
function usePlayerToMove(players: string[]): [string, (name: string) => void] {
  const [chosen, setChosen] = useState('');
  const shown = players.includes(chosen) ? chosen : players[0]!;
  useEffect(() => {
    if (shown !== chosen) setChosen(shown);
  }, [shown, chosen]);
  return [shown, setChosen];
}

function PlayerToMove(props: { players: string[]; who: string; onChange: (name: string) => void; move: Action }) {
  return <Choice label="Player to move" name="player" value={props.who} options={props.players} onChange={props.onChange} error={props.move.errorAt('player')} />;
}

function ToPlayer(props: { players: string[]; onMoved: () => void }) {
  const [who, setPlayer] = usePlayerToMove(props.players);
  const [target, setTarget] = useState('');
  const move = useAction(['player', 'targetPlayer']);
  // Never the player themselves: the choices are the others, and none is taken for the admin (a teleport moves someone at once).
  const others = props.players.filter((name) => name !== who);
  const to = others.includes(target) ? target : '';
  return (
    <Form
      action={move}
      class="card"
      labelledBy="to-player-title"
      submit={async () => {
        if (!to) throw Problem.at('targetPlayer', others.length > 0 ? `Choose the player to move ${who} to.` : `Nobody else is online to move ${who} to.`);
        const answer = await data(api.request('post', '/api/admin/teleport-player', { body: { player: who, targetPlayer: to } }));
        props.onMoved();
        return `${answer.message} (${place(answer.location)})`;
      }}
    >
      <h2 id="to-player-title">A player to a player</h2>
      <PlayerToMove players={props.players} who={who} onChange={setPlayer} move={move} />
      <Choice
        label="To the player"
        name="targetPlayer"
        value={to}
        options={[{ value: '', label: others.length > 0 ? 'Choose a player' : 'Nobody else is online' }, ...others]}
        onChange={setTarget}
        error={move.errorAt('targetPlayer')}
      />
      <Outcome action={move} />
      <button type="submit" class="primary" disabled={move.busy}>
        Teleport
      </button>
    </Form>
  );
}

function ToCoordinates(props: { players: string[]; onMoved: () => void }) {
  const worlds = useLoad(async () => (await data(api.request('get', '/api/server/info'))).worlds, []);
  const [who, setPlayer] = usePlayerToMove(props.players);
  const [world, setWorld] = useState('');
  const [x, setX] = useState('0.5');
  const [y, setY] = useState('64');
  const [z, setZ] = useState('0.5');
  const move = useAction(['player', 'world', 'x', 'y', 'z']);
  const where = world || worlds.data?.[0] || '';
  return (
    <Form
      action={move}
      class="card"
      labelledBy="to-coordinates-title"
      submit={async () => {
        const answer = await data(api.request('post', '/api/admin/teleport-coordinates', { body: { player: who, world: where, x: Number(x), y: Number(y), z: Number(z) } }));
        props.onMoved();
        return `${answer.message} (${place(answer.location)})`;
      }}
    >
      <h2 id="to-coordinates-title">A player to coordinates</h2>
      <ProblemNotice problem={worlds.problem} retry={worlds.reload} />
      <PlayerToMove players={props.players} who={who} onChange={setPlayer} move={move} />
      <Choice label="World" name="world" value={where} options={worlds.data ?? []} onChange={setWorld} error={move.errorAt('world')} />
      <div class="admin-coordinates">
        <Field label="X" name="x" type="number" inputMode="decimal" step="any" value={x} onInput={setX} error={move.errorAt('x')} />
        <Field label="Y" name="y" type="number" inputMode="decimal" step="any" min={-64} max={319} value={y} onInput={setY} error={move.errorAt('y')} />
        <Field label="Z" name="z" type="number" inputMode="decimal" step="any" value={z} onInput={setZ} error={move.errorAt('z')} />
      </div>
      <Outcome action={move} />
      <button type="submit" class="primary" disabled={move.busy || !where}>
        Teleport
      </button>
    </Form>
  );
}
