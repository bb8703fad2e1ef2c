/**
 * Counts failed logins and code checks per key (a client address, an account)
 * in a sliding window. Past the limit, callers answer 429 with Retry-After.
 * Memory is bounded: the oldest keys are forgotten first.
 */
export class FailureThrottle {
  private readonly failureTimes = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
    /** Failures kept per key: enough to count past the limit, for delays that grow with it. */
    private readonly maxKept = maxFailures + 16,
  ) {}

  /** Seconds until the first of `keys` may try again, or 0 when none is blocked. */
  retryAfterSeconds(keys: string[]): number {
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key);
      if (recent.length >= this.maxFailures) {
        const oldestCounted = recent[recent.length - this.maxFailures]!;
        wait = Math.max(wait, Math.ceil((oldestCounted + this.windowMs - this.now()) / 1000));
      }
    }
    return Math.max(0, wait);
  }

  /** Failures of `key` within the window, and when the newest was (ms), for progressive delays. */
  failures(key: string): { count: number; newestAt: number | undefined } {
    const recent = this.recent(key);
    return { count: recent.length, newestAt: recent.at(-1) };
  }

  /** Forgets a key's failures (a success clears them). */
  clear(key: string): void {
    this.failureTimes.delete(key);
  }

  recordFailure(keys: string[]): void {
    const at = this.now();
    for (const key of keys) {
      const recent = this.recent(key);
      recent.push(at);
      this.failureTimes.delete(key);
      this.failureTimes.set(key, recent.slice(-this.maxKept));
    }
    while (this.failureTimes.size > this.maxKeys) this.failureTimes.delete(this.failureTimes.keys().next().value!);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.failureTimes.get(key) ?? []).filter((at) => at > cutoff);
  }
}
