/**
 * Deletes what is past its retention. Features register a step each (the
 * connection log after 30 days, expired registration codes, ...); the job
 * runs them all at start and then every hour, each on its own, so one
 * failing does not keep the others from running.
 */
export type RetentionStep = (now: Date) => Promise<number>;

export class RetentionJob {
  private readonly steps = new Map<string, RetentionStep>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly logError: (message: string) => void = console.error,
    /** Runs the job unless another instance on the database is running it (on a network, it runs once). */
    private readonly exclusively: <T>(work: () => Promise<T>) => Promise<T | undefined> = (work) => work(),
  ) {}

  /** A step that deletes records older than `days` days: `deleteBefore` gets the cutoff. */
  keepDays(name: string, days: number, deleteBefore: (cutoff: Date) => Promise<number>): void {
    this.register(name, (now) => deleteBefore(new Date(now.getTime() - days * 24 * 3600_000)));
  }

  register(name: string, step: RetentionStep): void {
    if (this.steps.has(name)) throw new Error(`retention step ${name} registered twice`);
    this.steps.set(name, step);
  }

  start(intervalMs = 3600_000): void {
    const run = () => void this.exclusively(() => this.runOnce()).catch((error: Error) => this.logError(`retention: ${error.message}`));
    run();
    this.timer = setInterval(run, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Runs every step now; returns how many records (or day files) each deleted. */
  async runOnce(): Promise<Record<string, number>> {
    const now = this.now();
    const report: Record<string, number> = {};
    for (const [name, step] of this.steps) {
      try {
        report[name] = await step(now);
      } catch (error) {
        this.logError(`retention (${name}): ${(error as Error).message}`);
      }
    }
    return report;
  }
}
