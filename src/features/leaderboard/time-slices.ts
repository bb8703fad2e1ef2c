/**
 * Long work in slices of a few milliseconds, handing the event loop back
 * between them, so a leaderboard of 10^5 players is rebuilt without holding
 * up the requests and game events that arrive meanwhile.
 */
import { performance } from 'node:perf_hooks';

export class TimeSlicer {
  private sliceStarted = performance.now();
  private steps = 0;

  constructor(private readonly budgetMs = 4) {}

  /** Counts one small step; true when the slice's budget is spent (the clock is read every 1,024 steps). */
  due(): boolean {
    if ((++this.steps & 1023) !== 0) return false;
    return this.dueNow();
  }

  /** True when the slice's budget is spent, reading the clock now (after a larger piece of work). */
  dueNow(): boolean {
    return performance.now() - this.sliceStarted >= this.budgetMs;
  }

  /** Lets everything waiting on the event loop run, then starts a new slice. */
  async pause(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStarted = performance.now();
  }
}

/**
 * A stable merge sort that pauses between slices: the result of
 * `[...items].sort(compare)`, without one long block of the event loop.
 */
export async function sortInSlices<T>(items: readonly T[], compare: (a: T, b: T) => number, slicer = new TimeSlicer()): Promise<T[]> {
  const run = 2048;
  let source: T[] = new Array<T>(items.length);
  // Short runs sorted natively (well under a millisecond each), then merged pairwise.
  for (let start = 0; start < items.length; start += run) {
    const sorted = items.slice(start, start + run).sort(compare);
    for (let index = 0; index < sorted.length; index += 1) source[start + index] = sorted[index]!;
    if (slicer.dueNow()) await slicer.pause();
  }
  let target: T[] = new Array<T>(items.length);
  for (let width = run; width < items.length; width *= 2) {
    for (let left = 0; left < items.length; left += 2 * width) {
      const middle = Math.min(left + width, items.length);
      const end = Math.min(left + 2 * width, items.length);
      let i = left;
      let j = middle;
      let k = left;
      while (i < middle && j < end) {
        // Ties keep the left run's first: the sort stays stable.
        target[k++] = compare(source[j]!, source[i]!) < 0 ? source[j++]! : source[i++]!;
        if (slicer.due()) await slicer.pause();
      }
      while (i < middle) target[k++] = source[i++]!;
      while (j < end) target[k++] = source[j++]!;
    }
    [source, target] = [target, source];
  }
  return source;
}
