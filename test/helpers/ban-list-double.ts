import { banInForce } from '../../src/game/ban-texts.js';
import { PlayerNotOnlineError } from '../../src/game/errors.js';
import type { BanTarget, BanTexts, GameBan, Moderation } from '../../src/game/port.js';
import type { FakeGame } from './fake-game.js';

/**
 * A game's ban list for the FakeGame: what a game keeps (its bans, by
 * target), removing whoever a ban bans and kicking as a game does. With
 * `endsBans` false it keeps a ban past its end, as vanilla's ban command
 * does, so Gatehouse must lift it.
 */
export class BanListDouble implements Moderation {
  readonly held: GameBan[] = [];
  readonly kicks: Array<{ name: string; message: string }> = [];
  texts: BanTexts | undefined;

  constructor(
    private readonly game: FakeGame,
    private readonly endsBans = true,
  ) {
    game.capabilities.moderation = this;
  }

  async bans(): Promise<GameBan[]> {
    return this.held.filter((ban) => !this.endsBans || banInForce(ban)).map((ban) => structuredClone(ban));
  }

  async ban(ban: GameBan): Promise<void> {
    this.remove(ban.player ? { player: ban.player } : { address: ban.address! });
    this.held.push(structuredClone(ban));
    for (const player of [...this.game.online]) {
      if (ban.player ? player.name.toLowerCase() === ban.player.name.toLowerCase() : player.ipAddress === ban.address) this.game.quit(player.name);
    }
  }

  async lift(target: BanTarget): Promise<boolean> {
    return this.remove(target);
  }

  async kick(name: string, message: string): Promise<void> {
    if (!this.game.online.some((player) => player.name.toLowerCase() === name.toLowerCase())) throw new PlayerNotOnlineError(name);
    this.kicks.push({ name, message });
    this.game.quit(name);
  }

  setBanTexts(texts: BanTexts): void {
    this.texts = texts;
  }

  /** The ban of a player (by name) or of an address, as the game holds it. */
  of(nameOrAddress: string): GameBan | undefined {
    return this.held.find((ban) => ban.address === nameOrAddress || ban.player?.name.toLowerCase() === nameOrAddress.toLowerCase());
  }

  private remove(target: BanTarget): boolean {
    const index = this.held.findIndex((ban) => ('player' in target ? ban.player?.name.toLowerCase() === target.player.name.toLowerCase() : ban.address === target.address));
    if (index >= 0) this.held.splice(index, 1);
    return index >= 0;
  }
}
