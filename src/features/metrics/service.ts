/** What /metrics shows, read when scraped, and who may scrape it. */
import { timingSafeEqual } from 'node:crypto';
import type { GamePort } from '../../game/port.js';
import type { RequestMetrics } from '../../lib/request-metrics.js';
import { fromCents } from '../common/money.js';
import type { Services } from '../services.js';
import type { Family } from './prometheus.js';

/** The economy's totals, when a feature offers an economy. */
export type EconomyTotals = Pick<Services['economy'], 'provider' | 'totals'>;

/** The addresses in `allowedAddresses` may scrape without a token; anyone else must send the service token. */
export function scrapePermission(allowedAddresses: string[], serviceToken: string): (authorization: string | undefined, address: string) => boolean {
  const allowed = new Set(allowedAddresses);
  const expected = Buffer.from(serviceToken);
  return (authorization, address) => {
    if (allowed.has(address)) return true;
    const token = Buffer.from(/^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '');
    return expected.length > 0 && token.length === expected.length && timingSafeEqual(token, expected);
  };
}

/** Every family, as of now: the game, the API's requests, the economy, Gatehouse's memory. */
export async function currentFamilies(game: GamePort, requests: RequestMetrics, economy: EconomyTotals | undefined): Promise<Family[]> {
  const connected = game.isConnected();
  const [online, ticks, totals] = await Promise.all([
    connected
      ? game
          .onlinePlayers()
          .then((players) => players.length)
          .catch(() => undefined)
      : undefined,
    connected
      ? game
          .capability('performance')
          ?.ticks()
          .catch(() => undefined)
      : undefined,
    economy?.provider() === 'builtin' ? economy.totals() : undefined,
  ]);
  const histogram = requests.histogram();
  return [
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
          {
            name: 'gatehouse_economy_money',
            help: 'All money in all accounts, in the currency (builtin provider).',
            type: 'gauge' as const,
            samples: [{ value: fromCents(totals.cents) }],
          },
        ]
      : []),
    { name: 'gatehouse_resident_memory_bytes', help: "Gatehouse's resident memory.", type: 'gauge', samples: [{ value: process.memoryUsage().rss }] },
  ];
}
