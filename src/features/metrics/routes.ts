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
      answer: t.string({ description: 'text/plain; version=0.0.4' }),
      errors: { 403: 'Neither the service token nor an address in metrics.allowed-addresses' },
      handle: async (request) => {
        if (!mayScrape(request.header('authorization'), request.address)) {
          throw forbidden('Metrics are for the service token or the addresses in metrics.allowed-addresses', 'metrics_forbidden');
        }
        return reply(formatFamilies(await families()), { headers: { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' } });
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
        const answer = { success: true as const, from: range.from.toISOString(), to: range.to.toISOString(), resolution: range.resolution, servers };
        return reply(answer, { json: historyJson(answer) });
      },
    }),
  ];
}

/** Each point's JSON, kept while the point is (the JSON store keeps the points of closed buckets): a week at one minute is 2 MB of it. */
const pointJson = new WeakMap<HistoryPoint, string>();

/** The answer as JSON text, the same as JSON.stringify would write, each point's text made once. */
function historyJson(answer: { success: true; from: string; to: string; resolution: string; servers: ServerSeries[] }): string {
  const servers = answer.servers.map((series) => {
    const points = series.points.map((point) => {
      let text = pointJson.get(point);
      if (text === undefined) {
        text = JSON.stringify(point);
        pointJson.set(point, text);
      }
      return text;
    });
    return `{"server":${JSON.stringify(series.server)},"points":[${points.join(',')}]}`;
  });
  const { servers: _servers, ...head } = answer;
  return `${JSON.stringify(head).slice(0, -1)},"servers":[${servers.join(',')}]}`;
}
