/**
 * The server at a glance: players online on each server and who they are,
 * ticks per second, memory, API requests and the economy's totals (read
 * again on a join, a leave and each server status, from the live events;
 * every 15 s only while the stream is away), and
 * charts of the last 24 hours or 7 days from the metrics history (refreshed
 * every minute, when its one-minute samples can have changed). Both pause
 * while the tab is hidden.
 */
import { useState } from 'preact/hooks';
import { api, data } from '../../api.js';
import { TimeChart } from '../../parts/chart.js';
import { Choice } from '../../parts/field.js';
import { formatBytes, formatDuration, formatMoney, formatNumber, plural } from '../../parts/format.js';
import { useLiveReload } from '../../parts/live.js';
import { useLoad, usePolling } from '../../parts/load.js';
import { ProblemNotice } from '../../parts/notice.js';
import { numeric, Table } from '../../parts/table.js';
import { alignedSeries, type MetricsHistory, metricsHistory } from '../parts/history.js';
import { AdminPage } from '../parts/layout.js';
import { useOnlinePlayers } from '../parts/online-players.js';

export const figuresEveryMs = 15_000;
export const chartsEveryMs = 60_000;

const ranges = {
  day: { label: 'The last 24 hours', hours: 24, resolution: '5m' as const },
  week: { label: 'The last 7 days', hours: 24 * 7, resolution: '1h' as const },
};
type RangeName = keyof typeof ranges;

