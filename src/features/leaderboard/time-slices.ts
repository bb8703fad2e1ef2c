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
