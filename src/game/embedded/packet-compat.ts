/**
 * flying-squid 1.12.0 still writes some packets in their pre-1.21.2 shape. A
 * malformed packet is a serialization error that silently kills the
 * receiver's connection (it stays "online" and gets nothing more), so every
 * client's `write` is wrapped and those packets are rewritten into the 1.21.4
 * shape on the way out. Packets already in the new shape pass untouched. The
 * respawn packet, which must name the player's world, is rewritten per
 * player (dimension-packets.ts).
 */
import type { SquidClient, SquidServer, Vec3Like } from './flying-squid.js';

type Packet = Record<string, unknown>;

/** Vanilla sends at most 3.9 blocks per tick, in units of 1/8000 block per tick (the field is a signed 16-bit number). */
const maxVelocityUnits = 3.9 * 8000;

function clampVelocity(units: number): number {
  return Math.max(-maxVelocityUnits, Math.min(maxVelocityUnits, Math.trunc(units) || 0));
}

/** flying-squid keeps yaw and pitch as protocol bytes; 1.21.2+ position packets carry degrees. */
export function protocolByteToDegrees(value: unknown): number {
  const byte = typeof value === 'number' ? value : 0;
  return (byte * 360) / 256;
}

export function installPacketCompat(serv: SquidServer): void {
  const playerTypeId = serv.registry.entitiesByName.player?.id;
  serv._server.on('connection', (client: SquidClient) => {
    const write = client.write.bind(client);
    client.write = (name: string, params: Packet) => {
      const [rewrittenName, rewritten] = rewrite(name, params, playerTypeId);
      write(rewrittenName, rewritten);
    };
  });
}

function rewrite(name: string, params: Packet, playerTypeId: number | undefined): [string, Packet] {
  switch (name) {
    case 'entity_teleport':
    case 'position':
      if ('dx' in params) return [name, params];
      return [name, { ...params, dx: 0, dy: 0, dz: 0, yaw: protocolByteToDegrees(params.yaw), pitch: protocolByteToDegrees(params.pitch), flags: {} }];
    case 'entity_velocity': {
      // flying-squid's knockback grows with the distance of the hit; past about 16 blocks it overflows the 16-bit fields.
      const velocity = params.velocity as Vec3Like | undefined;
      if (!velocity) return [name, params];
      return [name, { ...params, velocity: { x: clampVelocity(velocity.x), y: clampVelocity(velocity.y), z: clampVelocity(velocity.z) } }];
    }
    case 'spawn_entity':
      // Players are spawned with a null type and would show up as the entity with id 0.
      if (params.type == null && playerTypeId !== undefined) return [name, { ...params, type: playerTypeId }];
      return [name, params];
    case 'player_info': {
      // 1.19.3+ has no remove action in player_info: leaving players get their own packet.
      const action = params.action as Packet | string | undefined;
      const removes = typeof action === 'object' && action !== null && action.remove_player === true;
      if (removes) return ['player_remove', { players: (params.data as Array<{ uuid: string }>).map((entry) => entry.uuid) }];
      return [name, params];
    }
    default:
      return [name, params];
  }
}
