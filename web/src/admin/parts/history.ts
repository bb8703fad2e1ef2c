/**
 * The metrics history (GET /api/admin/metrics/history): each server's
 * players, ticks per second, memory and requests in buckets, and the series
 * lined up on one time axis for a chart.
 */
import { api, data } from '../../api.js';

export type MetricsHistory = Awaited<ReturnType<typeof metricsHistory>>;
export type HistoryPoint = MetricsHistory['servers'][number]['points'][number];

export function metricsHistory(range: { from: Date; to: Date; resolution: '5m' | '1h' }) {
  return data(api.request('get', '/api/admin/metrics/history', { query: { from: range.from.toISOString(), to: range.to.toISOString(), resolution: range.resolution } }));
}

/**
 * One time axis for every server (seconds since the epoch), and each
 * server's values on it (null where that server has no bucket, so the line
 * breaks rather than joins over a gap).
 */
export function alignedSeries(
  history: MetricsHistory,
  value: (point: HistoryPoint) => number | null,
): { times: number[]; series: Array<{ label: string; values: Array<number | null> }> } {
  // The range's ends are on the axis too (without values), so the chart spans the whole range asked for, however few points it has.
  const ends = [Date.parse(history.from) / 1000, Date.parse(history.to) / 1000];
  const times = [...new Set([...ends, ...history.servers.flatMap((server) => server.points.map((point) => Date.parse(point.at) / 1000))])].sort((a, b) => a - b);
  const series = history.servers.map((server) => {
    const byTime = new Map(server.points.map((point) => [Date.parse(point.at) / 1000, value(point)]));
    return { label: server.server, values: times.map((time) => byTime.get(time) ?? null) };
  });
  return { times, series };
}
