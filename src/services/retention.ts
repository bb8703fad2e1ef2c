import type { Store } from '../store/port.js';

export interface RetentionSettings {
  connectionLogDays: number;
  messageDays: number;
  teleportLogDays: number;
  auditLogDays: number;
}

export interface RetentionReport {
  connectionLogFiles: number;
  registrationCodes: number;
  messages: number;
  teleportLogFiles: number;
  auditLogFiles: number;
}

/**
 * Deletes what is past its retention: connection log, message, teleport and
 * audit records older than their configured number of days, and expired
 * registration codes. Runs at start and then every hour.
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

  async runOnce(): Promise<RetentionReport> {
    const now = this.now();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
    const report: RetentionReport = { connectionLogFiles: 0, registrationCodes: 0, messages: 0, teleportLogFiles: 0, auditLogFiles: 0 };
    const steps: Array<[keyof RetentionReport, () => Promise<number>]> = [
      ['connectionLogFiles', () => this.store.connectionLog.deleteBefore(daysAgo(this.settings.connectionLogDays))],
      ['registrationCodes', () => this.store.registrationCodes.removeExpired(now)],
      ['messages', () => this.store.messages.deleteBefore(daysAgo(this.settings.messageDays))],
      ['teleportLogFiles', () => this.store.teleportLog.deleteBefore(daysAgo(this.settings.teleportLogDays))],
      ['auditLogFiles', () => this.store.auditLog.deleteBefore(daysAgo(this.settings.auditLogDays))],
    ];
    // Each step on its own: one failing does not keep the others from running.
    for (const [key, step] of steps) {
      try {
        report[key] = await step();
      } catch (error) {
        this.logError(`retention (${key}): ${(error as Error).message}`);
      }
    }
    return report;
  }
}
