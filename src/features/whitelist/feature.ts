import { badRequest, notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { pageQuery, pagination, paginationObject, playerName } from '../common/schemas.js';
import { defineFeature } from '../feature.js';

const entry = t.object({
  name: t.string(),
  uuid: t.string(),
  account: t.nullable(t.string({ description: 'The web account linked to the player, if any.' })),
});

const changeAnswer = t.object({ success: t.literal(true), message: t.string(), changed: t.boolean() });

/**
 * The whitelist: listed with the web accounts linked to its players, changed
 * by admins (applied in game at once, audited), checked by anyone logged in.
 * Adding a player already on it answers 200 with `changed: false`; removing
 * one who is not on it is a 404.
 */
export const whitelistFeature = defineFeature({
  name: 'whitelist',
  create: ({ store, game, services }) => {
    const audit = services.get('audit');
    const whitelist = () => game.require('whitelist');
    return {
      routes: [
        route({
          method: 'GET',
          path: '/api/whitelist',
          access: 'admin',
          summary: 'Whether the whitelist is on, and its players with their linked web accounts, a page at a time',
          query: t.object(pageQuery({ default: 20, max: 100 })),
          answer: t.object({ success: t.literal(true), enabled: t.boolean(), entries: t.array(entry), pagination: paginationObject }),
          errors: { 501: 'The game has no whitelist', 503: 'The game server is not available' },
          handle: async ({ query }) => {
            const [enabled, players] = await Promise.all([whitelist().isEnabled(), whitelist().list()]);
            const sorted = [...players].sort((a, b) => a.name.localeCompare(b.name));
            const page = sorted.slice((query.page - 1) * query.limit, query.page * query.limit);
            const accounts = await Promise.all(page.map((player) => store.users.findByGameUuid(player.uuid).then((user) => user ?? store.users.findByGameUsername(player.name))));
            return {
              success: true as const,
              enabled,
              entries: page.map((player, index) => ({ name: player.name, uuid: player.uuid, account: accounts[index]?.username ?? null })),
              pagination: pagination(query.page, query.limit, sorted.length),
            };
          },
        }),
        route({
          method: 'POST',
          path: '/api/whitelist/add',
          access: 'admin',
          summary: 'Put a player on the whitelist (200 with changed: false when already on it)',
          body: t.object({ username: playerName }),
          answer: changeAnswer,
          errors: { 501: 'The game has no whitelist', 503: 'The game server is not available' },
          handle: async (request) => {
            const { username } = request.body;
            const changed = await whitelist().add(username);
            if (changed) await audit.record(request.actor(), 'whitelist.add', { player: username });
            return { success: true as const, message: changed ? `${username} is now on the whitelist` : `${username} was already on the whitelist`, changed };
          },
        }),
        route({
          method: 'POST',
          path: '/api/whitelist/remove',
          access: 'admin',
          summary: 'Take a player off the whitelist',
          body: t.object({ username: playerName }),
          answer: changeAnswer,
          errors: { 404: 'The player is not on the whitelist', 501: 'The game has no whitelist', 503: 'The game server is not available' },
          handle: async (request) => {
            const { username } = request.body;
            if (!(await whitelist().remove(username))) throw notFound(`${username} is not on the whitelist`, 'not_whitelisted');
            await audit.record(request.actor(), 'whitelist.remove', { player: username });
            return { success: true as const, message: `${username} is no longer on the whitelist`, changed: true };
          },
        }),
        route({
          method: 'GET',
          path: '/api/whitelist/check',
          access: 'login',
          summary: "Whether a player is on the whitelist (without username: the caller's own player)",
          query: t.object({ username: t.optional(playerName) }),
          answer: t.object({ success: t.literal(true), username: t.string(), whitelisted: t.boolean(), enabled: t.boolean() }),
          errors: { 501: 'The game has no whitelist', 503: 'The game server is not available' },
          handle: async (request) => {
            const username = request.query.username ?? (request.caller.kind === 'user' ? request.caller.user.gameUsername : undefined);
            if (!username) throw badRequest('username is required for the service account', 'invalid_field');
            const [whitelisted, enabled] = await Promise.all([whitelist().isWhitelisted(username), whitelist().isEnabled()]);
            return { success: true as const, username, whitelisted, enabled };
          },
        }),
      ],
    };
  },
});
