import { mkdir, open, readFile, readdir, rm, truncate } from 'node:fs/promises';
import { asciiLowerCase } from '../../lib/ascii.js';
import path from 'node:path';
import type { AppendLog, LogQuery } from '../port.js';
import type { JsonStorePart } from './access.js';
import { appendDurably, privateDirectoryMode } from '../../lib/durable-file.js';

const dayFilePattern = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;

interface PendingAppend<T> {
  record: T;
  resolve: (record: T) => void;
  reject: (error: Error) => void;
}

/**
 * A group's append-only log on the JSON store, as a store part: the day
 * files in `directory` of the data directory. Not written through the
 * journal (nothing is written together with a log entry), so the same log
 * serves inside a unit of work and outside one.
 */
export function datedLogPart<T extends { id: number; timestamp: string }>(directory: string): JsonStorePart<AppendLog<T>, DatedJsonLinesLog<T>> {
  return {
    define: (_database, dataDirectory) => DatedJsonLinesLog.open<T>(path.join(dataDirectory, directory)),
    bind: (_access, _database, log) => log,
    close: (log) => log.drain(),
  };
}

/**
 * High-volume records as JSON Lines, one file per UTC day (`2026-11-21.jsonl`).
 *
 * An append costs the same at a million records as at ten: it adds one line to
 * today's file and never rewrites anything. Appends that arrive while a write
 * is under way are batched into the next write, in id order, and share its
 * sync (group commit). A record is acknowledged once its line is on disk
 * (fdatasync), so neither a kill -9 nor a power cut loses it. Retention
 * deletes whole day files.
 */
export class DatedJsonLinesLog<T extends { id: number; timestamp: string }> implements AppendLog<T> {
  private nextId = 1;
  private pending: Array<PendingAppend<T>> = [];
  private flushing: Promise<void> | null = null;

  private constructor(private readonly directory: string) {}

  static async open<T extends { id: number; timestamp: string }>(directory: string): Promise<DatedJsonLinesLog<T>> {
    const log = new DatedJsonLinesLog<T>(directory);
    await mkdir(directory, { recursive: true, mode: privateDirectoryMode });
    await log.recoverTail();
    return log;
  }

  append(fields: Omit<T, 'id'>): Promise<T> {
    const record = { ...fields, id: this.nextId++ } as T;
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ record, resolve, reject });
      if (!this.flushing) this.flushing = this.flush();
    });
  }

  /** Walks day files from the newest back, reading only as many as it needs. */
  async recent(query: LogQuery<T>): Promise<T[]> {
    const limit = query.limit + (query.offset ?? 0);
    const matches = this.matcher(query);
    const found: T[] = [];
    for (const file of (await this.dayFiles()).reverse()) {
      const records = parseLines<T>(await readFile(path.join(this.directory, file), 'utf8'));
      for (let index = records.length - 1; index >= 0 && found.length < limit; index -= 1) {
        if (matches(records[index]!)) found.push(records[index]!);
      }
      if (found.length >= limit) break;
    }
    return found.slice(query.offset ?? 0);
  }

  /** Reads every day file: the retention keeps them few. */
  async count(query: Pick<LogQuery<T>, 'equals'>): Promise<number> {
    const matches = this.matcher(query);
    let total = 0;
    for (const file of await this.dayFiles()) {
      for (const record of parseLines<T>(await readFile(path.join(this.directory, file), 'utf8'))) if (matches(record)) total += 1;
    }
    return total;
  }

  private matcher(query: Pick<LogQuery<T>, 'equals'>): (record: T) => boolean {
    const wanted = Object.entries(query.equals ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [field, asciiLowerCase(value as string)] as const);
    const matches = (record: T) =>
      wanted.every(([field, value]) => {
        const actual = (record as Record<string, unknown>)[field];
        return typeof actual === 'string' && asciiLowerCase(actual) === value;
      });
    return matches;
  }

  /** Deletes day files whose every record is older than `cutoff`; returns how many went. */
  async deleteBefore(cutoff: Date): Promise<number> {
    let deleted = 0;
    for (const file of await this.dayFiles()) {
      const dayEnd = Date.parse(`${file.slice(0, 10)}T00:00:00.000Z`) + 24 * 3600 * 1000;
      if (dayEnd > cutoff.getTime()) continue;
      await rm(path.join(this.directory, file), { force: true });
      deleted += 1;
    }
    return deleted;
  }

  /** Resolves when everything appended so far is written. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      const linesByFile = new Map<string, string>();
      for (const { record } of batch) {
        const file = path.join(this.directory, `${record.timestamp.slice(0, 10)}.jsonl`);
        linesByFile.set(file, `${(linesByFile.get(file) ?? '') + JSON.stringify(record)}\n`);
      }
      try {
        for (const [file, lines] of linesByFile) await appendDurably(file, lines);
        for (const entry of batch) entry.resolve(entry.record);
      } catch (error) {
        for (const entry of batch) entry.reject(error as Error);
      }
    }
    this.flushing = null;
  }

  private async dayFiles(): Promise<string[]> {
    return (await readdir(this.directory)).filter((name) => dayFilePattern.test(name)).sort();
  }

  /**
   * A kill during a write can leave a last line without its newline; it was
   * never acknowledged, so cut it off before appending after it. Then continue
   * the id sequence from the newest record on disk. Only the tail of the
   * newest file is read, so start-up does not grow with the log.
   */
  private async recoverTail(): Promise<void> {
    for (const file of (await this.dayFiles()).reverse()) {
      const fullPath = path.join(this.directory, file);
      const { text, start } = await readTail(fullPath, tailBytes);
      const lastNewline = text.lastIndexOf('\n');
      const completeLength = start + (lastNewline + 1);
      if (lastNewline + 1 !== text.length) await truncate(fullPath, completeLength);
      // The first line of a tail read from the middle of the file may be partial: skip it.
      const complete = text.slice(0, lastNewline + 1);
      const records = parseLines<T>(start > 0 ? complete.slice(complete.indexOf('\n') + 1) : complete);
      if (records.length > 0) {
        this.nextId = Math.max(...records.map((record) => record.id)) + 1;
        return;
      }
      if (start > 0) {
        // A tail with no whole record in it: fall back to the whole file.
        const all = parseLines<T>((await readFile(fullPath, 'utf8')).slice(0, completeLength));
        if (all.length > 0) {
          this.nextId = Math.max(...all.map((record) => record.id)) + 1;
          return;
        }
      }
    }
  }
}

const tailBytes = 64 * 1024;

/** The last `bytes` of a file (as UTF-8, cut at a line start by the caller) and where they begin. */
async function readTail(file: string, bytes: number): Promise<{ text: string; start: number }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    // latin1 maps each byte to one character, so string offsets are file offsets for truncate.
    // Only ids (ASCII digits) are read from these records, so non-ASCII text may be garbled.
    return { text: buffer.toString('latin1'), start };
  } finally {
    await handle.close();
  }
}

function parseLines<T>(text: string): T[] {
  const records: T[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      records.push(JSON.parse(line) as T);
    } catch {
      // A damaged line is skipped rather than hiding the rest of the day.
    }
  }
  return records;
}
