/**
 * What a banned player reads, from Gatehouse's texts (messages.yml): the
 * reason, and for a ban with an end how long is left, worded the same by
 * every adapter that lets Gatehouse word it (the Paper plugin's BanTexts
 * class words it alike in Java).
 */
import type { BanTexts, GameBan } from './port.js';

/** The refusal for `ban` at `now` (ms): its reason, and the time left when it ends. */
export function banRefusal(texts: BanTexts, ban: Pick<GameBan, 'reason' | 'expires'>, now = Date.now()): string {
  const values: Record<string, string> = { reason: ban.reason, time: ban.expires === null ? '' : timeLeft(Date.parse(ban.expires) - now) };
  // In one pass, so a reason that reads `{time}` stays as it reads.
  return (ban.expires === null ? texts.permanent : texts.temporary).replace(/\{(reason|time)\}/g, (_whole, name: string) => values[name]!);
}

/** How long is left, in its two largest units: `2d 3h`, `5h 12m`, `3m 20s`, `45s` (at least 1s). */
export function timeLeft(milliseconds: number): string {
  let seconds = Math.max(1, Math.ceil(milliseconds / 1000));
  const parts: Array<[number, string]> = [];
  for (const [size, unit] of [
    [86_400, 'd'],
    [3600, 'h'],
    [60, 'm'],
    [1, 's'],
  ] as const) {
    parts.push([Math.floor(seconds / size), unit]);
    seconds %= size;
  }
  const first = parts.findIndex(([count]) => count > 0);
  return parts
    .slice(first, first + 2)
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count}${unit}`)
    .join(' ');
}

/** Whether a ban is in force at `now` (ms): without an end, or ending later. */
export function banInForce(ban: Pick<GameBan, 'expires'>, now = Date.now()): boolean {
  return ban.expires === null || Date.parse(ban.expires) > now;
}
