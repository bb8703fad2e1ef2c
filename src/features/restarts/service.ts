import { EventEmitter } from 'node:events';
import type { GamePort } from '../../game/port.js';
import type { PendingRestart, RestartStore } from './store.js';

/** This server's pending restart in the store (on a network, each server has its own). */
export function restartOf(store: RestartStore, server: string): ServerRestart {
  return { load: () => store.load(server), save: (pending) => store.save(server, pending) };
}

export interface ServerRestart {
  load(): Promise<PendingRestart | null>;
  save(pending: PendingRestart | null): Promise<void>;
}
import type { GameTexts } from '../../texts/catalogue.js';
import type { Actor } from '../../http/caller.js';

export const restartBarId = 'gatehouse:restart';
/** Seconds before the restart at which players get a chat warning. */
const warningSeconds = new Set([60, 30, 10, 5, 4, 3, 2, 1]);

/**
 * Scheduled restarts. A countdown shows on a boss bar to every player (the
 * game adapter shows it to late joiners too), its progress shrinking each
 * second, with chat warnings at 60, 30, 10 and 5..1 seconds. The pending
 * restart is stored, so it survives a restart of Gatehouse itself.
 */
export class RestartService {
  readonly events = new EventEmitter<{
    scheduled: [PendingRestart];
    cancelled: [PendingRestart];
    restarting: [PendingRestart];
  }>();
  private pending: PendingRestart | null = null;
  private ticker: NodeJS.Timeout | null = null;
  private lastWarned: number | null = null;
  private running = false;
  private changes: Promise<unknown> = Promise.resolve();
  private readonly beforeRestartSteps: Array<(pending: PendingRestart) => Promise<void>> = [];

  constructor(
    private readonly store: ServerRestart,
    private readonly game: GamePort,
    private readonly texts: GameTexts,
    private readonly now: () => Date = () => new Date(),
    private readonly logError: (message: string) => void = console.error,
  ) {}

  /** Resumes a restart stored before this process started (an overdue one runs at once). */
  async resume(): Promise<void> {
    const stored = await this.store.load();
    if (stored) this.startCountdown(stored);
  }

  /**
   * Work to finish just before each restart this service makes (a backup),
   * in the order given: the restart waits for it, and goes ahead (with the
   * failure logged) if it fails.
   */
  beforeRestart(step: (pending: PendingRestart) => Promise<void>): void {
    this.beforeRestartSteps.push(step);
  }

  current(): PendingRestart | null {
    return this.pending && { ...this.pending };
  }

  /** Replaces any pending restart. */
  schedule(actor: Actor, delaySeconds: number, reason: string): Promise<PendingRestart> {
    try {
      this.game.require('control');
    } catch (error) {
      return Promise.reject(error);
    }
    return this.serially(() => this.replacePending(actor, delaySeconds, reason));
  }

  /** Returns the cancelled restart, or null when none was pending. */
  cancel(): Promise<PendingRestart | null> {
    return this.serially(() => this.cancelPending());
  }

  /**
   * One schedule or cancel at a time, so the stored restart and the running
   * countdown always agree, whatever order concurrent requests arrive in.
   */
  private serially<T>(change: () => Promise<T>): Promise<T> {
    const result = this.changes.then(change);
    this.changes = result.catch(() => undefined);
    return result;
  }

  private async replacePending(actor: Actor, delaySeconds: number, reason: string): Promise<PendingRestart> {
    const now = this.now();
    const pending: PendingRestart = {
      restartAt: new Date(now.getTime() + delaySeconds * 1000).toISOString(),
      reason,
      requestedBy: actor.name,
      requestedAt: now.toISOString(),
      delaySeconds,
    };
    await this.store.save(pending);
    // Said in game at once, not only by the warnings of the last minute; the countdown then skips a warning due this very second.
    await this.broadcast(
      reason
        ? this.texts.render('restart.scheduled-reason', { time: spokenDuration(delaySeconds), reason })
        : this.texts.render('restart.scheduled', { time: spokenDuration(delaySeconds) }),
    );
    this.startCountdown(pending, { announced: true });
    this.events.emit('scheduled', pending);
    return { ...pending };
  }