export function OverviewPage() {
  const figures = useLoad(async () => {
    const [info, stats] = await Promise.all([data(api.request('get', '/api/server/info')), data(api.request('get', '/api/server/stats'))]);
    return { info, stats };
  }, []);
  const live = useLiveReload(['player.joined', 'player.left', 'server.status'], figures.reload, figuresEveryMs);
  const online = useOnlinePlayers();
  const [rangeName, setRangeName] = useState<RangeName>('day');
  const history = useLoad(() => {
    const to = new Date();
    const range = ranges[rangeName];
    return metricsHistory({ from: new Date(to.getTime() - range.hours * 3600_000), to, resolution: range.resolution });
  }, [rangeName]);
  usePolling(history.reload, chartsEveryMs);

  const info = figures.data?.info;
  const stats = figures.data?.stats;
  const byServer = Object.entries(stats?.players.byServer ?? {}) as Array<[string, number | null]>;
  return (
    <AdminPage title="Admin overview">
      <ProblemNotice problem={figures.problem} retry={figures.reload} />
      {info && stats && (
        <>
          <p class="admin-intro">
            {info.name} · {info.game.software ?? 'game'} {info.game.version ?? ''} · {info.game.connected ? 'game connected' : 'game away'} · up {formatDuration(info.uptime)}.{' '}
            {live ? 'Live: updated as players join and leave, and with each status.' : `Refreshed every ${figuresEveryMs / 1000} seconds while this tab is shown.`}
          </p>
          <div class="cards">
            <div class="card">
              <h2>Players online</h2>
              <p class="figure">
                {formatNumber(stats.players.online)} / {formatNumber(stats.players.max)}
              </p>
              <p>Peak today: {formatNumber(stats.players.peakToday)}</p>
            </div>
            <div class="card">
              <h2>Ticks per second</h2>
              <p class="figure">{stats.ticks ? formatNumber(stats.ticks.oneMinute, 1) : '–'}</p>
              <p>{stats.ticks ? `5 min ${formatNumber(stats.ticks.fiveMinutes, 1)}, 15 min ${formatNumber(stats.ticks.fifteenMinutes, 1)}` : 'The game does not tell.'}</p>
            </div>
            <div class="card">
              <h2>Memory</h2>
              <p class="figure">{formatBytes(stats.memory.gatehouse.rssBytes)}</p>
              <p>
                Gatehouse (heap {formatBytes(stats.memory.gatehouse.heapUsedBytes)}){stats.memory.game ? `; game ${formatBytes(stats.memory.game.usedBytes)}` : ''}
              </p>
            </div>
            <div class="card">
              <h2>API requests</h2>
              <p class="figure">{formatNumber(stats.requests.total)}</p>
              <p>
                In the last {Math.round(stats.requests.seconds / 60)} minutes; median {formatNumber(stats.requests.p50Ms, 1)} ms, p99 {formatNumber(stats.requests.p99Ms, 1)} ms
              </p>
            </div>
            <div class="card">
              <h2>Economy</h2>
              <p class="figure">{stats.economy ? formatMoney(stats.economy.money, info.economy.currency) : '–'}</p>
              <p>{stats.economy ? `In ${plural(stats.economy.accounts, 'account')}` : 'The economy is away.'}</p>
            </div>
          </div>
          <h2 id="online-title">Who is online</h2>
          <ProblemNotice problem={online.problem} retry={online.reload} />
          {online.data && (online.data.length === 0 ? <p>Nobody is online.</p> : <OnlineNames names={online.data} />)}
          {byServer.length > 0 && (
            <Table label="Players online by server" caption="Players online by server" columns={['Server', numeric('Online')]}>
              {byServer.map(([server, online]) => (
                <tr key={server}>
                  <td>{server}</td>
                  <td class="number">{online === null ? 'away' : formatNumber(online)}</td>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
      <h2>History</h2>
      <div class="admin-toolbar">
        <Choice
          label="Range"
          name="range"
          value={rangeName}
          options={Object.entries(ranges).map(([value, range]) => ({ value, label: range.label }))}
          onChange={(value) => setRangeName(value as RangeName)}
        />
      </div>
      <p class="hint">From the one-minute samples, in {ranges[rangeName].resolution === '5m' ? 'five-minute' : 'hourly'} points; refreshed every minute.</p>
      <ProblemNotice problem={history.problem} retry={history.reload} />
      {history.data && <HistoryCharts history={history.data} resolution={ranges[rangeName].resolution} />}
    </AdminPage>
  );
}

function OnlineNames(props: { names: string[] }) {
  return (
    <ul class="online-names" aria-labelledby="online-title" data-testid="online-players">
      {props.names.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

const pointWidths = { '5m': { ms: 300_000, said: 'five minutes' }, '1h': { ms: 3_600_000, said: 'an hour' } };

function HistoryCharts(props: { history: MetricsHistory; resolution: '5m' | '1h' }) {
  const points = props.history.servers.reduce((sum, server) => sum + server.at.length, 0);
  if (points === 0) return <p>No samples in this range yet: the first is taken a minute after Gatehouse starts.</p>;
  // A fresh server's charts are one dot until a second point exists; say why, and when the line starts.
  const single = props.history.servers.every((server) => server.at.length <= 1);
  const width = pointWidths[props.resolution];
  const last = Math.max(...props.history.servers.flatMap((server) => server.at.map((at) => Date.parse(at))));
  const next = new Date(last + width.ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const players = alignedSeries(props.history, (server, index) => server.playersOnline[index] ?? null);
  const ticks = alignedSeries(props.history, (server, index) => server.ticksPerSecond[index] ?? null);
  const memory = alignedSeries(props.history, (server, index) => server.memoryUsedBytes[index] ?? server.gatehouseRssBytes[index] ?? null);
  const requests = alignedSeries(props.history, (server, index) => server.requests[index] ?? null);
  const servers = props.history.servers.map((server) => server.server).join(', ');
  return (
    <>
      {single && (
        <p class="notice">
          One point so far: each point covers {width.said} of one-minute samples, so each chart is a single dot until the next point, at {next}; the lines start there.
        </p>
      )}
      <div class="admin-charts">
        <div class="card">
          <h3>Players online</h3>
          <TimeChart times={players.times} series={players.series} summary={`Players online on ${servers}, ${points} points.`} />
        </div>
        <div class="card">
          <h3>Ticks per second</h3>
          <TimeChart times={ticks.times} series={ticks.series} summary={`Ticks per second on ${servers} (20 is full speed).`} />
        </div>
        <div class="card">
          <h3>Memory used</h3>
          <TimeChart
            times={memory.times}
            series={memory.series}
            summary={`Memory used on ${servers}: the game's where it reports it, otherwise Gatehouse's (the embedded server runs inside it).`}
            valueLabel={(bytes) => `${formatNumber(bytes / 1048576)} MiB`}
            valueUnit={1048576}
          />
        </div>
        <div class="card">
          <h3>API requests</h3>
          <TimeChart times={requests.times} series={requests.series} summary={`API requests answered per point on ${servers}.`} />
        </div>
      </div>
    </>
  );
}
