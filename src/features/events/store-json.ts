import { mkdir, open, readdir, readFile, rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { DurableAppendFile, privateDirectoryMode } from '../../lib/durable-file.js';
import type { JsonStorePart } from '../../store/json/access.js';
import type { EventLogStore, NewEvent, StoredEvent } from './store.js';

const segmentPattern = /^(\d{12})\.jsonl$/;
/** A new segment file is begun after this many events or this long, so retention deletes whole files. */
const segmentEvents = 20_000;
const segmentMs = 3600_000;
/**
 * The newest events are also kept in memory: most reconnections ask for the
 * last few seconds. At least this many, at most twice as many: cut back only
 * when twice reached, since a copy of ten thousand at every write (thousands
 * a second under load) cost more CPU and garbage than the events themselves.
 */
const recentKept = 10_000;

/**
 * The event log on the JSON store: JSON Lines in `events/`, in segment files
 * named by the first id they hold (`000000000001.jsonl`). An append adds
 * lines to the newest segment, whose file is kept open, and resolves once
 * they are on disk (appends are written one after another; the journal
 * gathers the events that arrive meanwhile into its next), so an id a
 * stream was given is on disk and never given again, even after a kill -9
 * or a power cut. After an append that failed, the next begins a segment of
 * its own. Retention deletes whole segments whose last write is older than
 * the cutoff, never the newest: the ids go on from it. Each start begins a
 * new segment.
 */
export class JsonEventLog implements EventLogStore {
  private nextId = 1;
  private current: { first: number; count: number; startedAt: number; file: DurableAppendFile } | undefined;
  private recent: StoredEvent[] = [];
  private writing: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(private readonly directory: string) {}

  static async open(directory: string): Promise<JsonEventLog> {
    const log = new JsonEventLog(directory);
    await mkdir(directory, { recursive: true, mode: privateDirectoryMode });
    await log.recover();
    return log;
  }

  append(events: readonly NewEvent[]): Promise<StoredEvent[]> {
    const stored = events.map((event) => ({ id: this.nextId++, ...event }));
    const written = this.writing.then(() => this.write(stored));
    this.writing = written.catch(() => undefined);
    return written.then(() => stored);
  }

  async after(id: number, limit: number): Promise<StoredEvent[]> {
    const first = this.recent[0];
    if (first && first.id <= id + 1) return this.recent.filter((event) => event.id > id).slice(0, limit);
    const found: StoredEvent[] = [];
    const segments = await this.segments();
    for (const [index, segment] of segments.entries()) {
      const next = segments[index + 1];
      if (next !== undefined && next <= id + 1) continue;
      for (const event of await this.read(segment)) {
        if (event.id > id) found.push(event);
        if (found.length >= limit) return found;
      }
    }
    return found;
  }

  async range(first: number, last: number, server: string): Promise<StoredEvent[]> {
    return (await this.after(first - 1, last - first + 1)).filter((event) => event.id <= last && event.server === server);
  }

  async bounds(): Promise<{ oldest: number; latest: number }> {
    const segments = await this.segments();
    return { oldest: segments[0] ?? this.nextId, latest: this.nextId - 1 };
  }

  async deleteBefore(cutoff: Date): Promise<number> {
    const segments = await this.segments();
    let deleted = 0;
    for (const segment of segments.slice(0, -1)) {
      const file = this.fileOf(segment);
      if ((await stat(file)).mtimeMs >= cutoff.getTime()) break;
      await rm(file, { force: true });
      deleted += 1;
    }
    const oldest = segments[deleted];
    if (oldest !== undefined) this.recent = this.recent.filter((event) => event.id >= oldest);
    return deleted;
  }

  /** Resolves when every append so far is on disk. */
  async drain(): Promise<void> {
    await this.writing;
  }

  /** Every append so far on disk, and the newest segment's file closed; an append after it is refused. */
  async close(): Promise<void> {
    this.closed = true;
    await this.drain();
    const open = this.current;
    this.current = undefined;
    await open?.file.close();
  }

  private async write(events: StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    if (this.closed) throw new Error('the event log is closed');
    const now = Date.now();
    if (!this.current || this.current.count >= segmentEvents || now - this.current.startedAt >= segmentMs) {
      const first = events[0]!.id;
      const file = await DurableAppendFile.open(this.fileOf(first));
      const previous = this.current;
      this.current = { first, count: 0, startedAt: now, file };
      await previous?.file.close();
    }
    try {
      await this.current.file.append(events.map((event) => `${JSON.stringify(event)}\n`).join(''));
    } catch (error) {
      // Part of it may be on disk without its newline: what comes next goes in a segment of its own rather than onto that cut line (read skips it).
      const failed = this.current;
      this.current = undefined;
      await failed.file.close().catch(() => undefined);
      throw error;
    }
    this.current.count += events.length;
    this.recent.push(...events);
    if (this.recent.length >= 2 * recentKept) this.recent = this.recent.slice(-recentKept);
  }

  private fileOf(first: number): string {
    return path.join(this.directory, `${String(first).padStart(12, '0')}.jsonl`);
  }

  /** The first id of each segment, oldest first. */
  private async segments(): Promise<number[]> {
    return (await readdir(this.directory))
      .flatMap((name) => {
        const match = segmentPattern.exec(name);
        return match ? [Number(match[1])] : [];
      })
      .sort((a, b) => a - b);
  }

  private async read(segment: number): Promise<StoredEvent[]> {
    let text: string;
    try {
      text = await readFile(this.fileOf(segment), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const events: StoredEvent[] = [];
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        events.push(JSON.parse(line) as StoredEvent);
      } catch {
        // A damaged line is skipped rather than hiding the rest of the segment.
      }
    }
    return events;
  }

  /**
   * A kill during a write can leave a last line without its newline: it was
   * never acknowledged, so it is cut off. The ids go on from the newest
   * event on disk, and the newest segment's events are what the memory holds.
   */
  private async recover(): Promise<void> {
    const segments = await this.segments();
    const newest = segments.at(-1);
    if (newest === undefined) return;
    const file = this.fileOf(newest);
    const handle = await open(file, 'r');
    let complete: number;
    try {
      const { size } = await handle.stat();
      const buffer = Buffer.alloc(size);
      await handle.read(buffer, 0, size, 0);
      complete = buffer.lastIndexOf(0x0a) + 1;
    } finally {
      await handle.close();
    }
    await truncate(file, complete);
    const events = await this.read(newest);
    this.recent = events.slice(-recentKept);
    this.nextId = (events.at(-1)?.id ?? newest - 1) + 1;
    // Each start begins a segment of its own at its first event.
  }
}

/** The event log on the JSON store: `events/`, segment files of JSON Lines (not through the journal: nothing is written with an event). */
export const jsonEventLogPart: JsonStorePart<EventLogStore, JsonEventLog> = {
  define: (_database, dataDirectory) => JsonEventLog.open(path.join(dataDirectory, 'events')),
  bind: (_access, _database, log) => log,
  close: (log) => log.close(),
};
