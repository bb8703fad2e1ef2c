import { EventEmitter } from 'node:events';
import type { GamePort, Location, TeleportResult } from '../../game/port.js';
import type { TeleportLog, TeleportRecord } from './store.js';
import type { GameTexts } from '../../texts/catalogue.js';
import type { Actor } from '../../http/caller.js';

/**
 * Admin teleports: instant, no warm-up or cooldown, across worlds, online
 * players only. One game call moves the player and answers where from and
 * where to (an offline player or unknown world is the game's typed error).
 * The target player is told, and every teleport is recorded: who asked, who
 * moved, from where, to where, when.
 */
export class TeleportService {
  readonly events = new EventEmitter<{ teleported: [{ player: string; to: Location }] }>();

  constructor(
    private readonly game: GamePort,
    private readonly log: TeleportLog,
    private readonly texts: GameTexts,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async toPlayer(actor: Actor, playerName: string, targetName: string): Promise<Location> {
    const result = await this.game.require('teleports').teleportToPlayer(playerName, targetName);
    await this.tell(targetName, this.texts.render('teleport.to-you', { player: playerName }));
    await this.record(actor, playerName, result, targetName);
    return result.to;
  }

  async toLocation(actor: Actor, playerName: string, location: Required<Location>): Promise<Required<Location>> {
    const result = await this.game.require('teleports').teleportToLocation(playerName, location);
    const arrived = { ...result.to, yaw: location.yaw, pitch: location.pitch } as Required<Location>;
    await this.tell(playerName, this.texts.render('teleport.moved', { world: location.world, x: round(location.x), y: round(location.y), z: round(location.z) }));
    await this.record(actor, playerName, { from: result.from, to: arrived });
    return arrived;
  }

  /** A page of teleports, newest first, with how many there are. */
  async page(page: number, limit: number): Promise<{ teleports: TeleportRecord[]; total: number }> {
    const [teleports, total] = await Promise.all([this.log.recent({ limit, offset: (page - 1) * limit }), this.log.count({})]);
    return { teleports, total };
  }

  private async tell(playerName: string, text: string): Promise<void> {
    await this.game
      .capability('messaging')
      ?.sendMessage(playerName, text)
      .catch(() => undefined);
  }

  private async record(actor: Actor, player: string, { from, to }: TeleportResult, target?: string): Promise<void> {
    this.events.emit('teleported', { player, to });
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
