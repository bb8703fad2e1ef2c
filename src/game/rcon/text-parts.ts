/**
 * A text cut into parts that each fit one command: vanilla's RCON takes at
 * most 1,446 bytes of command (./arguments.ts), and a chat text of some 700
 * Cyrillic characters is more once it is UTF-8 and JSON. Each part is sent as
 * its own `tellraw`, so the player reads them one after another. Parts end
 * after a space where one is near, a `§` code is never cut from its
 * character, and each part begins with the colour and formats the one before
 * it ended in (a new message starts plain).
 */

/** The bytes a piece of text takes inside a JSON string. */
function escapedBytes(piece: string): number {
  return Buffer.byteLength(JSON.stringify(piece), 'utf8') - 2;
}

/** Code points, with a `§` and the character after it kept as one. */
function unitsOf(text: string): string[] {
  const units: string[] = [];
  const points = [...text];
  for (let index = 0; index < points.length; index += 1) {
    const point = points[index]!;
    if (point === '§' && index + 1 < points.length) {
      units.push(point + points[index + 1]!);
      index += 1;
    } else units.push(point);
  }
  return units;
}

/** The `§` codes in force after `units`, starting from `active`: a colour or `§r` resets the formats. */
function formattingAfter(active: string, units: readonly string[]): string {
  let codes = active;
  for (const unit of units) {
    if (unit.length < 2 || !unit.startsWith('§')) continue;
    const code = unit[1]!.toLowerCase();
    if (/[0-9a-f]/.test(code)) codes = unit;
    else if (code === 'r') codes = '';
    else if (/[k-o]/.test(code)) codes += unit;
  }
  return codes;
}

/**
 * `text` in parts of at most `roomBytes` bytes each once escaped for JSON;
 * the parts joined give the text again (less the codes carried into each).
 */
export function textParts(text: string, roomBytes: number): string[] {
  const units = unitsOf(text);
  const parts: string[] = [];
  let start = 0;
  let carried = '';
  while (start < units.length) {
    let bytes = escapedBytes(carried);
    let end = start;
    let lastSpace = -1;
    while (end < units.length && bytes + escapedBytes(units[end]!) <= roomBytes) {
      bytes += escapedBytes(units[end]!);
      if (units[end] === ' ') lastSpace = end;
      end += 1;
    }
    // A single unit wider than the room cannot happen for any room a command leaves (a unit is at most 12 bytes escaped).
    if (end === start) end = start + 1;
    // Cut after a word when one ends in the part's second half.
    if (end < units.length && lastSpace >= start + (end - start) / 2) end = lastSpace + 1;
    const taken = units.slice(start, end);
    parts.push(carried + taken.join(''));
    carried = formattingAfter(carried, taken);
    start = end;
  }
  return parts.length > 0 ? parts : [''];
}
