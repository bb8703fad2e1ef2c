/** The server group's query and answers. */
import { t } from '../../lib/schema.js';

const memory = t.object({ usedBytes: t.integer(), maxBytes: t.integer() });

export const serverQuery = t.object({
  server: t.optional(
    t.string({ pattern: '^[a-z0-9][a-z0-9_-]{0,31}$', 'x-message': 'must be a server.id like survival', description: "On a network: count only this server's players." }),
  ),
});

const playerCounts = {
  online: t.nullable(t.integer({ description: 'On the whole network, or the server named by `server`.' })),
  byServer: t.record(t.integer(), { description: 'Players online on each server of the network (this one alone off a network).' }),
};

export const serverInfoAnswer = t.object({
  success: t.literal(true),
  name: t.string({ description: 'The server name as plain text, colour codes removed.' }),
  motd: t.string({ description: 'The server name as the server list shows it, with its `&` colour codes as configured (e.g. `&aMy &lserver`).' }),
  server: t.string({ description: "This server's server.id." }),
  game: t.object({ connected: t.boolean(), software: t.nullable(t.string()), version: t.nullable(t.string()) }),
  gatehouse: t.object({ version: t.string() }),
  players: t.object({ ...playerCounts, max: t.integer() }),
  worlds: t.array(t.string()),
  economy: t.object({ provider: t.nullable(t.enum(['builtin', 'vault'])), currency: t.string() }),
  uptime: t.integer({ description: 'Seconds since Gatehouse started.' }),
});

export const serverStatsAnswer = t.object({
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
});
