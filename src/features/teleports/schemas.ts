/** Teleport bodies, answers and recorded teleports. */
import { t } from '../../lib/schema.js';
import { playerName, timestamp, worldId } from '../common/schemas.js';

/** X/Z within the world border, Y within the 1.18+ build height. */
const maxHorizontalCoordinate = 29_999_984;

const place = { world: t.string(), x: t.number(), y: t.number(), z: t.number() };

/** Where the player now is: a position, left out for an API key without personal:read. */
const arrival = { description: 'Where the player now is. Left out for an API key without personal:read.' };

export const teleportAnswer = t.object({ success: t.literal(true), message: t.string(), location: t.optional(t.object(place, arrival)) });

export const teleportErrors = { 400: 'A missing or invalid field', 404: 'The player or the target is not online', 501: 'The game cannot teleport' };

export const teleportRecord = t.object({
  id: t.integer(),
  timestamp,
  requestedBy: t.string(),
  player: t.string(),
  from: t.optional(t.object(place, { description: 'Left out for an API key without personal:read.' })),
  to: t.optional(t.object({ ...place, yaw: t.optional(t.number()), pitch: t.optional(t.number()) }, { description: 'Left out for an API key without personal:read.' })),
  target: t.optional(t.string({ description: 'The player teleported to, for player-to-player teleports.' })),
});

/** A player-to-player teleport; the two endpoints name the target's field differently. */
export function playerToPlayerBody(targetField: 'target' | 'targetPlayer') {
  return t.object({ player: playerName, [targetField]: playerName }, { additionalProperties: true });
}

export const coordinatesBody = t.object(
  {
    player: playerName,
    world: worldId,
    x: t.number({ minimum: -maxHorizontalCoordinate, maximum: maxHorizontalCoordinate }),
    y: t.number({ minimum: -64, maximum: 319 }),
    z: t.number({ minimum: -maxHorizontalCoordinate, maximum: maxHorizontalCoordinate }),
    yaw: t.number({ default: 0, minimum: -360, maximum: 360 }),
    pitch: t.number({ default: 0, minimum: -90, maximum: 90 }),
  },
  { additionalProperties: true },
);

export const coordinatesAnswer = t.object({
  success: t.literal(true),
  message: t.string(),
  location: t.optional(t.object({ ...place, yaw: t.number(), pitch: t.number() }, arrival)),
});
