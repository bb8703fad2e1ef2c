import { timingSafeEqual } from 'node:crypto';
import { forbidden } from '../../errors.js';
import { reply, route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { defineFeature } from '../feature.js';
import { formatFamilies, type Family } from './prometheus.js';

/**
 * GET /metrics in the Prometheus text format, when `metrics.enabled`: for
 * the service token, or for the addresses in `metrics.allowed-addresses`
 * (a Prometheus server scraping without a token). Off, the path is a 404.
 */
export const metricsFeature = defineFeature({
  name: 'metrics',
  create: ({ config, game, services, requests }) => {
    if (!config.metrics.enabled) return {};
    const economy = services.has('economy') ? services.get('economy') : undefined;
    const allowed = new Set(config.metrics.allowedAddresses);
    const serviceToken = Buffer.from(config.token);
    const mayScrape = (authorization: string | undefined, address: string) => {
      if (allowed.has(address)) return true;
      const token = Buffer.from(/^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '');
      return serviceToken.length > 0 && token.length === serviceToken.length && timingSafeEqual(token, serviceToken);
    };
    return {
      routes: [
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
            const connected = game.isConnected();
            const [online, ticks, totals] = await Promise.all([
              connected ? game.onlinePlayers().then((players) => players.length).catch(() => undefined) : undefined,
              connected ? game.capability('performance')?.ticks().catch(() => undefined) : undefined,
              economy?.provider() === 'builtin' ? economy.totals() : undefined,
            ]);
            const histogram = requests.histogram();
            const families: Family[] = [
              { name: 'gatehouse_game_connected', help: 'Whether the game server is reachable (1) or not (0).', type: 'gauge', samples: [{ value: connected ? 1 : 0 }] },
              ...(online === undefined ? [] : [{ name: 'gatehouse_players_online', help: 'Players online now.', type: 'gauge' as const, samples: [{ value: online }] }]),
              ...(ticks
                ? [
                    {
                      name: 'gatehouse_ticks_per_second',
                      help: 'Game ticks per second (20 is full speed), averaged over a window.',
                      type: 'gauge' as const,
                      samples: [
                        { labels: { window: '1m' }, value: ticks.oneMinute },
                        { labels: { window: '5m' }, value: ticks.fiveMinutes },
                        { labels: { window: '15m' }, value: ticks.fifteenMinutes },
                      ],
                    },
                  ]
                : []),
              {
                name: 'gatehouse_http_requests_total',
                help: 'API requests answered, by route and status.',
                type: 'counter',
                samples: requests.routeCounts().map((count) => ({ labels: { route: count.route, status: String(count.status) }, value: count.count })),
              },
              {
                name: 'gatehouse_http_request_duration_seconds',
                help: 'Time to answer API requests.',
                type: 'histogram',
                samples: [
                  ...histogram.buckets.map((bucket) => ({ suffix: '_bucket', labels: { le: String(bucket.le) }, value: bucket.count })),
                  { suffix: '_bucket', labels: { le: '+Inf' }, value: histogram.count },
                  { suffix: '_sum', value: histogram.sum },
                  { suffix: '_count', value: histogram.count },
                ],
              },
              ...(totals
                ? [
                    { name: 'gatehouse_economy_accounts', help: 'Economy accounts (builtin provider).', type: 'gauge' as const, samples: [{ value: totals.accounts }] },
                    { name: 'gatehouse_economy_money', help: 'All money in all accounts, in the currency (builtin provider).', type: 'gauge' as const, samples: [{ value: totals.cents / 100 }] },
                  ]
                : []),
              { name: 'gatehouse_resident_memory_bytes', help: "Gatehouse's resident memory.", type: 'gauge', samples: [{ value: process.memoryUsage().rss }] },
            ];
            return reply(formatFamilies(families), { headers: { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' } });
          },
        }),
      ],
    };
  },
});
