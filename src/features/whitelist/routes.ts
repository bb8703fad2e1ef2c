/** The whitelist: listed and changed by admins (audited, told as `changed`), checked by anyone logged in. */
import type { EventEmitter } from 'node:events';
import { notFound } from '../../errors.js';
import type { Whitelist } from '../../game/port.js';
import { route, type Route } from '../../http/route.js';
import type { UserStore } from '../../store/port.js';
import type { AuditTrail } from '../audit/service.js';
import { pagination } from '../common/schemas.js';
import { usernameRequired } from '../common/subject.js';
import { changeAnswer, checkAnswer, checkQuery, playerBody, whitelistAnswer, whitelistQuery } from './schemas.js';

/** A change refused before it was made: on a network the database records it first, and one it cannot record is made on no server. */
const unrecorded = 'The game server is not available (game_unavailable), or on a network the database cannot record the change (storage_failed): made on no server';

/** A change of the whitelist made through the API, once it is made: the player, added or removed, and who did it. */
export type WhitelistChanges = EventEmitter<{ changed: [{ player: string; action: 'added' | 'removed'; by: string }] }>;

/** `whitelist` is asked at each request, so a game that lacks one answers 501 then, not at start. */
export function whitelistRoutes(whitelist: () => Whitelist, users: UserStore, audit: AuditTrail, changes: WhitelistChanges): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/whitelist',
      access: 'admin',
      scope: 'whitelist:read',
      summary: 'Whether the whitelist is on, and its players with their linked web accounts, a page at a time',
      query: whitelistQuery,
      answer: whitelistAnswer,
      errors: { 501: 'The game has no whitelist', 503: 'The game server is not available' },
      handle: async ({ query }) => {
        const [enabled, players] = await Promise.all([whitelist().isEnabled(), whitelist().list()]);
        const sorted = [...players].sort((a, b) => a.name.localeCompare(b.name));
        const page = sorted.slice((query.page - 1) * query.limit, query.page * query.limit);
        const accounts = await Promise.all(page.map((player) => users.findByGameUuid(player.uuid).then((user) => user ?? users.findByGameUsername(player.name))));
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
      scope: 'whitelist:write',
      summary: 'Put a player on the whitelist (200 with changed: false when already on it)',
      body: playerBody,
      answer: changeAnswer,
      errors: { 501: 'The game has no whitelist', 503: unrecorded },
      handle: async (request) => {
        const { username } = request.body;
        const changed = await whitelist().add(username);
        if (changed) {
          changes.emit('changed', { player: username, action: 'added', by: request.actor().name });
          await audit.record(request.actor(), 'whitelist.add', { player: username });
        }
        return { success: true as const, message: changed ? `${username} is now on the whitelist` : `${username} was already on the whitelist`, changed };
      },
    }),
    route({
      method: 'POST',
      path: '/api/whitelist/remove',
      access: 'admin',
      scope: 'whitelist:write',
      summary: 'Take a player off the whitelist',
      body: playerBody,
      answer: changeAnswer,
      errors: { 404: 'The player is not on the whitelist (on a network: nothing changed on any server)', 501: 'The game has no whitelist', 503: unrecorded },
      errorFields: { not_whitelisted: 'username' },
      handle: async (request) => {
        const { username } = request.body;
        if (!(await whitelist().remove(username))) throw notFound(`${username} is not on the whitelist`, 'not_whitelisted');
        changes.emit('changed', { player: username, action: 'removed', by: request.actor().name });
        await audit.record(request.actor(), 'whitelist.remove', { player: username });
        return { success: true as const, message: `${username} is no longer on the whitelist`, changed: true };
      },
    }),
    route({
      method: 'GET',
      path: '/api/whitelist/check',
      access: 'login',
      scope: 'whitelist:read',
      summary: "Whether a player is on the whitelist (without username: the caller's own player)",
      query: checkQuery,
      answer: checkAnswer,
      errors: { 501: 'The game has no whitelist', 503: 'The game server is not available' },
      handle: async (request) => {
        const username = request.query.username ?? (request.caller.kind === 'user' ? request.caller.user.gameUsername : undefined);
        if (!username) throw usernameRequired(request.caller);
        const [whitelisted, enabled] = await Promise.all([whitelist().isWhitelisted(username), whitelist().isEnabled()]);
        return { success: true as const, username, whitelisted, enabled };
      },
    }),
  ];
}
