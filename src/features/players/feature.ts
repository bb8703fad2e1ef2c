import { notFound } from '../../errors.js';
import { gameModes, worldEnvironments, type PlayerRef } from '../../game/port.js';
import { route, type RouteRequest } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { partImplementations } from '../../store/part-implementations.js';
import { playerName } from '../common/schemas.js';
import { requestSubject } from '../common/subject.js';
import { defineFeature } from '../feature.js';
import { positionsPart } from './store.js';
import { jsonPositionsPart } from './store-json.js';
import { postgresPositionsPart } from './store-postgres.js';
import { PlayerTracker } from './tracker.js';

/** What the market buys an item for, where a market exists (the shop feature offers it). */
export interface ItemPricing {
  /** The price the market pays for one, in the currency's units; null when it does not buy the item. */
  sellPrice(item: string): Promise<number | null>;
}

declare module '../services.js' {
  interface Services {
    players: PlayerTracker;
    itemPricing: ItemPricing;
  }
}

const coordinates = { x: t.number(), y: t.number(), z: t.number() };

const onlinePlayer = t.object({
  name: t.string(),
  uuid: t.string(),
  world: t.string(),
  gameMode: t.enum(gameModes),
  ping: t.integer({ description: 'Milliseconds.' }),
  hasAccount: t.boolean({ description: 'Whether the player has a web account.' }),
  server: t.string({ description: 'The server.id of the server the player is on (a network of servers shares one database).' }),
  ipAddress: t.optional(t.string({ description: 'Admins only.' })),
  location: t.optional(t.object({ ...coordinates, yaw: t.number(), pitch: t.number() }, { description: 'Admins only.' })),
});

const inventoryItem = t.object({
  slot: t.integer({ description: '0-8 hotbar, 9-35 main, 36-39 armour (feet to head), 40 off hand.' }),
  item: t.string({ example: 'diamond' }),
  count: t.integer(),
  sellPrice: t.nullable(t.number({ description: 'What the market pays for one now; null when it does not buy it.' })),
});

const mapWorld = t.object({
  name: t.string(),
  environment: t.enum(worldEnvironments),
  spawn: t.nullable(t.object(coordinates, { description: 'Null where the game cannot tell (a vanilla server over RCON).' })),
  lastSeen: t.nullable(t.object({ ...coordinates, at: t.string({ format: 'date-time' }) }, { description: 'Where the player was last seen in this world.' })),
});

const subjectQuery = t.object({ username: t.optional(playerName) });

const serverQuery = t.object({
  server: t.optional(t.string({ pattern: '^[a-z0-9][a-z0-9_-]{0,31}$', 'x-message': 'must be a server.id like survival' })),
});

/**
 * The players group: who is online, a player's inventory, and the worlds
 * (maps) a player can be in with where they were last seen in each.
 */
