import { PlayerNotOnlineError } from '../errors.js';
import type { Messaging } from '../port.js';
import type { RconCommand } from './connection.js';

/** Messages by vanilla's `tellraw`, the text as a JSON text component (no reply when it reached someone). */
export class RconMessaging implements Messaging {
  constructor(private readonly command: RconCommand) {}

  async sendMessage(playerName: string, text: string): Promise<void> {
    const reply = await this.command(`tellraw ${playerName} ${JSON.stringify({ text })}`);
    if (/^No (player|entity) was found/.test(reply)) throw new PlayerNotOnlineError(playerName);
  }

  async broadcast(text: string): Promise<void> {
    await this.command(`tellraw @a ${JSON.stringify({ text })}`);
  }
}
