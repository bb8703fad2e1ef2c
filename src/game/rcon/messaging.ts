import { PlayerNotOnlineError } from '../errors.js';
import type { Messaging } from '../port.js';
import { plainText, type ChatLine } from '../chat-line.js';
import { commandByteLimit, linkedTextComponent, playerArgument, textComponent } from './arguments.js';
import type { RconCommand } from './connection.js';
import { textParts } from './text-parts.js';

/**
 * Messages by vanilla's `tellraw`, the text as a JSON text component (no
 * reply when it reached someone). A text too long for one command goes in
 * several, one after another (./text-parts.ts).
 */
export class RconMessaging implements Messaging {
  constructor(private readonly command: RconCommand) {}

  async sendMessage(playerName: string, text: string): Promise<void> {
    const player = playerArgument(playerName);
    for (const line of tellraw(player, text)) {
      const reply = await this.command(line);
      if (/^No (player|entity) was found/.test(reply)) throw new PlayerNotOnlineError(playerName);
    }
  }

  /** A line with links, in one `tellraw`; one too long for a command goes as its text, in parts (the text names the addresses too). */
  async sendLine(playerName: string, line: ChatLine): Promise<void> {
    const player = playerArgument(playerName);
    const command = `tellraw ${player} ${linkedTextComponent(line)}`;
    if (Buffer.byteLength(command, 'utf8') > commandByteLimit) return this.sendMessage(playerName, plainText(line));
    const reply = await this.command(command);
    if (/^No (player|entity) was found/.test(reply)) throw new PlayerNotOnlineError(playerName);
  }

  async broadcast(text: string): Promise<void> {
    for (const line of tellraw('@a', text)) await this.command(line);
  }
}

/** The `tellraw` commands that show `text` to `target`, each within vanilla's limit. */
function tellraw(target: string, text: string): string[] {
  const head = `tellraw ${target} `;
  const room = commandByteLimit - Buffer.byteLength(head + textComponent(''), 'utf8');
  return textParts(String(text), room).map((part) => head + textComponent(part));
}
