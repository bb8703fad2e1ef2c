/**
 * Leaderboards (richest, a job's most experienced, longest played) with the
 * player's own place, and the players in the game now. Both refreshed while
 * shown.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { Choice } from '../parts/field.js';
import { formatDuration, formatTime, plural } from '../parts/format.js';
import { useLoad, usePolling } from '../parts/load.js';
import { useMoney } from '../parts/money.js';
import { ProblemNotice } from '../parts/notice.js';
import { Page } from '../parts/page.js';
import { Pager } from '../parts/pager.js';
import { numeric, Table } from '../parts/table.js';

type Board = 'balance' | 'jobs' | 'playtime';

export function LeaderboardsPage() {
  const money = useMoney();
  const [type, setType] = useState<Board>('balance');
  const [job, setJob] = useState('');
  const [page, setPage] = useState(1);
  const jobs = useLoad(() => data(api.request('get', '/api/jobs')), []);
  const chosenJob = type === 'jobs' ? job || jobs.data?.jobs[0]?.id : undefined;
  const board = useLoad(
    () =>
      type === 'jobs' && !chosenJob
        ? Promise.resolve(undefined)
        : data(api.request('get', '/api/leaderboard', { query: { type, page, limit: 10, ...(chosenJob ? { job: chosenJob } : {}) } })),
    [type, chosenJob, page],
  );
  const players = useLoad(() => data(api.request('get', '/api/players')), []);
  usePolling(() => {
    board.reload();
    players.reload();
  }, 20_000);

  const writeValue = (value: number) => (board.data?.unit === 'money' ? money(value) : board.data?.unit === 'seconds' ? formatDuration(value, 'minute') : `${value} xp`);
  return (
    <Page title="Leaderboards">
      <div class="filters">
        <Choice
          label="Board"
          name="type"
          value={type}
          options={[
            { value: 'balance', label: 'Richest players' },
            { value: 'jobs', label: 'A job’s most experienced' },
            { value: 'playtime', label: 'Longest played' },
          ]}
          onChange={(value) => {
            setType(value as Board);
            setPage(1);
          }}
        />
        {type === 'jobs' && (
          <Choice
            label="Job"
            name="job"
            value={chosenJob ?? ''}
            options={(jobs.data?.jobs ?? []).map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            onChange={(value) => {
              setJob(value);
              setPage(1);
            }}
          />
        )}
      </div>
      <ProblemNotice problem={board.problem} retry={board.reload} />
      {board.data && (
        <>
          {board.data.entries.length === 0 ? (
            <p>Nobody on this board yet (it is brought up to date every 30 seconds or so).</p>
          ) : (
            <Table
              label="Leaderboard"
              testId="leaderboard"
              caption={`Updated ${formatTime(board.data.updatedAt)}`}
              columns={[
                numeric('Rank'),
                'Player',
                numeric(board.data.unit === 'money' ? 'Balance' : board.data.unit === 'seconds' ? 'Played' : 'Experience'),
                ...(board.data.type === 'jobs' ? [numeric('Level')] : []),
              ]}
            >
              {board.data.entries.map((entry) => (
                <tr key={`${entry.rank}-${entry.player}`} class={entry.player === board.data?.you?.player ? 'you' : undefined}>
                  <td class="number">{entry.rank}</td>
                  <td>{entry.player}</td>
                  <td class="number">{writeValue(entry.value)}</td>
                  {board.data?.type === 'jobs' && <td class="number">{entry.level ?? ''}</td>}
                </tr>
              ))}
            </Table>
          )}
          <Pager page={board.data.pagination.page} pages={board.data.pagination.pages} total={board.data.pagination.total} onPage={setPage} label="Leaderboard pages" />
          <p data-testid="your-rank">{board.data.you ? `You: rank ${board.data.you.rank}, ${writeValue(board.data.you.value)}.` : 'You are not on this board yet.'}</p>
        </>
      )}

      <h2 id="online-title">In the game now</h2>
      <ProblemNotice problem={players.problem} retry={players.reload} />
      {players.data && (
        <>
          <p>
            {players.data.count} of {plural(players.data.max, 'player')} online.
          </p>
          {players.data.players.length > 0 && (
            <ul class="online" aria-labelledby="online-title" data-testid="online">
              {players.data.players.map((player) => (
                <li key={player.uuid}>
                  {player.name}
                  <span class="muted">
                    {' '}
                    · {player.world}, {player.ping} ms{player.hasAccount ? '' : ', no web account'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Page>
  );
}
