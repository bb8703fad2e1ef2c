/**
 * A line of chat whose parts may be links: a part with `url` opens that web
 * address when the player clicks it (the portal's address in /register's
 * answer). A text part carries `§` codes; a client shows each part from
 * plain, so each begins with the codes in force where it begins. A link has
 * no codes: every adapter shows it aqua and underlined, as a text component
 * with a click event, or as plain text where it cannot (the text names the
 * address too).
 */

export interface ChatPart {
  text: string;
  /** The web address the part opens when clicked (http or https). */
  url?: string;
}

export interface ChatLine {
  parts: ChatPart[];
}

/** What the game shows a player: a plain text, or a line with links. */
export type ChatText = string | ChatLine;

/** The text as one string (`§` codes kept), links written out as their text. */
export function plainText(text: ChatText): string {
  return typeof text === 'string' ? text : text.parts.map((part) => part.text).join('');
}

/** The `§` codes in force after `text`, starting from `active`: a colour or `§r` resets the formats (bold, underline...). */
export function codesInForce(text: string, active = ''): string {
  let codes = active;
  for (const [, code] of text.matchAll(/§([0-9a-fk-or])/gi)) {
    const lower = code!.toLowerCase();
    if (lower === 'r') codes = '';
    else if (/[0-9a-f]/.test(lower)) codes = `§${lower}`;
    else if (!codes.includes(`§${lower}`)) codes += `§${lower}`;
  }
  return codes;
}
