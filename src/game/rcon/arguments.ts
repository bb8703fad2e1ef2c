/**
 * The values a vanilla command is built from, checked before the command is:
 * a command is one line of words, so a value with a space, a quote or a
 * newline in it would add words of its own (`minecraft:overworld run kick @a`
 * as a world). Each check answers the value as it may go into the command,
 * or throws InvalidArgumentError naming the field; nothing is ever sent from
 * an unchecked value. Texts go in as JSON text components, escaped.
 */
import { isIP } from 'node:net';
import type { ChatLine } from '../chat-line.js';
import { InvalidArgumentError } from '../errors.js';

/**
 * The most bytes of command vanilla takes over RCON: it reads a packet into a
 * 1,460-byte buffer and closes the connection when the packet is longer; the
 * packet's length, id, type and two closing NULs take 14.
 */
export const commandByteLimit = 1446;

const playerNamePattern = /^[A-Za-z0-9_]{1,16}$/;
/** A resource location as vanilla reads one: an optional `namespace:`, then a path. */
const resourcePattern = /^(?:[a-z0-9_.-]+:)?[a-z0-9_./-]+$/;
/** Vanilla's ids (items, dimensions, boss bars) are short; a longer one is no id. */
const maxResourceLength = 128;

/** A player name as Minecraft allows them: 1 to 16 letters, digits or _. */
export function playerArgument(value: string, field = 'player'): string {
  if (typeof value !== 'string' || !playerNamePattern.test(value)) throw new InvalidArgumentError(field, 'must be a player name (1 to 16 letters, digits or _)');
  return value;
}

/** A resource location (`minecraft:diamond`, `minecraft:the_nether`, `gatehouse:restart`): lower-case letters, digits and `_ . -`, `/` in the path. */
export function resourceArgument(value: string, field: string): string {
  if (typeof value !== 'string' || value.length > maxResourceLength || !resourcePattern.test(value)) {
    throw new InvalidArgumentError(field, `must be an id of lower-case letters, digits, _ . - and / with an optional namespace: prefix, at most ${maxResourceLength} characters`);
  }
  return value;
}

/**
 * The rest of a command's line as vanilla's `ban`, `ban-ip` and `kick` read
 * it (a message), on one line. Vanilla replaces a selector in a message
 * (`@a`, `@e[...]`) with the names it selects when an operator or RCON sends
 * it: a zero-width space after each `@` keeps it text. `§` codes are taken
 * out (formatting, not words).
 */
export function messageArgument(value: string): string {
  return String(value)
    .replace(/§./g, '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .replace(/@(?=[aenprs])/g, '@\u200b');
}

/** An IP address written as digits (IPv4 or IPv6). */
export function addressArgument(value: string, field = 'address'): string {
  if (typeof value !== 'string' || isIP(value) === 0) throw new InvalidArgumentError(field, 'must be an IP address');
  return value;
}

/** A value out of a fixed list (a difficulty, a game mode). */
export function choiceArgument<T extends string>(value: T, choices: readonly T[], field: string): T {
  if (!choices.includes(value)) throw new InvalidArgumentError(field, `must be one of ${choices.join(', ')}`);
  return value;
}

/** A text as a JSON text component: quotes, backslashes and control characters escaped, so it stays one argument. */
export function textComponent(text: string): string {
  return JSON.stringify({ text: String(text) });
}

/**
 * A line with links as one JSON text component: each link aqua and underlined, with
 * its click event both ways a 1.21 server reads one (1.21.5 and later
 * `click_event: {action, url}`, earlier `clickEvent: {action, value}`; each
 * ignores the other's key).
 */
export function linkedTextComponent(line: ChatLine): string {
  const extra = line.parts.map((part) =>
    part.url === undefined
      ? { text: part.text }
      : { text: part.text, color: 'aqua', underlined: true, click_event: { action: 'open_url', url: part.url }, clickEvent: { action: 'open_url', value: part.url } },
  );
  return JSON.stringify({ text: '', extra });
}

/** Throws, naming the field, when a command would be longer than vanilla's RCON takes. */
export function checkCommandLength(command: string, field: string): string {
  const bytes = Buffer.byteLength(command, 'utf8');
  if (bytes > commandByteLimit)
    throw new InvalidArgumentError(field, `is too long: the command would be ${bytes} bytes (UTF-8, after escaping), over the ${commandByteLimit} vanilla's RCON takes`);
  return command;
}
