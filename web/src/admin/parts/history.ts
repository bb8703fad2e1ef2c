/**
 * The metrics history (GET /api/admin/metrics/history): each server's
 * players, ticks per second, memory and requests in buckets. Read with the
 * session's token like every other request; its answer's type is written
 * here, from the endpoint's schema, until the generated client types name it.
 */
import { data } from '../../api.js';
import type { ErrorAnswer, Result } from '../../../../client/gatehouse-client.js';
import { currentSession } from '../../session.js';

export interface HistoryPoint {
  at: string;
  samples: number;
  playersOnline: number | null;
  ticksPerSecond: number | null;
  memoryUsedBytes: number | null;
  memoryMaxBytes: number | null;
  gatehouseRssBytes: number;
  requests: number;
}

export interface MetricsHistory {
  from: string;
  to: string;
  resolution: string;
  servers: Array<{ server: string; points: HistoryPoint[] }>;
}

type HistoryOperation = { responses: { 200: { content: { 'application/json': MetricsHistory & { success: true } } } } };

export async function metricsHistory(range: { from: Date; to: Date; resolution: '5m' | '1h' }): Promise<MetricsHistory> {
  const query = new URLSearchParams({ from: range.from.toISOString(), to: range.to.toISOString(), resolution: range.resolution });
  const request = (async (): Promise<Result<HistoryOperation>> => {
    const token = currentSession()?.token;
    const response = await fetch(`/api/admin/metrics/history?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body: unknown = (response.headers.get('content-type') ?? '').includes('json') ? await response.json() : await response.text();
    return response.ok
      ? { ok: true, status: response.status, headers: response.headers, data: body as MetricsHistory & { success: true } }
      : { ok: false, status: response.status, headers: response.headers, error: body as ErrorAnswer };
  })();
  return data(request);
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
