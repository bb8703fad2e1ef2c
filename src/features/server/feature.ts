import { route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { gatehouseVersion } from '../../version.js';
import { defineFeature } from '../feature.js';

const memory = t.object({ usedBytes: t.integer(), maxBytes: t.integer() });

const serverQuery = t.object({
  server: t.optional(t.string({ pattern: '^[a-z0-9][a-z0-9_-]{0,31}$', 'x-message': 'must be a server.id like survival', description: 'On a network: count only this server\'s players.' })),
});

const playerCounts = {
  online: t.nullable(t.integer({ description: 'On the whole network, or the server named by `server`.' })),
  byServer: t.record(t.integer(), { description: 'Players online on each server of the network (this one alone off a network).' }),
};

/**
 * The server group: what the server is (public, nothing private: no
 * addresses, no paths) and how it is doing (admins).
 */
export const serverFeature = defineFeature({
  name: 'server',
  create: ({ config, store, game, services, requests, startedAt, now }) => {
    const settings = services.get('settings');
    const players = services.get('players');
    const economy = services.has('economy') ? services.get('economy') : undefined;
    /** Players online on the network (or the one server asked), and on each server. */
    const counted = async (server: string | undefined) => {
      if (!game.isConnected()) return { online: null, byServer: {} };
      const everyone = await game.onlinePlayers().catch(() => undefined);
      if (!everyone) return { online: null, byServer: {} };
      const byServer: Record<string, number> = {};
      for (const player of everyone) byServer[player.server ?? config.serverId] = (byServer[player.server ?? config.serverId] ?? 0) + 1;
      return { online: server === undefined ? everyone.length : (byServer[server] ?? 0), byServer };
    };
    const ticks = async () => {
      const performance = game.isConnected() ? game.capability('performance') : undefined;
      return performance ? performance.ticks().catch(() => null) : null;
    };
    return {
      routes: [
        route({
          method: 'GET',
          path: '/api/server/info',
          access: 'public',
          summary: 'What the server is: name, game version and software, players online (on the network, or one server), worlds, economy, uptime',
          query: serverQuery,
          answer: t.object({
            success: t.literal(true),
            name: t.string(),
            server: t.string({ description: 'This server\'s server.id.' }),
            game: t.object({ connected: t.boolean(), software: t.nullable(t.string()), version: t.nullable(t.string()) }),
            gatehouse: t.object({ version: t.string() }),
            players: t.object({ ...playerCounts, max: t.integer() }),
            worlds: t.array(t.string()),
            economy: t.object({ provider: t.nullable(t.enum(['builtin', 'vault'])), currency: t.string() }),
            uptime: t.integer({ description: 'Seconds since Gatehouse started.' }),
          }),
          handle: async (request) => {
            const connected = game.isConnected();
            const software = game.serverSoftware();
            const [counts, worlds] = await Promise.all([counted(request.query.server), connected ? (game.capability('teleports')?.worlds().catch(() => []) ?? []) : []]);
            const current = settings.get();
            return {
              success: true as const,
              name: current.serverName,
              server: config.serverId,
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
          summary: 'How the server is doing: ticks per second, memory, players (on the network or one server) and the day peak, API requests and latency over 5 minutes, store sizes',
          query: serverQuery,
          answer: t.object({
            success: t.literal(true),
            ticks: t.nullable(
              t.object(
                { oneMinute: t.number(), fiveMinutes: t.number(), fifteenMinutes: t.number(), millisecondsPerTick: t.nullable(t.number()) },
                { description: 'Ticks per second over 1, 5 and 15 minutes (20 is full speed); null where the game cannot tell.' },
              ),
            ),
            memory: t.object({ gatehouse: t.object({ rssBytes: t.integer(), heapUsedBytes: t.integer() }), game: t.nullable(memory) }),
            players: t.object({ ...playerCounts, peakToday: t.integer(), max: t.integer() }),
            requests: t.object({
              seconds: t.integer(),
              total: t.integer(),
              byStatusClass: t.record(t.integer()),
              p50Ms: t.nullable(t.number()),
              p99Ms: t.nullable(t.number()),
            }),
            store: t.object({ kind: t.string(), counts: t.record(t.number()) }),
            economy: t.nullable(t.object({ accounts: t.integer(), money: t.number() })),
          }),
          handle: async (request) => {
            const connected = game.isConnected();
            const performance = connected ? game.capability('performance') : undefined;
            const [tickStats, gameMemory, { online, byServer }, counts, totals] = await Promise.all([
              ticks(),
              performance ? performance.memory().catch(() => null) : null,
              counted(request.query.server),
              store.statistics(),
              economy?.provider() === 'builtin' ? economy.totals() : undefined,
            ]);
            const usage = process.memoryUsage();
            const recent = requests.recent();
            return {
              success: true as const,
              ticks: tickStats,
              memory: { gatehouse: { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed }, game: gameMemory },
              players: { online, byServer, peakToday: Math.max(players.peakToday(), online ?? 0), max: settings.get().maxPlayers },
              requests: { seconds: recent.seconds, total: recent.requests, byStatusClass: recent.byStatusClass, p50Ms: recent.p50Ms, p99Ms: recent.p99Ms },
              store: { kind: store.kind, counts },
              economy: totals ? { accounts: totals.accounts, money: totals.cents / 100 } : null,
            };
          },
        }),
      ],
    };
  },
});