  /** No restart pending any more: none kept, no countdown, no boss bar. */
  private async clearPending(): Promise<void> {
    await this.store.save(null);
    this.stopCountdown();
    await this.game
      .capability('bossBars')
      ?.remove(restartBarId)
      .catch(() => undefined);
  }

  private async cancelPending(): Promise<PendingRestart | null> {
    const cancelled = this.pending;
    if (!cancelled || this.running) return null;
    await this.clearPending();
    await this.broadcast(this.texts.render('restart.cancelled'));
    this.events.emit('cancelled', cancelled);
    return cancelled;
  }

  /** Stops the countdown timer (the stored restart stays for the next start). */
  stop(): void {
    this.stopCountdown();
  }

  /** `announced`: the players were just told of this restart, so no warning repeats it at its first second. */
  private startCountdown(pending: PendingRestart, options: { announced?: boolean } = {}): void {
    this.stopCountdown();
    this.pending = pending;
    this.lastWarned = options.announced ? pending.delaySeconds : null;
    void this.tick();
    this.ticker = setInterval(() => void this.tick(), 1000);
    this.ticker.unref();
  }

  private stopCountdown(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.pending = null;
  }

  private async tick(): Promise<void> {
    const pending = this.pending;
    if (!pending || this.running) return;
    const remainingMs = Date.parse(pending.restartAt) - this.now().getTime();
    const remaining = Math.max(0, Math.ceil(remainingMs / 1000));
    if (remainingMs <= 0) return this.execute(pending);
    if (!this.game.isConnected()) return;
    try {
      await this.game.capability('bossBars')?.show({
        id: restartBarId,
        title: pending.reason
          ? this.texts.render('restart.bar-reason', { time: formatSeconds(remaining), reason: pending.reason })
          : this.texts.render('restart.bar', { time: formatSeconds(remaining) }),
        progress: pending.delaySeconds > 0 ? Math.min(1, remaining / pending.delaySeconds) : 0,
        color: 'red',
      });
      if (warningSeconds.has(remaining) && this.lastWarned !== remaining) {
        this.lastWarned = remaining;
        await this.broadcast(this.warningText(remaining, pending.reason));
      }
    } catch (error) {
      this.logError(`restart countdown: ${(error as Error).message}`);
    }
  }

  private async execute(pending: PendingRestart): Promise<void> {
    // Wait for the game if it is away; the countdown timer keeps trying.
    const control = this.game.capability('control');
    if (!this.game.isConnected() || !control) return;
    this.running = true;
    try {
      // Cleared first, so a restart that brings Gatehouse down with it does not loop.
      await this.clearPending();
      this.events.emit('restarting', pending);
      for (const step of this.beforeRestartSteps) {
        await step(pending).catch((error: Error) => this.logError(`before the restart: ${error.message}; restarting anyway`));
      }
      await control.restart(pending.reason || this.texts.render('restart.kick'));
    } catch (error) {
      this.logError(`restart: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  private warningText(seconds: number, reason: string): string {
    if (seconds === 1) return reason ? this.texts.render('restart.warning-last-reason', { reason }) : this.texts.render('restart.warning-last');
    return reason ? this.texts.render('restart.warning-reason', { seconds, reason }) : this.texts.render('restart.warning', { seconds });
  }

  private async broadcast(text: string): Promise<void> {
    if (this.game.isConnected())
      await this.game
        .capability('messaging')
        ?.broadcast(text)
        .catch(() => undefined);
  }
}

function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0 ? `${minutes}:${String(rest).padStart(2, '0')}` : `${rest}s`;
}

/** A delay as chat says it: 1h 30m, 10m, 1m 35s, 45s (the largest units, none that is zero). */
export function spokenDuration(seconds: number): string {
  const parts: Array<[number, string]> = [
    [Math.floor(seconds / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'm'],
    [seconds % 60, 's'],
  ];
  const said = parts.filter(([count]) => count > 0).map(([count, unit]) => `${count}${unit}`);
  return said.length > 0 ? said.join(' ') : '0s';
}
