import type { Location, WorldInfo } from '../port.js';
import type { RconCommand } from './connection.js';
import { worldEnvironments, worldNames, worldOf } from './dimensions.js';
import { entityData } from './entity-data.js';

/**
 * The worlds of a vanilla server, and where a player is in them. Vanilla's
 * worlds are fixed (its three dimensions); no command says where a world's
 * spawn is, so it is left unknown.
 */
export class RconWorlds {
  constructor(private readonly command: RconCommand) {}

  names(): string[] {
    return worldNames();
  }

  info(): WorldInfo[] {
    return worldEnvironments().map((world) => ({ ...world, spawn: null }));
  }

  /** Where a player is and looks; PlayerNotOnlineError when they are not online. */
  async locationOf(player: string): Promise<Location> {
    const position = await entityData(this.command, player, 'Pos');
    const [dimension, rotation] = await Promise.all([entityData(this.command, player, 'Dimension'), entityData(this.command, player, 'Rotation')]);
    const [x, y, z] = position as number[];
    const [yaw, pitch] = Array.isArray(rotation) ? (rotation as number[]) : [0, 0];
    return { world: worldOf(String(dimension)), x: x!, y: y!, z: z!, yaw, pitch };
  }
}
