import type { Location, TeleportResult, Teleports, WorldInfo } from '../port.js';
import type { OnlinePlayers } from './online-players.js';
import type { EmbeddedWorlds } from './worlds.js';

/**
 * Teleports within and across worlds. Each answers where the player was and
 * where they are once moved, read from the server after the move.
 */
export class EmbeddedTeleports implements Teleports {
  constructor(
    private readonly online: OnlinePlayers,
    private readonly places: EmbeddedWorlds,
  ) {}

  async worlds(): Promise<string[]> {
    return this.places.names();
  }

  worldInfo(): Promise<WorldInfo[]> {
    return this.places.info();
  }

  async teleportToPlayer(playerName: string, targetName: string): Promise<TeleportResult> {
    const player = this.online.require(playerName);
    const target = this.online.require(targetName, 'target');
    const from = this.places.locationOf(player);
    await this.places.move(player, this.places.locationOf(target));
    return { from, to: this.places.locationOf(player) };
  }

  async teleportToLocation(playerName: string, location: Location): Promise<TeleportResult> {
    const player = this.online.require(playerName);
    const from = this.places.locationOf(player);
    await this.places.move(player, location);
    // The yaw and pitch asked for, not the protocol bytes they were rounded to.
    return { from, to: { ...this.places.locationOf(player), yaw: location.yaw ?? 0, pitch: location.pitch ?? 0 } };
  }
}
