/**
 * One holder at a time per key, in this process: work on the same key runs
 * in turn, work on other keys at once. For what a unit of work cannot
 * cover, such as a purchase paid through Vault (priced in one unit,
 * recorded in another) or a sale (counted, taken in game, then paid).
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    // A key nobody holds (nearly always: an Idempotency-Key is new) is taken at once.
    const tail = previous ? previous.then(() => mine) : mine;
    this.tails.set(key, tail);
    if (previous) await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys held or waited for now (for tests and statistics). */
  get size(): number {
    return this.tails.size;
  }
}
