import type { Messaging } from '../port.js';
import type { SquidPlayer } from './flying-squid.js';
import type { EmbeddedModule, RunningServer } from './module.js';
import type { OnlinePlayers } from './online-players.js';

/** Messages to one player or to everyone, and flying-squid's own messages made readable. */
export class EmbeddedMessaging implements Messaging, EmbeddedModule {
  constructor(
    private readonly running: RunningServer,
    private readonly online: OnlinePlayers,
  ) {}

  async sendMessage(playerName: string, text: string): Promise<void> {
    this.online.require(playerName).chat(text);
  }

  async broadcast(text: string): Promise<void> {
    this.running.require().broadcast(text);
  }

  watchPlayer(player: SquidPlayer): void {
    // 1.21.4 clients show flying-squid's "&e" colour codes literally; they understand "§e".
    const system = player.system.bind(player);
    player.system = (message: string) => system(typeof message === 'string' ? legacyColours(message) : message);
  }
}

function legacyColours(message: string): string {
  return message.replace(/&([0-9a-fk-or])/g, '§$1');
}
