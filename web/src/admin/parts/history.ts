/**
 * The metrics history (GET /api/admin/metrics/history): each server's
 * players, ticks per second, memory and requests in buckets, and the series
 * lined up on one time axis for a chart.
 */
import { api, data } from '../../api.js';

export type MetricsHistory = Awaited<ReturnType<typeof metricsHistory>>;
export type ServerSeries = MetricsHistory['servers'][number];

export function metricsHistory(range: { from: Date; to: Date; resolution: '5m' | '1h' }) {
  return data(api.request('get', '/api/admin/metrics/history', { query: { from: range.from.toISOString(), to: range.to.toISOString(), resolution: range.resolution } }));
}

/**
 * One time axis for every server (seconds since the epoch), and each
 * server's values on it (null where that server has no bucket, so the line
 * breaks rather than joins over a gap). `value` reads a server's bucket by
 * its index in the server's columns.
 */
export function alignedSeries(
  history: MetricsHistory,
  value: (server: ServerSeries, index: number) => number | null,
): { times: number[]; series: Array<{ label: string; values: Array<number | null> }> } {
  // The range's ends are on the axis too (without values), so the chart spans the whole range asked for, however few points it has.
  const ends = [Date.parse(history.from) / 1000, Date.parse(history.to) / 1000];
  const seconds = history.servers.map((server) => server.at.map((at) => Date.parse(at) / 1000));
  const times = [...new Set([...ends, ...seconds.flat()])].sort((a, b) => a - b);
  const series = history.servers.map((server, serverIndex) => {
    const byTime = new Map(seconds[serverIndex]!.map((time, index) => [time, value(server, index)]));
    return { label: server.server, values: times.map((time) => byTime.get(time) ?? null) };
  });
  return { times, series };
}
