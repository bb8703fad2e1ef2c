import { open, readdir, readFile, rm, truncate, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { StoreCorruptError } from '../port.js';
import { privateFileMode, syncDirectory } from '../../lib/durable-file.js';

/** One change of one record: `value` null removes it. */
export interface JournalOp {
  /** Table name. */
  t: string;
  /** Record key within the table. */
  k: string;
  v: unknown;
}

/** One unit of work: all of its changes, or (torn by a crash, never acknowledged) none. */
export interface JournalEntry {
  seq: number;
  ops: JournalOp[];
}

const segmentPattern = /^(\d{8})\.jsonl$/;

interface Waiting {
  line: string;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The write-ahead journal of the JSON store: every unit of work is one line,
 * acknowledged once it is on disk (fdatasync). Units that arrive while a
 * write is under way wait for the next write and share its sync (group
 * commit), so throughput is not one sync per unit. Lines are written in the
 * order units committed, so a unit acknowledged after another never survives
 * a crash without it.
 *
 * Segments (`00000001.jsonl`, ...) are rotated at each checkpoint; a segment
 * whose units are all in a checkpoint is deleted.
 */
export class Journal {
  private waiting: Waiting[] = [];
  /** Units written and syncs made since start: their ratio is what group commit saves. */
  readonly statistics = { units: 0, syncs: 0 };
  private flushing: Promise<void> | null = null;
  private failure: Error | null = null;
  private rotateRequested: ((closedSegment: number) => void) | null = null;

  private constructor(
    private readonly directory: string,
    private segment: number,
    private handle: FileHandle,
  ) {}

  /**
   * Opens the journal in `directory` and returns every complete unit on disk,
   * in order. A last line torn by a crash is cut off (it was never
   * acknowledged); a damaged line before it stops start-up.
   */
  static async open(directory: string): Promise<{ journal: Journal; entries: JournalEntry[] }> {
    const segments = await listSegments(directory);
    const entries: JournalEntry[] = [];
    for (const [index, segment] of segments.entries()) {
      const file = path.join(directory, segmentName(segment));
      const text = await readFile(file, 'utf8');
      const complete = text.lastIndexOf('\n') + 1;
      const isLast = index === segments.length - 1;
      if (complete !== text.length) {
        if (!isLast) throw new StoreCorruptError(`${file} ends in the middle of a line; it was left untouched`);
        await truncate(file, Buffer.byteLength(text.slice(0, complete)));
      }
      const lines = text.slice(0, complete).split('\n');
      for (const [lineNumber, line] of lines.entries()) {
        if (!line) continue;
        try {
          entries.push(JSON.parse(line) as JournalEntry);
        } catch {
          throw new StoreCorruptError(`${file} line ${lineNumber + 1} is damaged; it was left untouched (restore it or the data directory from a backup)`);
        }
      }
    }
    const segment = (segments.at(-1) ?? 0) + 1;
    const handle = await openSegment(directory, segment);
    return { journal: new Journal(directory, segment, handle), entries };
  }

  /**
   * Resolves once the unit is on disk; rejects if the journal cannot be
   * written (the store then stops taking writes). `line` is the unit as one
   * line of JSON, without its newline (`unitLine`).
   */
  append(line: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ line: `${line}\n`, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  /**
   * Starts a new segment after the units queued so far are written; resolves
   * with the number of the segment closed, which holds no unit appended later.
   */
  rotate(): Promise<number> {
    return new Promise((resolve) => {
      this.rotateRequested = resolve;
      this.flushing ??= this.flush();
    });
  }

  /** Why the journal stopped taking units, if it did. */
  failedWith(): Error | null {
    return this.failure;
  }

  /**
   * The segments up to and including `segment`, as their files' names and
   * contents, holding only the units up to `lastUnit` (lines are in the order
   * of their units, so the copy of each segment ends at the first later one).
   * For a snapshot: no checkpoint may delete the segments meanwhile.
   */
  async unitsThrough(segment: number, lastUnit: number): Promise<Array<{ name: string; content: Buffer }>> {
    const copies: Array<{ name: string; content: Buffer }> = [];
    for (const number of await listSegments(this.directory)) {
      if (number > segment) continue;
      const content = await readFile(path.join(this.directory, segmentName(number)));
      copies.push({ name: segmentName(number), content: content.subarray(0, endOfUnitsThrough(content, lastUnit)) });
    }
    return copies;
  }

  /** Deletes the segments up to and including `segment`. */
  async deleteThrough(segment: number): Promise<void> {
    for (const old of await listSegments(this.directory)) {
      if (old <= segment) await rm(path.join(this.directory, segmentName(old)), { force: true });
    }
  }

  /** Resolves when everything appended so far is written. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  async close(): Promise<void> {
    await this.drain();
    await this.handle.close();
  }

  private async flush(): Promise<void> {
    try {
      while (this.waiting.length > 0 || this.rotateRequested) {
        if (this.waiting.length > 0) await this.writeBatch();
        else await this.rotateNow();
      }
    } finally {
      this.flushing = null;
    }
  }

  private async writeBatch(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      if (this.failure) throw this.failure;
      await this.handle.write(batch.map((waiting) => waiting.line).join(''));
      await this.handle.datasync();
      this.statistics.units += batch.length;
      this.statistics.syncs += 1;
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      // What is on disk now is unknown; the store must stop acknowledging writes until restarted.
      this.failure ??= new Error(`the store's journal cannot be written: ${(error as Error).message}`);
      for (const waiting of [...batch, ...this.waiting.splice(0)]) waiting.reject(this.failure);
    }
  }

  private async rotateNow(): Promise<void> {
    const resolve = this.rotateRequested!;
    this.rotateRequested = null;
    const closed = this.segment;
    try {
      await this.handle.close();
      this.segment += 1;
      this.handle = await openSegment(this.directory, this.segment);
    } catch (error) {
      this.failure ??= new Error(`the store's journal cannot start a new segment: ${(error as Error).message}`);
    }
    resolve(closed);
  }
}

/**
 * A unit as its journal line: `JSON.stringify({ seq, ops })`, made from the
 * text of each op's value (`values[i]`, the JSON of `ops[i].v`; undefined for
 * none), which the caller has made already and may keep: the ledger writes
 * the same text into its day files at the next checkpoint.
 */
export function unitLine(seq: number, ops: readonly JournalOp[], values: ReadonlyArray<string | undefined>): string {
  let line = `{"seq":${seq},"ops":[`;
  for (const [index, op] of ops.entries()) {
    const value = values[index];
    line += `${index === 0 ? '' : ','}{"t":${JSON.stringify(op.t)},"k":${JSON.stringify(op.k)}${value === undefined ? '' : `,"v":${value}`}}`;
  }
  return `${line}]}`;
}

/** Where the lines of units up to `lastUnit` end in a segment's content. */
function endOfUnitsThrough(content: Buffer, lastUnit: number): number {
  const complete = content.lastIndexOf(0x0a) + 1;
  if (complete === 0) return 0;
  // Most segments end before the point: their last line tells.
  const lastLine = content.lastIndexOf(0x0a, complete - 2) + 1;
  if (seqOfLine(content, lastLine, complete - 1) <= lastUnit) return complete;
  let start = 0;
  while (start < content.length) {
    const end = content.indexOf(0x0a, start);
    if (end < 0) return start;
    if (seqOfLine(content, start, end) > lastUnit) return start;
    start = end + 1;
  }
  return start;
}

/** A line's unit number: read off its start as append writes it (`{"seq":N,`), without parsing the whole line. */
function seqOfLine(content: Buffer, start: number, end: number): number {
  const head = /^\{"seq":(\d+),/.exec(content.toString('latin1', start, Math.min(end, start + 32)));
  if (head) return Number(head[1]);
  return (JSON.parse(content.subarray(start, end).toString('utf8')) as JournalEntry).seq;
}

async function openSegment(directory: string, segment: number): Promise<FileHandle> {
  const handle = await open(path.join(directory, segmentName(segment)), 'a', privateFileMode);
  await syncDirectory(directory);
  return handle;
}

async function listSegments(directory: string): Promise<number[]> {
  return (await readdir(directory))
    .map((name) => segmentPattern.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
}

function segmentName(segment: number): string {
  return `${String(segment).padStart(8, '0')}.jsonl`;
}
