import { playerArgument } from './arguments.js';
import type { RconCommand } from './connection.js';
import { parseEntityData } from './replies.js';
import type { Snbt } from './snbt.js';

/** One value of a player's entity data (`data get entity <player> <path>`); PlayerNotOnlineError when they are not online. */
export async function entityData(command: RconCommand, player: string, path: string): Promise<Snbt> {
  return parseEntityData(await command(`data get entity ${playerArgument(player)} ${path}`), player).data;
}
