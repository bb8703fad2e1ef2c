import { ApiError, notFound } from '../errors.js';
import type { GamePort, Location } from '../game/port.js';
import type { AppendLog, TeleportRecord } from '../store/port.js';
import type { Actor } from './audit.js';

/**
 * Admin teleports: instant, no warm-up or cooldown, across worlds, online
 * players only. The target player is told, and every teleport is recorded:
 * who asked, who moved, from where, to where, when.
 */
export class TeleportService {
  constructor(
    private readonly game: GamePort,
    private readonly log: AppendLog<TeleportRecord>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async toPlayer(actor: Actor, playerName: string, targetName: string): Promise<Location> {
    const teleports = this.requireTeleports();
    const player = await this.online(playerName, 'Player');
    const target = await this.online(targetName, 'Target player');
    const location = await teleports.teleportToPlayer(player.name, target.name);
    await this.game.messaging?.sendMessage(target.name, `§e${player.name} was teleported to you.`).catch(() => undefined);
    await this.record(actor, player.name, player.location, location, target.name);
    return location;
  }

  async toLocation(actor: Actor, playerName: string, location: Required<Location>): Promise<Required<Location>> {
    const teleports = this.requireTeleports();
    const player = await this.online(playerName, 'Player');
    const worlds = await teleports.worlds();
    if (!worlds.includes(location.world)) throw notFound(`World ${location.world} not found; worlds: ${worlds.join(', ')}`, 'world_not_found');
    const arrived = await teleports.teleportToLocation(player.name, location);
    await this.game.messaging
      ?.sendMessage(player.name, `§eYou were teleported to ${location.world} ${round(location.x)} ${round(location.y)} ${round(location.z)}.`)
      .catch(() => undefined);
    const result = { ...arrived, yaw: location.yaw, pitch: location.pitch } as Required<Location>;
    await this.record(actor, player.name, player.location, result);
    return result;
  }

  recent(limit: number): Promise<TeleportRecord[]> {
    return this.log.recent(limit);
  }

  private async online(name: string, role: string) {
    const player = (await this.game.onlinePlayers()).find((online) => online.name.toLowerCase() === name.toLowerCase());
    if (!player) throw notFound(`${role} ${name} is not online`, 'player_not_online');
    return player;
  }

  private requireTeleports() {
    if (!this.game.teleports) throw new ApiError(501, 'The game adapter cannot teleport players', 'not_supported');
    return this.game.teleports;
  }

  private async record(actor: Actor, player: string, from: Location, to: Location, target?: string): Promise<void> {
    await this.log.append({
      timestamp: this.now().toISOString(),
      requestedBy: actor.name,
      player,
      from: { world: from.world, x: from.x, y: from.y, z: from.z },
      to,
      ...(target ? { target } : {}),
    });
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
