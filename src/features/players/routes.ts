/** The players group's routes: who is online, a player's inventory, and the worlds a player can be in. */
import { notFound } from '../../errors.js';
import type { GamePort, PlayerRef } from '../../game/port.js';
import { reply, route, type Route, type RouteRequest } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import type { Store } from '../../store/port.js';
import { requestSubject } from '../common/subject.js';
import { itemDisplayName } from '../common/item-names.js';
import type { Services } from '../services.js';
import type { ItemPricing } from './item-pricing.js';
import { OnlinePlayersAnswers } from './online-answers.js';
import { coordinates, inventoryItem, mapWorld, onlinePlayer, serverQuery, subjectQuery } from './schemas.js';
import type { PlayerTracker } from './tracker.js';

export interface PlayersRouteServices {
  game: GamePort;
  store: Store;
  tracker: PlayerTracker;
  access: Services['access'];
  /** This server's server.id. */
  serverId: string;
  /** The most players the server takes now (a setting). */
  maxPlayers: () => number;
  /** What the market pays for items, where a market exists. */
  itemPricing: () => ItemPricing | undefined;
}

export function playersRoutes({ game, store, tracker, access, serverId, maxPlayers, itemPricing }: PlayersRouteServices): Route[] {
  const onlineAnswers = new OnlinePlayersAnswers();
  /** The caller's own player, or (admins only) the one named: online, seen before, or with an account. */
  const subject = (request: RouteRequest<unknown, { username?: string }>): Promise<PlayerRef> =>
    requestSubject(
      request,
      access,
      async (asked) => {
        const online = (await game.onlinePlayers()).find((player) => player.name.toLowerCase() === asked.toLowerCase());
        if (online) return { name: online.name, uuid: online.uuid };
        const seen = (await tracker.byName(asked)) ?? undefined;
        if (seen) return { name: seen.name, uuid: seen.uuid };
        const user = await store.users.findByGameUsername(asked);
        if (user) return { name: user.gameUsername, uuid: user.gameUuid };
        throw notFound(`Player ${asked} not found`, 'player_not_found');
      },
      "Only admins may look at another player's inventory or maps",
    );

  return [
    route({
      method: 'GET',
      path: '/api/players',
      access: 'login',
      scope: 'players:read',
      summary:
        'Who is online (on every server of a network, or the one named by server): name, world, game mode, ping, server, whether they have a web account (operators, the service token and keys with personal:read also see address and position)',
      query: serverQuery,
      answer: t.object({ success: t.literal(true), players: t.array(onlinePlayer), count: t.integer(), max: t.integer() }),
      personal: ['players[].ipAddress', 'players[].location'],
      errors: { 503: 'The game server is not available' },
      handle: async (request) => {
        const [everyone, isAdmin] = await Promise.all([game.onlinePlayers(), access.isAdmin(request.caller)]);
        const view = { forAdmin: isAdmin, server: request.query.server, ownServerId: serverId, maxPlayers: maxPlayers() };
        const made = await onlineAnswers.answer(everyone, view, (uuids) => store.users.gameUuidsWithAccounts(uuids));
        return reply(made.body, { json: made.json });
      },
    }),
    route({
      method: 'GET',
      path: '/api/player/inventory',
      access: 'login',
      scope: 'players:read',
      summary: "A player's inventory: the caller's own, or (admins) anyone's; the player must be online",
      query: subjectQuery,
      answer: t.object({ success: t.literal(true), username: t.string(), items: t.array(inventoryItem) }),
      errors: {
        403: "A non-admin asking for another player's inventory",
        404: 'The player is not online (or unknown)',
        501: 'The game cannot read inventories',
        503: 'The game server is not available',
      },
      handle: async (request) => {
        const player = await subject(request);
        const items = await game.require('inventories').read(player.name);
        const pricing = itemPricing();
        return {
          success: true as const,
          username: player.name,
          items: await Promise.all(
            items.map(async (stack) => ({
              slot: stack.slot,
              item: stack.item,
              name: pricing?.nameOf(stack.item) ?? itemDisplayName(stack.item),
              count: stack.count,
              sellPrice: (await pricing?.sellPrice(stack.item)) ?? null,
            })),
          ),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/api/player/maps',
      access: 'login',
      scope: 'players:read',
      summary: 'The worlds a player can be in (environment, spawn point), where the player is now, and where last seen in each',
      query: subjectQuery,
      answer: t.object({
        success: t.literal(true),
        username: t.string(),
        online: t.boolean(),
        current: t.optional(
          t.nullable(
            t.object({ world: t.string(), ...coordinates }, { description: 'Where the player is now; null when offline. Left out for an API key without personal:read.' }),
          ),
        ),
        worlds: t.array(mapWorld),
      }),
      personal: ['current', 'worlds[].lastSeen'],
      errors: { 403: "A non-admin asking for another player's maps", 404: 'No such player', 501: 'The game cannot list its worlds', 503: 'The game server is not available' },
      errorFields: { player_not_found: 'username' },
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
  ];
}
