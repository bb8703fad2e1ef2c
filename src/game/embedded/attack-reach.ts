/**
 * flying-squid counts a player's hit whatever the distance, so a modified
 * client could hit (and be paid as a hunter for) anything it can name. As
 * vanilla's server does, a hit counts only when the target's box is within
 * the attacker's reach (3 blocks) plus a margin of 3 from the attacker's
 * eyes, a squared distance of 36; a hit beyond is cancelled before any
 * damage, knockback or event.
 */
import type { SquidEntity, SquidPlayer, SquidServer, Vec3Like } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';

const maxSquaredDistance = 36;
const eyeHeight = 1.62;
const playerSize = { width: 0.6, height: 1.8 };

export const attackReach: EmbeddedModule = {
  watchPlayer(player: SquidPlayer, serv: SquidServer): void {
    player.on('attack_cancel', ({ attackedEntity }: { attackedEntity?: SquidEntity }, cancel: () => void) => {
      if (!attackedEntity || !withinReach(player, attackedEntity, serv)) cancel();
    });
  },
};

function withinReach(player: SquidPlayer, target: SquidEntity, serv: SquidServer): boolean {
  if (target.world !== player.world) return false;
  const eyes = { x: player.position.x, y: player.position.y + eyeHeight, z: player.position.z };
  const size = target.type === 'player' ? playerSize : (serv.registry.entities[target.entityType ?? -1] ?? playerSize);
  return squaredDistanceToBox(eyes, target.position, size) <= maxSquaredDistance;
}

/** From a point to the nearest point of an entity's box (its position is the middle of the box's bottom). */
function squaredDistanceToBox(point: Vec3Like, feet: Vec3Like, { width, height }: { width: number; height: number }): number {
  const half = width / 2;
  const dx = point.x - Math.min(Math.max(point.x, feet.x - half), feet.x + half);
  const dy = point.y - Math.min(Math.max(point.y, feet.y), feet.y + height);
  const dz = point.z - Math.min(Math.max(point.z, feet.z - half), feet.z + half);
  return dx * dx + dy * dy + dz * dz;
}
