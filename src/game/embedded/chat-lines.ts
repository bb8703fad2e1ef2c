/**
 * A chat line with links, as the embedded server's 1.21.4 client reads it:
 * a system_chat packet whose text component (NBT) has a part per piece, the
 * links underlined with a click event that opens their address. flying-squid
 * sends only plain text, so the packet is written here.
 */
import type { ChatLine } from '../chat-line.js';
import { squidRequire, type SquidPlayer } from './flying-squid.js';

interface Nbt {
  comp(value: Record<string, unknown> | unknown[]): unknown;
  string(value: string): unknown;
  byte(value: number): unknown;
  list(value: unknown): unknown;
}

const nbt = squidRequire<Nbt>('prismarine-nbt');

export function sendChatLine(player: SquidPlayer, line: ChatLine): void {
  player._client.write('system_chat', { content: component(line), isActionBar: false });
}

function component(line: ChatLine): unknown {
  const parts = line.parts.map((part) =>
    part.url === undefined
      ? { text: nbt.string(part.text) }
      : {
          text: nbt.string(part.text),
          color: nbt.string('aqua'),
          underlined: nbt.byte(1),
          // 1.21.4 reads clickEvent {action, value} (1.21.5 renamed it click_event {action, url}).
          clickEvent: nbt.comp({ action: nbt.string('open_url'), value: nbt.string(part.url) }),
        },
  );
  return nbt.comp({ text: nbt.string(''), extra: nbt.list(nbt.comp(parts)) });
}
