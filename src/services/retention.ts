import type { Store } from '../store/port.js';

export interface RetentionSettings {
  connectionLogDays: number;
}

/**
 * Deletes what is past its retention: connection log days older than the
 * configured number of days, expired registration codes. Runs at start and
 * then every hour.
 */
export class RetentionJob {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    private readonly settings: RetentionSettings,
    private readonly now: () => Date = () => new Date(),
    private readonly logError: (message: string) => void = console.error,
  ) {}

  start(intervalMs = 3600_000): void {
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async runOnce(): Promise<{ connectionLogFiles: number; registrationCodes: number }> {
    const now = this.now();
    const cutoff = new Date(now.getTime() - this.settings.connectionLogDays * 24 * 3600 * 1000);
    try {
      return {
        connectionLogFiles: await this.store.connectionLog.deleteBefore(cutoff),
        registrationCodes: await this.store.registrationCodes.removeExpired(now),
      };
    } catch (error) {
      this.logError(`retention: ${(error as Error).message}`);
      return { connectionLogFiles: 0, registrationCodes: 0 };
    }
  }
}
