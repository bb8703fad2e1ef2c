import { InvalidArgumentError, PlayerNotOnlineError, UnknownWorldError } from '../errors.js';
import type { Location, TeleportResult, Teleports, WorldInfo } from '../port.js';
import { playerArgument } from './arguments.js';
import type { RconCommand } from './connection.js';
import { dimensionOf, worldNames, worldOf } from './dimensions.js';
import { checkTeleport } from './replies.js';
import type { RconWorlds } from './worlds.js';

/**
 * Teleports by vanilla's `tp`, across dimensions with `execute in`. Each
 * answers where the player was, asked of the server before the move, and
 * where they went. Names and the world are checked before any command is
 * built from them (./arguments.ts).
 */
export class RconTeleports implements Teleports {
  constructor(
    private readonly command: RconCommand,
    private readonly places: RconWorlds,
  ) {}

  async worlds(): Promise<string[]> {
    return this.places.names();
  }

  async worldInfo(): Promise<WorldInfo[]> {
    return this.places.info();
  }

  async teleportToPlayer(playerName: string, targetName: string): Promise<TeleportResult> {
    playerArgument(playerName);
    playerArgument(targetName, 'target');
    const from = await this.places.locationOf(playerName);
    checkTeleport(await this.command(`tp ${playerName} ${targetName}`), new PlayerNotOnlineError(targetName, 'target'));
    return { from, to: await this.places.locationOf(playerName) };
  }

  async teleportToLocation(playerName: string, location: Location): Promise<TeleportResult> {
    playerArgument(playerName);
    const dimension = dimensionOf(location.world);
    if (!dimension) throw new UnknownWorldError(location.world, worldNames());
    const from = await this.places.locationOf(playerName);
    const view = location.yaw !== undefined || location.pitch !== undefined ? ` ${decimal(location.yaw ?? 0)} ${decimal(location.pitch ?? 0)}` : '';
    const reply = await this.command(`execute in ${dimension} run tp ${playerName} ${decimal(location.x)} ${decimal(location.y)} ${decimal(location.z)}${view}`);
    checkTeleport(reply, new PlayerNotOnlineError(playerName));
    return { from, to: { ...location, world: worldOf(dimension) } };
  }
}

/** A coordinate with a decimal point: vanilla centres a whole number on its block (x and z + 0.5). */
function decimal(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidArgumentError('coordinates', 'must be finite numbers');
  return Number.isInteger(value) ? `${value}.0` : String(value);
}
