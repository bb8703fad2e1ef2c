/**
 * Backups: one at a time, asked for through the API, by the schedule, or
 * before a restart; each taken while Gatehouse serves requests (take.ts)
 * into the backups directory, where retention then keeps the newest of the
 * last days and weeks. Its events say when one starts, is done or fails.
 */
import { EventEmitter } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BackupSchedule } from '../../config/backup-schedule.js';
import { ApiError } from '../../errors.js';
import type { GamePort } from '../../game/port.js';
import type { Store } from '../../store/port.js';
import { ArchiveDirectory, archiveName, type ArchiveListing } from './archives.js';
import { restoredNoteName, type BackupManifest, type BackupReason, type RestoredNote } from './manifest.js';
import { archivesToDelete } from './retention.js';
import { nextBackupAt } from './schedule.js';
import { takeBackup, type BackupProgress, type WorldSource } from './take.js';

export interface RunningBackup extends BackupProgress {
  name: string;
  reason: BackupReason;
  requestedBy: string | null;
  startedAt: string;
}

export interface TakenBackup {
  name: string;
  file: string;
  bytes: number;
  manifest: BackupManifest;
  /** How long it took, in milliseconds. */
  tookMs: number;
  /** Archives retention deleted after it. */
  deleted: string[];
}

export interface BackupFailure {
  name: string;
  reason: BackupReason;
  requestedBy: string | null;
  startedAt: string;
  error: string;
}

export interface BackupEvents {
  started: [RunningBackup];
  taken: [TakenBackup];
  failed: [BackupFailure];
  /** At the first start after a restore (npm run restore), the archive it came from. */
  restored: [RestoredNote];
}

export interface BackupOptions {
  directory: string;
  dataDirectory: string;
  serverId: string;
  storage: 'json' | 'postgresql';
  schedule: BackupSchedule;
  keepDaily: number;
  keepWeekly: number;
  store: Store;
  /** This server's own game. */
  game: GamePort;
  now: () => Date;
  log: (message: string) => void;
  logError: (message: string) => void;
}

/** A backup is being taken already (409). */
export class BackupRunningError extends ApiError {
  constructor(running: RunningBackup) {
    super(409, `A backup is being taken already (${running.name}, started ${running.startedAt}); wait for it to finish`, 'backup_running');
  }
}

