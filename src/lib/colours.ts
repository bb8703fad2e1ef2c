/**
 * Minecraft formatting: owners and admins write `&` colour codes (`&e`,
 * `&l`, `&r`), the game shows `§` codes. Text typed by admins may use `&`;
 * a raw `§` or a control character is refused where text comes in (see the
 * `gameText` schema), so only codes translated here reach the game.
 */
export function translateColourCodes(text: string): string {
  return text.replace(/&([0-9a-fk-orA-FK-OR])/g, (_whole, code: string) => `§${code.toLowerCase()}`);
}
