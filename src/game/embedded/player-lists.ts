import path from 'node:path';
import type { Operators, Whitelist } from '../port.js';
import type { SquidPlayer } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';
import type { OnlinePlayers } from './online-players.js';
import { PlayerListFile, type PlayerListEntry } from './player-list-file.js';
import type { LiveSettings } from './settings.js';

const operatorLevel = 4;

/**
 * Operators and the whitelist, kept in vanilla's ops.json and whitelist.json
 * (flying-squid keeps operator status in memory only, and loses it at every
 * login). A player's operator status is applied when they join and at once
 * when it changes while they are online.
 */
export class PlayerLists implements EmbeddedModule {
  readonly operators: Operators;
  readonly whitelist: Whitelist;
  private opsFile!: PlayerListFile;
  private whitelistFile!: PlayerListFile;

  constructor(
    private readonly dataDirectory: string,
    private readonly online: OnlinePlayers,
    settings: LiveSettings,
  ) {
    this.operators = {
      isOperator: async (name) => this.opsFile.has(name),
      list: async () => this.opsFile.entries().map(({ name, uuid }) => ({ name, uuid })),
      setOperator: (name, operator) => this.setOperator(name, operator),
    };
    this.whitelist = {
      isEnabled: async () => settings.whitelistEnabled,
      setEnabled: async (enabled) => {
        settings.whitelistEnabled = enabled;
      },
      isWhitelisted: async (name) => this.whitelistFile.has(name),
      list: async () => this.whitelistFile.entries().map(({ name, uuid }) => ({ name, uuid })),
      add: (name) => this.addTo(this.whitelistFile, name),
      remove: (name) => this.whitelistFile.remove(name),
    };
  }

  /** The files are read again at each start, so one edited while the server was down counts. */
  async prepare(): Promise<void> {
    this.opsFile = await PlayerListFile.open(path.join(this.dataDirectory, 'ops.json'), { level: operatorLevel, bypassesPlayerLimit: false });
    this.whitelistFile = await PlayerListFile.open(path.join(this.dataDirectory, 'whitelist.json'));
  }

  operator(name: string): PlayerListEntry | undefined {
    return this.opsFile.find(name);
  }

  isWhitelisted(name: string): boolean {
    return this.whitelistFile.has(name);
  }

  /** Returns false when nothing changed. */
  async setOperator(name: string, operator: boolean): Promise<boolean> {
    const changed = operator ? await this.addTo(this.opsFile, name) : await this.opsFile.remove(name);
    const player = this.online.find(name);
    if (player) this.applyOperatorStatus(player);
    return changed;
  }

  watchPlayer(player: SquidPlayer): void {
    // A value set before the login is overwritten by flying-squid's own ("everybody-op").
    player.once('connected', () => this.applyOperatorStatus(player));
  }

  /** Lists an online player under their exact name and UUID; anyone else under the offline-mode UUID of the name. */
  private addTo(list: PlayerListFile, name: string): Promise<boolean> {
    const player = this.online.find(name);
    return list.add(player?.username ?? name, player?.uuid);
  }

  private applyOperatorStatus(player: SquidPlayer): void {
    const entry = this.opsFile.find(player.username);
    player.op = entry !== undefined;
    // Entity status 24..28 tells the client its permission level (0..4).
    player._client.write('entity_status', { entityId: player.id, entityStatus: 24 + (entry ? (entry.level ?? operatorLevel) : 0) });
  }
}
