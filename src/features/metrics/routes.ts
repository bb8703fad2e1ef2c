/** GET /metrics in the Prometheus text format. */
import { forbidden } from '../../errors.js';
import { reply, route, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { formatFamilies, type Family } from './prometheus.js';

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
