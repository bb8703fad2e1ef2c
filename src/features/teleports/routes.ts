/** Teleporting players (admins; every teleport audited) and the recorded teleports. */
import { PlayerNotOnlineError } from '../../game/errors.js';
import { route, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import type { AuditTrail } from '../audit/service.js';
import { pageQuery, pagination, paginationObject } from '../common/schemas.js';
import { coordinatesAnswer, coordinatesBody, playerToPlayerBody, teleportAnswer, teleportErrors, teleportRecord } from './schemas.js';
import type { TeleportService } from './service.js';

export function teleportsRoutes(teleports: TeleportService, audit: AuditTrail): Route[] {
  /** The two player-to-player endpoints of the API description differ only in the name of the target's field. */
  const playerToPlayer = (path: string, targetField: 'target' | 'targetPlayer') =>
    route({
      method: 'POST',
      path,
      access: 'admin',
      scope: 'players:write',
      summary: 'Teleport a player to another player',
      body: playerToPlayerBody(targetField),
      answer: teleportAnswer,
      personal: ['location'],
      errors: teleportErrors,
      errorFields: { player_not_online: (error) => (error instanceof PlayerNotOnlineError && error.role === 'target' ? targetField : 'player') },
      handle: async (request) => {
        const { player } = request.body;
        const target = (request.body as Record<string, string>)[targetField]!;
        const actor = request.actor();
        const { world, x, y, z } = await teleports.toPlayer(actor, player, target);
        await audit.record(actor, 'teleport.player', { player, target });
        return { success: true as const, message: `Teleported ${player} to ${target}`, location: { world, x, y, z } };
      },
    });
  return [
    playerToPlayer('/api/teleport', 'target'),
    playerToPlayer('/api/admin/teleport-player', 'targetPlayer'),
    route({
      method: 'POST',
      path: '/api/admin/teleport-coordinates',
      access: 'admin',
      scope: 'players:write',
      summary: 'Teleport a player to coordinates in a world',
      body: coordinatesBody,
      answer: coordinatesAnswer,
      personal: ['location'],
      errors: { ...teleportErrors, 404: 'The player is not online, or the world does not exist' },
      errorFields: { player_not_online: 'player', world_not_found: 'world' },
      handle: async (request) => {
        const { player, world, x, y, z, yaw, pitch } = request.body;
        const actor = request.actor();
        const location = await teleports.toLocation(actor, player, { world, x, y, z, yaw, pitch });
        await audit.record(actor, 'teleport.coordinates', { player, world, x, y, z, yaw, pitch });
        return {
          success: true as const,
          message: `Teleported ${player} to ${world} ${x} ${y} ${z}`,
          location: { world: location.world, x: location.x, y: location.y, z: location.z, yaw: location.yaw, pitch: location.pitch },
        };
      },
    }),
    route({
      method: 'GET',
      path: '/api/admin/teleports',
      access: 'admin',
      scope: 'players:read',
      summary: 'Recorded teleports, newest first (query: page, limit 1-500)',
      query: t.object(pageQuery({ default: 100, max: 500 })),
      answer: t.object({ success: t.literal(true), teleports: t.array(teleportRecord), pagination: paginationObject }),
      personal: ['teleports[].from', 'teleports[].to'],
      handle: async ({ query }) => {
        const found = await teleports.page(query.page, query.limit);
        return { success: true as const, teleports: found.teleports, pagination: pagination(query.page, query.limit, found.total) };
      },
    }),
  ];
}