export class BackupService {
  readonly events = new EventEmitter<BackupEvents>();
  readonly archives: ArchiveDirectory;
  private current: { progress: RunningBackup; done: Promise<TakenBackup> } | null = null;
  private lastFailure: BackupFailure | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: BackupOptions) {
    this.archives = new ArchiveDirectory(options.directory);
  }

  running(): RunningBackup | null {
    return this.current && { ...this.current.progress };
  }

  /** The last backup that failed, until one succeeds. */
  failure(): BackupFailure | null {
    return this.lastFailure;
  }

  list(): Promise<ArchiveListing[]> {
    return this.archives.list();
  }

  /**
   * Starts a backup and answers once it has its archive's name, with what
   * runs; `done` settles when it is complete (or failed). Throws
   * BackupRunningError while one runs.
   */
  async start(reason: BackupReason, requestedBy: string | null): Promise<{ backup: RunningBackup; done: Promise<TakenBackup> }> {
    if (this.current) throw new BackupRunningError(this.current.progress);
    const startedAt = this.options.now();
    const progress: RunningBackup = { name: '', reason, requestedBy, startedAt: startedAt.toISOString(), step: 'pausing world saving', files: 0, bytes: 0 };
    let named!: () => void;
    const naming = new Promise<void>((resolve) => {
      named = resolve;
    });
    const done = this.run(progress, startedAt, named);
    this.current = { progress, done };
    const finished = () => {
      if (this.current?.done === done) this.current = null;
    };
    done.then(finished, finished);
    await Promise.race([naming, done.catch(() => undefined)]);
    return { backup: { ...progress }, done };
  }

  /** Takes a backup and resolves once it is complete; waits for one already running first. */
  async take(reason: BackupReason, requestedBy: string | null): Promise<TakenBackup> {
    while (this.current) await this.current.done.catch(() => undefined);
    return (await this.start(reason, requestedBy)).done;
  }

  /** At start: leftovers of a backup a crash cut short go, and the game's saving, which it may have left paused, is turned on. */
  async recover(): Promise<void> {
    const leftovers = await this.archives.removeLeftovers();
    if (leftovers === 0) return;
    this.options.log(`backups: removed ${leftovers} unfinished archive(s) of a backup that was cut short`);
    const saves = this.options.game.capability('saves');
    if (!saves) return;
    const resume = () => saves.resume().catch((error: Error) => this.options.logError(`backups: turning the game's saving on again after a backup cut short: ${error.message}`));
    if (this.options.game.isConnected()) await resume();
    else this.options.game.events.once('connection', () => void resume());
  }

  /** The restore made on this data directory while Gatehouse was stopped, if one was (its note is then deleted): emitted as 'restored'. */
  async takeRestoredNote(): Promise<RestoredNote | null> {
    const file = path.join(this.options.dataDirectory, restoredNoteName);
    let note: RestoredNote;
    try {
      note = JSON.parse(await readFile(file, 'utf8')) as RestoredNote;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      this.options.logError(`backups: ${file} cannot be read (${(error as Error).message}); deleted`);
      await rm(file, { force: true });
      return null;
    }
    await rm(file, { force: true });
    this.options.log(`backups: this data directory was restored from ${note.archive} (taken ${note.createdAt}) at ${note.restoredAt}`);
    this.events.emit('restored', note);
    return note;
  }

  /** Runs the schedule: each due backup, then the next. */
  startSchedule(lastBackupAt: () => Promise<Date | null>): void {
    // A scheduled backup that failed counts as taken for the next one's time: an interval runs from it, so a failing backup is not taken again at once.
    let lastAttemptAt: Date | null = null;
    const plan = async () => {
      if (this.stopped) return;
      const now = this.options.now();
      let lastTaken: Date | null = null;
      try {
        lastTaken = await lastBackupAt();
      } catch (error) {
        this.options.logError(`backups: listing the archives for the schedule: ${(error as Error).message}`);
      }
      const last = [lastTaken, lastAttemptAt].reduce<Date | null>((latest, date) => (date && (!latest || date > latest) ? date : latest), null);
      const due = nextBackupAt(this.options.schedule, now, last);
      if (!due) return;
      // Timers hold at most about 24.8 days; a longer wait is planned again on the way.
      const wait = Math.min(Math.max(0, due.getTime() - now.getTime()), 2 ** 31 - 1);
      this.timer = setTimeout(() => {
        // Woken before it is due (a wait longer than a timer holds): only plan again.
        const early = due.getTime() > this.options.now().getTime() + 1000;
        if (!early) lastAttemptAt = this.options.now();
        const taken = early ? Promise.resolve() : this.take('scheduled', null).then(() => undefined);
        void taken.catch(() => undefined).then(plan);
      }, wait);
      this.timer.unref();
    };
    void plan();
  }

  /** Stops the schedule and waits for a backup under way to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.current?.done.catch(() => undefined);
  }

  private async run(progress: RunningBackup, startedAt: Date, named: () => void): Promise<TakenBackup> {
    try {
      // No other backup starts meanwhile (start() set this one as current): the name stays free.
      progress.name = archiveName(this.options.serverId, startedAt, await this.archives.takenNames());
      named();
      this.events.emit('started', { ...progress });
      const taken = await takeBackup({
        directory: this.options.directory,
        name: progress.name,
        dataDirectory: this.options.dataDirectory,
        store: this.options.store,
        storage: this.options.storage,
        worlds: this.worldSource(),
        reason: progress.reason,
        requestedBy: progress.requestedBy,
        now: this.options.now,
        onProgress: (now) => Object.assign(progress, now),
        logError: this.options.logError,
      });
      const deleted = await this.applyRetention();
      const result: TakenBackup = { ...taken, name: progress.name, tookMs: this.options.now().getTime() - startedAt.getTime(), deleted };
      this.lastFailure = null;
      this.options.log(
        `backup ${progress.name} (${progress.reason}) written to ${taken.file}: ${formatBytes(taken.bytes)}, ${taken.manifest.files.length} files, in ${(result.tookMs / 1000).toFixed(1)} s` +
          (deleted.length > 0 ? `; retention deleted ${deleted.join(', ')}` : ''),
      );
      this.events.emit('taken', result);
      return result;
    } catch (error) {
      const failure: BackupFailure = {
        name: progress.name,
        reason: progress.reason,
        requestedBy: progress.requestedBy,
        startedAt: progress.startedAt,
        error: (error as Error).message,
      };
      this.lastFailure = failure;
      this.options.logError(`backup ${progress.name} (${progress.reason}) failed, and no archive of it was kept: ${failure.error}`);
      this.events.emit('failed', failure);
      throw error;
    }
  }

  /** The game's worlds: with their saving paused where it can be, else why there are none. */
  private worldSource(): WorldSource {
    const { game } = this.options;
    const saves = game.capability('saves');
    if (!saves) return { missing: `the game (${game.adapterName}) cannot pause the saving of its worlds, so they are not in this backup` };
    if (!game.isConnected()) return { missing: 'the game server was not connected, so its worlds are not in this backup' };
    return { saves };
  }

  private async applyRetention(): Promise<string[]> {
    const archives = await this.archives.list();
    const doomed = archivesToDelete(archives, this.options.keepDaily, this.options.keepWeekly);
    for (const archive of doomed) await this.archives.remove(archive.name);
    return doomed.map((archive) => archive.name);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
