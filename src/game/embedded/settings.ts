import { difficulties, gameModes, type Difficulty, type GameMode, type GameSettingsChange } from '../port.js';
import type { SquidPlayer } from './flying-squid.js';
import type { EmbeddedModule, RunningServer } from './module.js';

/**
 * The live settings. The MOTD and max players take effect at the next ping
 * and login; difficulty at once for everyone; the default game mode for
 * players joining for the first time (as vanilla's defaultgamemode); PvP at
 * the next hit; the whitelist at the next login. A restarted server starts
 * with the values last applied.
 */
export class LiveSettings implements EmbeddedModule {
  private motd: string;
  private difficulty: Difficulty = 'normal';
  private defaultGameMode: GameMode = 'survival';
  /** Read by the login gate. */
  maxPlayers: number;
  /** Read by the login gate; the whitelist group turns it on and off too. */
  whitelistEnabled = false;
  private pvp = true;

  constructor(
    private readonly running: RunningServer,
    initial: { motd: string; maxPlayers: number },
  ) {
    this.motd = initial.motd;
    this.maxPlayers = initial.maxPlayers;
  }

  /** The settings a new flying-squid server is created with. */
  serverOptions() {
    return {
      motd: this.motd,
      'max-players': this.maxPlayers,
      difficulty: difficulties.indexOf(this.difficulty),
      gameMode: gameModes.indexOf(this.defaultGameMode),
    };
  }

  async apply(change: GameSettingsChange): Promise<Array<keyof GameSettingsChange>> {
    const serv = this.running.require();
    const applied: Array<keyof GameSettingsChange> = [];
    if (change.motd !== undefined) {
      this.motd = change.motd;
      serv._server.motd = change.motd;
      applied.push('motd');
    }
    if (change.maxPlayers !== undefined) {
      this.maxPlayers = change.maxPlayers;
      serv._server.maxPlayers = change.maxPlayers;
      applied.push('maxPlayers');
    }
    if (change.difficulty !== undefined) {
      this.difficulty = change.difficulty;
      const level = difficulties.indexOf(change.difficulty);
      serv.difficulty = level;
      serv._writeAll('difficulty', { difficulty: level, difficultyLocked: false });
      applied.push('difficulty');
    }
    if (change.defaultGameMode !== undefined) {
      this.defaultGameMode = change.defaultGameMode;
      serv.gameMode = gameModes.indexOf(change.defaultGameMode);
      applied.push('defaultGameMode');
    }
    if (change.pvp !== undefined) {
      this.pvp = change.pvp;
      applied.push('pvp');
    }
    if (change.whitelistEnabled !== undefined) {
      this.whitelistEnabled = change.whitelistEnabled;
      applied.push('whitelistEnabled');
    }
    return applied;
  }

  /** flying-squid has no PvP setting: a hit on a player is cancelled while PvP is off. */
  watchPlayer(player: SquidPlayer): void {
    player.on('attack_cancel', ({ attackedEntity }: { attackedEntity?: { type?: string } }, cancel: () => void) => {
      if (!this.pvp && attackedEntity?.type === 'player') cancel();
    });
  }
}
