import type Router from '@koa/router';
import type { Context } from 'koa';
import type { TeleportService } from '../../services/teleports.js';
import type { AuditTrail } from '../../services/audit.js';
import { actorOf } from '../actor.js';
import { authenticate, requireAdmin, type AuthenticationDependencies } from '../authentication.js';
import { jsonBody } from '../json-body.js';
import {
  coordinatesBody,
  teleportBody,
  teleportPlayerBody,
  type CoordinatesBody,
  type TeleportBody,
  type TeleportPlayerBody,
} from '../schemas/admin.js';
import { body } from '../validation.js';

/** POST /api/teleport, /api/admin/teleport-player, /api/admin/teleport-coordinates (all admin). */
export function addTeleportRoutes(
  router: Router,
  deps: { auth: AuthenticationDependencies; isGameConnected: () => boolean; bodyLimitBytes: number; teleports: TeleportService; audit: AuditTrail },
): void {
  const admin = [authenticate(deps.auth), requireAdmin(deps.auth, deps.isGameConnected), jsonBody(deps.bodyLimitBytes)];

  const toPlayer = async (ctx: Context, player: string, target: string) => {
    const actor = actorOf(ctx);
    const location = await deps.teleports.toPlayer(actor, player, target);
    await deps.audit.record(actor, 'teleport.player', { player, target });
    const { world, x, y, z } = location;
    ctx.body = { success: true, message: `Teleported ${player} to ${target}`, location: { world, x, y, z } };
  };

  router.post('/api/teleport', ...admin, async (ctx) => {
    const { player, target } = body<TeleportBody>(ctx, teleportBody);
    await toPlayer(ctx, player, target);
  });

  router.post('/api/admin/teleport-player', ...admin, async (ctx) => {
    const { player, targetPlayer } = body<TeleportPlayerBody>(ctx, teleportPlayerBody);
    await toPlayer(ctx, player, targetPlayer);
  });

  router.post('/api/admin/teleport-coordinates', ...admin, async (ctx) => {
    const { player, world, x, y, z, yaw = 0, pitch = 0 } = body<CoordinatesBody>(ctx, coordinatesBody);
    const actor = actorOf(ctx);
    const location = await deps.teleports.toLocation(actor, player, { world, x, y, z, yaw, pitch });
    await deps.audit.record(actor, 'teleport.coordinates', { player, world, x, y, z, yaw, pitch });
    ctx.body = {
      success: true,
      message: `Teleported ${player} to ${world} ${x} ${y} ${z}`,
      location: { world: location.world, x: location.x, y: location.y, z: location.z, yaw: location.yaw, pitch: location.pitch },
    };
  });
}
