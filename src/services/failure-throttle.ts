/**
 * Counts failed logins and code checks per key (a client address, an account)
 * in a sliding window. Past the limit, callers answer 429 with Retry-After.
 * Memory is bounded: the oldest keys are forgotten first.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
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

  recordFailure(keys: string[]): void {
    const at = this.now();
    for (const key of keys) {
      const recent = this.recent(key);
      recent.push(at);
      this.failures.delete(key);
      this.failures.set(key, recent.slice(-this.maxFailures));
    }
    while (this.failures.size > this.maxKeys) this.failures.delete(this.failures.keys().next().value!);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > cutoff);
  }
}
