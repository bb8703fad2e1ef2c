/** GET /metrics in the Prometheus text format, and the history of the figures for admins' charts. */
import { forbidden } from '../../errors.js';
import { reply, route, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { resolutions } from './buckets.js';
import { historyRange, maxPoints } from './history.js';
import { formatFamilies, type Family } from './prometheus.js';
import { historyAnswer, historyQuery } from './schemas.js';
import type { HistoryPoint, MetricsHistoryStore, ServerSeries } from './store.js';

export function metricsRoutes(mayScrape: (authorization: string | undefined, address: string) => boolean, families: () => Promise<Family[]>): Route[] {
  return [
    route({
      method: 'GET',
      path: '/metrics',
      access: 'public',
      summary: 'Prometheus metrics (text format): players, ticks, requests by route and status, latency, economy. For the service token or metrics.allowed-addresses',
      answer: t.string({ description: 'The Prometheus text format, version 0.0.4' }),
      answerType: 'text/plain; version=0.0.4; charset=utf-8',
      checksServiceToken: true,
      errors: { 403: 'Neither the service token nor an address in metrics.allowed-addresses' },
      handle: async (request) => {
        if (!mayScrape(request.header('authorization'), request.address)) {
          throw forbidden('Metrics are for the service token or the addresses in metrics.allowed-addresses', 'metrics_forbidden');
        }
        return reply(formatFamilies(await families()));
      },
    }),
  ];
}

export function metricsHistoryRoutes(history: MetricsHistoryStore, now: () => Date): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/metrics/history',
      access: 'admin',
      scope: 'server:read',
      summary:
        "Every server's players online, ticks per second, memory and requests, sampled each minute, in buckets for charts (query: from, to, resolution 1m|5m|15m|1h|1d; default the last 24 hours)",
      query: historyQuery,
      answer: historyAnswer,
      errors: { 400: `Invalid input: a date that is not one, from not before to (code invalid_range), or more than ${maxPoints} points a series (code too_many_points)` },
      handle: async ({ query }) => {
        const range = historyRange(query, now());
        const servers = await history.series({ from: range.from, to: range.to, bucketSeconds: resolutions[range.resolution] });
        return { success: true as const, from: range.from.toISOString(), to: range.to.toISOString(), resolution: range.resolution, servers: servers.map(columnsOf) };
      },
    }),
  ];
}

/** A series' points as the answer's columns. */
function columnsOf({ server, points }: ServerSeries) {
  const column = <T>(value: (point: HistoryPoint) => T): T[] => points.map(value);
  return {
    server,
    at: column((point) => point.at),
    samples: column((point) => point.samples),
    playersOnline: column((point) => point.playersOnline),
    ticksPerSecond: column((point) => point.ticksPerSecond),
    memoryUsedBytes: column((point) => point.memoryUsedBytes),
    memoryMaxBytes: column((point) => point.memoryMaxBytes),
    gatehouseRssBytes: column((point) => point.gatehouseRssBytes),
    requests: column((point) => point.requests),
  };
}
