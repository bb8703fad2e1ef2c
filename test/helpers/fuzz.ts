/**
 * What the seeded fuzz tests share: a random source that gives the same
 * sequence for the same seed (so a failure can be replayed with
 * GATEHOUSE_FUZZ_SEED), the hostile strings they send, and the loop that
 * sends a bounded number of requests a few at a time, so they also overlap.
 */
import { seeded } from './seeded-random.js';

export function randomSource(seed: number) {
  const next = seeded(seed);
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof randomSource>;

/** Text a client should never get past validation with, or should get past unharmed: empty, long, NUL, formatting codes, paths, markup, broken JSON, odd numbers, prototype names. */
export const nastyStrings = [
  '',
  ' ',
  'a'.repeat(5000),
  '\u0000',
  'a\u0000b',
  '§k',
  '\u212Ait',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{"a":',
  '%00',
  '😀'.repeat(50),
  'NaN',
  '-1',
  '1e309',
  'Infinity',
  'null',
  '__proto__',
  'constructor',
  '[]',
  'a.b.c',
];

/** Sends `count` requests with `send`, `workers` at a time. */
export async function sendInTurns(count: number, workers: number, send: () => Promise<void>): Promise<void> {
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      sent += 1;
      await send();
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
}