export const playersFeature = defineFeature({
  name: 'players',
  storeParts: [partImplementations({ part: positionsPart, json: jsonPositionsPart, postgres: postgresPositionsPart })],
  create: ({ config, store, game, services, log, now }) => {
    const tracker = new PlayerTracker(game, store, now, log.error);
    services.provide('players', tracker);
    if (services.has('teleports')) tracker.followTeleports(services.get('teleports'));
    const access = services.get('access');
    const settings = services.get('settings');

    /** The caller's own player, or (admins only) the one named: online, seen before, or with an account. */
    const subject = (request: RouteRequest<unknown, { username?: string }>): Promise<PlayerRef> =>
      requestSubject(request, access, async (asked) => {
        const online = (await game.onlinePlayers()).find((player) => player.name.toLowerCase() === asked.toLowerCase());
        if (online) return { name: online.name, uuid: online.uuid };
        const seen = (await tracker.byName(asked)) ?? undefined;
        if (seen) return { name: seen.name, uuid: seen.uuid };
        const user = await store.users.findByGameUsername(asked);
        if (user) return { name: user.gameUsername, uuid: user.gameUuid };
        throw notFound(`Player ${asked} not found`, 'player_not_found');
      }, "Only admins may look at another player's inventory or maps");

    return {
      routes: [
        route({
          method: 'GET',
          path: '/api/players',
          access: 'login',
          summary: 'Who is online (on every server of a network, or the one named by server): name, world, game mode, ping, server, whether they have a web account (admins also see address and position)',
          query: serverQuery,
          answer: t.object({ success: t.literal(true), players: t.array(onlinePlayer), count: t.integer(), max: t.integer() }),
          errors: { 503: 'The game server is not available' },
          handle: async (request) => {
            const [everyone, isAdmin] = await Promise.all([game.onlinePlayers(), access.isAdmin(request.caller)]);
            const serverOf = (player: { server?: string }) => player.server ?? config.serverId;
            const players = request.query.server === undefined ? everyone : everyone.filter((player) => serverOf(player) === request.query.server);
            const withAccounts = await Promise.all(players.map(async (player) => (await store.users.findByGameUuid(player.uuid)) !== undefined));
            return {
              success: true as const,
              players: players.map((player, index) => ({
                name: player.name,
                uuid: player.uuid,
                world: player.location.world,
                gameMode: player.gameMode,
                ping: Math.round(player.ping),
                hasAccount: withAccounts[index]!,
                server: serverOf(player),
                ...(isAdmin
                  ? { ipAddress: player.ipAddress, location: { x: player.location.x, y: player.location.y, z: player.location.z, yaw: player.location.yaw ?? 0, pitch: player.location.pitch ?? 0 } }
                  : {}),
              })),
              count: players.length,
              max: settings.get().maxPlayers,
            };
          },
        }),
        route({
          method: 'GET',
          path: '/api/player/inventory',
          access: 'login',
          summary: "A player's inventory: the caller's own, or (admins) anyone's; the player must be online",
          query: subjectQuery,
          answer: t.object({ success: t.literal(true), username: t.string(), items: t.array(inventoryItem) }),
          errors: { 403: "A non-admin asking for another player's inventory", 404: 'The player is not online (or unknown)', 501: 'The game cannot read inventories', 503: 'The game server is not available' },
          handle: async (request) => {
            const player = await subject(request);
            const items = await game.require('inventories').read(player.name);
            const pricing = services.has('itemPricing') ? services.get('itemPricing') : undefined;
            return {
              success: true as const,
              username: player.name,
              items: await Promise.all(items.map(async (stack) => ({ slot: stack.slot, item: stack.item, count: stack.count, sellPrice: (await pricing?.sellPrice(stack.item)) ?? null }))),
            };
          },
        }),
        route({
          method: 'GET',
          path: '/api/player/maps',
          access: 'login',
          summary: 'The worlds a player can be in (environment, spawn point), where the player is now, and where last seen in each',
          query: subjectQuery,
          answer: t.object({
            success: t.literal(true),
            username: t.string(),
            online: t.boolean(),
            current: t.nullable(t.object({ world: t.string(), ...coordinates })),
            worlds: t.array(mapWorld),
          }),
          errors: { 403: "A non-admin asking for another player's maps", 404: 'No such player', 501: 'The game cannot list its worlds', 503: 'The game server is not available' },
          handle: async (request) => {
            const player = await subject(request);
            const [worlds, online, positions] = await Promise.all([
              game.require('teleports').worldInfo(),
              game.onlinePlayers().then((players) => players.find((candidate) => candidate.uuid === player.uuid)),
              tracker.positions(player.uuid),
            ]);
            return {
              success: true as const,
              username: player.name,
              online: online !== undefined,
              current: online ? { world: online.location.world, x: online.location.x, y: online.location.y, z: online.location.z } : null,
              worlds: worlds.map((world) => ({ ...world, lastSeen: positions?.worlds[world.name] ?? null })),
            };
          },
        }),
      ],
      start: () => {
        tracker.start();
        void tracker.refresh();
      },
      stop: () => tracker.stop(),
    };
  },
});

