import { route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { TeleportService } from '../../services/teleports.js';
import { playerName, timestamp } from '../common/schemas.js';
import { defineFeature } from '../feature.js';

declare module '../services.js' {
  interface Services {
    teleports: TeleportService;
  }
}

/** X/Z within the world border, Y within the 1.18+ build height. */
const horizontalLimit = 29_999_984;

const place = { world: t.string(), x: t.number(), y: t.number(), z: t.number() };
const teleportAnswer = t.object({ success: t.literal(true), message: t.string(), location: t.object(place) });
const teleportErrors = { 400: 'A missing or invalid field', 404: 'The player or the target is not online', 501: 'The game cannot teleport' };

const teleportRecord = t.object({
  id: t.integer(),
  timestamp,
  requestedBy: t.string(),
  player: t.string(),
  from: t.object(place),
  to: t.object({ ...place, yaw: t.optional(t.number()), pitch: t.optional(t.number()) }),
  target: t.optional(t.string({ description: 'The player teleported to, for player-to-player teleports.' })),
});

/** Admin teleports: to a player, or to coordinates in any world; every one recorded and audited. */
export const teleportsFeature = defineFeature({
  name: 'teleports',
  create: ({ config, store, game, services, texts, now }) => {
    const teleports = new TeleportService(game, store.teleportLog, texts, now);
    services.provide('teleports', teleports);
    const audit = services.get('audit');
    services.get('retention').keepDays('teleport log', config.retention.teleportLogDays, (cutoff) => store.teleportLog.deleteBefore(cutoff));
    /** The two player-to-player endpoints of the API description differ only in the name of the target's field. */
    const playerToPlayer = (path: string, targetField: 'target' | 'targetPlayer') =>
      route({
        method: 'POST',
        path,
        access: 'admin',
        summary: 'Teleport a player to another player',
        body: t.object({ player: playerName, [targetField]: playerName }, { additionalProperties: true }),
        answer: teleportAnswer,
        errors: teleportErrors,
        handle: async (request) => {
          const { player } = request.body;
          const target = (request.body as Record<string, string>)[targetField]!;
          const actor = request.actor();
          const { world, x, y, z } = await teleports.toPlayer(actor, player, target);
          await audit.record(actor, 'teleport.player', { player, target });
          return { success: true as const, message: `Teleported ${player} to ${target}`, location: { world, x, y, z } };
        },
      });
    return {
      routes: [
        playerToPlayer('/api/teleport', 'target'),
        playerToPlayer('/api/admin/teleport-player', 'targetPlayer'),
        route({
          method: 'POST',
          path: '/api/admin/teleport-coordinates',
          access: 'admin',
          summary: 'Teleport a player to coordinates in a world',
          body: t.object(
            {
              player: playerName,
              world: t.string({ minLength: 1, maxLength: 64 }),
              x: t.number({ minimum: -horizontalLimit, maximum: horizontalLimit }),
              y: t.number({ minimum: -64, maximum: 319 }),
              z: t.number({ minimum: -horizontalLimit, maximum: horizontalLimit }),
              yaw: t.number({ default: 0, minimum: -360, maximum: 360 }),
              pitch: t.number({ default: 0, minimum: -90, maximum: 90 }),
            },
            { additionalProperties: true },
          ),
          answer: t.object({ success: t.literal(true), message: t.string(), location: t.object({ ...place, yaw: t.number(), pitch: t.number() }) }),
          errors: { ...teleportErrors, 404: 'The player is not online, or the world does not exist' },
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
          summary: 'Recorded teleports, newest first',
          query: t.object({ limit: t.integer({ default: 100, minimum: 1, maximum: 500 }) }),
          answer: t.object({ success: t.literal(true), teleports: t.array(teleportRecord) }),
          handle: async ({ query }) => ({ success: true as const, teleports: await teleports.recent(query.limit) }),
        }),
      ],
    };
  },
});
