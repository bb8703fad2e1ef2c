/** What the server is (public) and how it is doing (admins). */
import type { GamePort } from '../../game/port.js';
import { route, type Route } from '../../http/route.js';
import type { RequestMetrics } from '../../lib/request-metrics.js';
import type { Store } from '../../store/port.js';
import { gatehouseVersion } from '../../version.js';
import { fromCents } from '../common/money.js';
import type { Services } from '../services.js';
import { serverInfoAnswer, serverQuery, serverStatsAnswer } from './schemas.js';
import { countPlayers, currentTicks, withoutColourCodes } from './service.js';

export interface ServerRouteSources {
  /** This server's server.id. */
  serverId: string;
  store: Store;
  game: GamePort;
  settings: Services['settings'];
  players: Services['players'];
  economy: Services['economy'] | undefined;
  requests: RequestMetrics;
  /** When this Gatehouse started (ms since the epoch). */
  startedAt: number;
  now: () => Date;
}

export function serverRoutes({ serverId, store, game, settings, players, economy, requests, startedAt, now }: ServerRouteSources): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/server/info',
      access: 'public',
      summary: 'What the server is: name, game version and software, players online (on the network, or one server), worlds, economy, uptime',
      query: serverQuery,
      answer: serverInfoAnswer,
      handle: async (request) => {
        const connected = game.isConnected();
        const software = game.serverSoftware();
        const [counts, worlds] = await Promise.all([
          countPlayers(game, serverId, request.query.server),
          connected
            ? (game
                .capability('teleports')
                ?.worlds()
                .catch(() => []) ?? [])
            : [],
        ]);
        const current = settings.read();
        return {
          success: true as const,
          name: withoutColourCodes(current.serverName),
          motd: current.serverName,
          server: serverId,
          game: { connected, software: software?.software ?? null, version: software?.version ?? null },
          gatehouse: { version: gatehouseVersion },
          players: { ...counts, max: current.maxPlayers },
          worlds,
          economy: { provider: economy?.provider() ?? null, currency: current.economy.currencySymbol },
          uptime: Math.floor((now().getTime() - startedAt) / 1000),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/api/server/stats',
      access: 'admin',
      scope: 'server:read',
      summary: 'How the server is doing: ticks per second, memory, players (on the network or one server) and the day peak, API requests and latency over 5 minutes, store sizes',
      query: serverQuery,
      answer: serverStatsAnswer,
      handle: async (request) => {
        const connected = game.isConnected();
        const performance = connected ? game.capability('performance') : undefined;
        const [tickStats, gameMemory, { online, byServer }, counts, totals] = await Promise.all([
          currentTicks(game),
          performance ? performance.memory().catch(() => null) : null,
          countPlayers(game, serverId, request.query.server),
          store.statistics(),
          economy?.provider() === 'builtin' ? economy.totals() : undefined,
        ]);
        const usage = process.memoryUsage();
        const recent = requests.recent();
        return {
          success: true as const,
          ticks: tickStats,
          memory: { gatehouse: { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed }, game: gameMemory },
          players: { online, byServer, peakToday: Math.max(players.peakToday(), online ?? 0), max: settings.read().maxPlayers },
          requests: { seconds: recent.seconds, total: recent.requests, byStatusClass: recent.byStatusClass, p50Ms: recent.p50Ms, p99Ms: recent.p99Ms },
          store: { kind: store.kind, counts },
          economy: totals ? { accounts: totals.accounts, money: fromCents(totals.cents) } : null,
        };
      },
    }),
  ];
}
