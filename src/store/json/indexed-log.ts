import { closeSync, openSync, readSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StoreCorruptError } from '../port.js';
import type { PersistedTable, TableFile } from './database.js';
import { privateDirectoryMode, privateFileMode, syncDirectory } from '../../lib/durable-file.js';

/** What an indexed log stores: records with increasing ids and a timestamp, each owned by one numbered group (an account). */
export interface LogRecord {
  id: number;
  timestamp: string;
}

const filePattern = /^(\d{4}-\d{2}-\d{2})-(\d{10})\.jsonl$/;
const indexEntryBytes = 12;

/** A growable array of unsigned 32-bit numbers: a million of them take 4 MB, not 8 plus an object each. */
class GrowableUint32Array {
  private values = new Uint32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const larger = new Uint32Array(this.values.length * 2);
      larger.set(this.values);
      this.values = larger;
    }
    this.values[this.length++] = value;
  }
  at(index: number): number {
    return this.values[index]!;
  }
  set(index: number, value: number): void {
    this.values[index] = value;
  }
  /** Drops the first `count` values (records gone to retention). */
  shift(count: number): void {
    this.values.copyWithin(0, count, this.length);
    this.length -= count;
  }
}

/** A record committed since the last checkpoint, and its JSON if the journal made it. */
interface Pending<T> {
  record: T;
  json: string | undefined;
}

interface DayFile {
  name: string;
  day: string;
  firstId: number;
  lastId: number;
  size: number;
}

/**
 * An append-only log of records kept on disk, not in memory: the ledger,
 * where a million records must not cost a gigabyte. Records are committed
 * through the journal like any table (so they are written together with the
 * balances they explain) and moved at each checkpoint into day files
 * (`2026-11-23-0000000001.jsonl`: the day, then the first id in it); each day
 * file has a binary index beside it (`.idx`: offset, length and group of
 * every record) so that start-up reads 12 bytes a record instead of parsing
 * it. In memory, 8 bytes a record: where it is, and the one before it in its
 * group (each group's records are a chain from its newest). Reading a record
 * is one small read of a file the system has cached.
 *
 * Ids are allocated in commit order, so a day file holds a contiguous range
 * of ids whatever the clock does; retention deletes whole day files.
 */
export class IndexedLog<T extends LogRecord> implements PersistedTable {
  readonly name: string;
  private files: DayFile[] = [];
  /**
   * Records committed but not yet in a day file (until the next checkpoint),
   * each with its JSON as the journal wrote it: the day file's line is the
   * same text, so it is not made a second time (none after a replay).
   */
  private readonly pending = new Map<number, Pending<T>>();
  /**
   * Where each record on disk is, by id - firstId: its offset (its file is the
   * one whose id range holds it; it ends where the next record, or the file,
   * begins).
   */
  private firstId = 1;
  private offsetOf = new GrowableUint32Array();
  /**
   * Each group's records as a chain, newest first: the group's last id, and
   * for every id the one before it in its group (0 at the start). Three
   * typed arrays instead of an array per group: 8 bytes a record.
   */
  private readonly lastOfGroup = new GrowableUint32Array();
  private readonly countOfGroup = new GrowableUint32Array();
  private readonly previousInGroup = new GrowableUint32Array();
  private previousBase = 1;
  private lastIdOnDisk = 0;
  private lastId = 0;
  private readonly descriptors = new Map<string, number>();
  /** Writing day files and deleting them take turns. */
  private busy: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly directory: string,
    options: { name: string; groupOf: (record: T) => number },
  ) {
    this.name = options.name;
    this.groupOf = options.groupOf;
  }

  private readonly groupOf: (record: T) => number;

  /** The id the next record gets. */
  nextId(): number {
    return this.lastId + 1;
  }

  /** How many records there are: on disk (after retention) and committed since the last checkpoint. */
  count(): number {
    return this.offsetOf.length + this.pending.size;
  }

  /** Ids of a group's records, newest first, and how many it has. */
  idsOf(group: number, offset: number, limit: number): { ids: number[]; total: number } {
    const total = group < this.countOfGroup.length ? this.countOfGroup.at(group) : 0;
    const ids: number[] = [];
    let id = group < this.lastOfGroup.length ? this.lastOfGroup.at(group) : 0;
    for (let skipped = 0; id >= this.firstId && id !== 0 && skipped < offset; skipped += 1) id = this.previousOf(id);
    while (id >= this.firstId && id !== 0 && ids.length < limit) {
      ids.push(id);
      id = this.previousOf(id);
    }
    return { ids, total };
  }

  private previousOf(id: number): number {
    return this.previousInGroup.at(id - this.previousBase);
  }

  get(key: string | number): T | undefined {
    const id = Number(key);
    const pending = this.pending.get(id);
    if (pending) return pending.record;
    const index = id - this.firstId;
    if (index < 0 || index >= this.offsetOf.length) return undefined;
    const file = this.files.find((candidate) => candidate.firstId <= id && id <= candidate.lastId);
    if (!file) return undefined;
    const start = this.offsetOf.at(index);
    const end = id < file.lastId ? this.offsetOf.at(index + 1) : file.size;
    const buffer = Buffer.alloc(end - start - 1);
    readSync(this.descriptor(file.name), buffer, 0, buffer.length, start);
    return JSON.parse(buffer.toString('utf8')) as T;
  }

  /** The table side, for the database: records arrive here on commit and on journal replay. */
  apply(key: string, value: unknown, _markDirty?: boolean, json?: string): void {
    const record = value as T | undefined;
    const id = Number(key);
    if (!record || id <= this.lastIdOnDisk || this.pending.has(id)) return;
    this.pending.set(id, { record, json });
    this.lastId = Math.max(this.lastId, id);
    this.follow(id, this.groupOf(record));
  }

  /** Records not yet in a day file; a checkpoint moves them there. */
  takeDirty(): Set<string> {
    return new Set([...this.pending.keys()].map(String));
  }

  /** A failed checkpoint leaves its records pending: the next one writes them again (see appendToFile). */
  restoreDirty(): void {}

  /** Loads the day files' indexes (rebuilding an index a crash left short) and the ids of every group. */
  async load(): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: privateDirectoryMode });
    const names = (await readdir(this.directory)).filter((name) => filePattern.test(name)).sort((a, b) => idOfName(a) - idOfName(b));
    for (const name of names) {
      const file = path.join(this.directory, name);
      const { size } = await stat(file);
      let entries = await readIndex(`${file.slice(0, -'.jsonl'.length)}.idx`);
      if (!coversFile(entries, size)) entries = await this.rebuildIndex(file, size);
      if (entries.length === 0) continue;
      const firstId = idOfName(name);
      if (this.files.length === 0) {
        this.firstId = firstId;
        this.previousBase = firstId;
      }
      if (firstId !== this.firstId + this.offsetOf.length) {
        throw new StoreCorruptError(`${file} starts at id ${firstId}, but the file before it ends at ${this.firstId + this.offsetOf.length - 1}; it was left untouched`);
      }
      for (let position = 0; position < entries.length; position += 1) {
        const id = firstId + position;
        this.offsetOf.push(entries[position]![0]);
        this.follow(id, entries[position]![2]);
      }
      this.files.push({ name, day: filePattern.exec(name)![1]!, firstId, lastId: firstId + entries.length - 1, size });
    }
    this.lastIdOnDisk = this.firstId + this.offsetOf.length - 1;
    this.lastId = this.lastIdOnDisk;
  }

  /** The database's file side: a checkpoint moves pending records into day files (and their indexes), synced. */
  asTableFile(): TableFile<unknown> {
    return {
      load: async () => {
        await this.load();
        return [];
      },
      snapshot: () => {
        const records = [...this.pending.values()].sort((a, b) => a.record.id - b.record.id);
        return () => {
          const run = this.busy.then(() => this.writeRecords(records));
          this.busy = run.catch(() => undefined);
          return run;
        };
      },
    };
  }

  /**
   * Deletes day files whose records are all older than `cutoff`; returns how
   * many records went. Runs between checkpoints, never during one.
   */
  deleteBefore(cutoff: Date): Promise<number> {
    const run = this.busy.then(() => this.deleteFilesBefore(cutoff));
    this.busy = run.catch(() => undefined);
    return run;
  }

  private async deleteFilesBefore(cutoff: Date): Promise<number> {
    const cutoffDay = cutoff.toISOString().slice(0, 10);
    let removed = 0;
    // A file holds the records of its day only. Never the newest file: ids continue from it.
    while (this.files.length > 1 && this.files[0]!.day < cutoffDay) {
      const file = this.files.shift()!;
      const count = file.lastId - file.firstId + 1;
      // The groups of the file's records, from its index, lower the counts.
      for (const [, , group] of await readIndex(path.join(this.directory, file.name.replace(/\.jsonl$/, '.idx')))) {
        if (group < this.countOfGroup.length) this.countOfGroup.set(group, this.countOfGroup.at(group) - 1);
      }
      const descriptor = this.descriptors.get(file.name);
      if (descriptor !== undefined) closeSync(descriptor);
      this.descriptors.delete(file.name);
      await rm(path.join(this.directory, file.name), { force: true });
      await rm(path.join(this.directory, file.name.replace(/\.jsonl$/, '.idx')), { force: true });
      this.offsetOf.shift(count);
      // Chains now end where ids fall below firstId.
      this.firstId += count;
      this.previousInGroup.shift(count);
      this.previousBase += count;
      removed += count;
    }
    return removed;
  }

  close(): void {
    for (const descriptor of this.descriptors.values()) closeSync(descriptor);
    this.descriptors.clear();
  }

  /** Links a new record (ids arrive in order) into its group's chain. */
  private follow(id: number, group: number): void {
    while (this.lastOfGroup.length <= group) {
      this.lastOfGroup.push(0);
      this.countOfGroup.push(0);
    }
    while (this.previousBase + this.previousInGroup.length <= id) this.previousInGroup.push(0);
    this.previousInGroup.set(id - this.previousBase, this.lastOfGroup.at(group));
    this.lastOfGroup.set(group, id);
    this.countOfGroup.set(group, this.countOfGroup.at(group) + 1);
  }

  private async writeRecords(records: Array<Pending<T>>): Promise<void> {
    let position = 0;
    while (position < records.length) {
      const first = records[position]!.record;
      const day = first.timestamp.slice(0, 10);
      let file = this.files.at(-1);
      if (!file || file.day !== day) {
        const name = `${day}-${String(first.id).padStart(10, '0')}.jsonl`;
        file = { name, day, firstId: first.id, lastId: first.id - 1, size: 0 };
        if (this.files.length === 0) this.firstId = file.firstId;
        this.files.push(file);
      }
      // Records of this day (a unit's records share one timestamp, so a unit never straddles two files).
      let end = position;
      while (end < records.length && records[end]!.record.timestamp.slice(0, 10) === day) end += 1;
      await this.appendToFile(file, records.slice(position, end));
      position = end;
    }
  }

  private async appendToFile(file: DayFile, records: Array<Pending<T>>): Promise<void> {
    const fullPath = path.join(this.directory, file.name);
    // One string and one buffer for all the lines: a buffer a line was an allocation and a copy each.
    let text = '';
    const index = Buffer.alloc(records.length * indexEntryBytes);
    let offset = file.size;
    for (const [position, { record, json: journalled }] of records.entries()) {
      const json = journalled ?? JSON.stringify(record);
      const bytes = Buffer.byteLength(json);
      text += `${json}\n`;
      index.writeUInt32LE(offset, position * indexEntryBytes);
      index.writeUInt32LE(bytes, position * indexEntryBytes + 4);
      index.writeUInt32LE(this.groupOf(record), position * indexEntryBytes + 8);
      offset += bytes + 1;
    }
    const created = file.size === 0;
    const indexPath = `${fullPath.slice(0, -'.jsonl'.length)}.idx`;
    // After a failed attempt, cut off whatever it half wrote, so no record is in a file twice.
    await truncateTo(fullPath, file.size);
    await truncateTo(indexPath, (file.lastId - file.firstId + 1) * indexEntryBytes);
    await appendSynced(fullPath, Buffer.from(text));
    await appendSynced(indexPath, index);
    if (created) await syncDirectory(this.directory);
    for (const [position, { record }] of records.entries()) {
      this.offsetOf.push(index.readUInt32LE(position * indexEntryBytes));
      this.pending.delete(record.id);
    }
    file.size = offset;
    file.lastId = records.at(-1)!.record.id;
    this.lastIdOnDisk = file.lastId;
  }

  /** A crash between a day file's append and its index's: read the file once, and write its index again. */
  private async rebuildIndex(file: string, size: number): Promise<Array<[number, number, number]>> {
    const text = await readFile(file);
    const entries: Array<[number, number, number]> = [];
    let start = 0;
    while (start < size) {
      const end = text.indexOf(0x0a, start);
      if (end < 0) break;
      const record = JSON.parse(text.subarray(start, end).toString('utf8')) as T;
      entries.push([start, end - start, this.groupOf(record)]);
      start = end + 1;
    }
    const index = Buffer.alloc(entries.length * indexEntryBytes);
    entries.forEach(([offset, length, group], position) => {
      index.writeUInt32LE(offset, position * indexEntryBytes);
      index.writeUInt32LE(length, position * indexEntryBytes + 4);
      index.writeUInt32LE(group, position * indexEntryBytes + 8);
    });
    await writeFile(`${file.slice(0, -'.jsonl'.length)}.idx`, index, { mode: privateFileMode });
    return entries;
  }

  private descriptor(name: string): number {
    let descriptor = this.descriptors.get(name);
    if (descriptor === undefined) this.descriptors.set(name, (descriptor = openSync(path.join(this.directory, name), 'r')));
    return descriptor;
  }
}

async function truncateTo(file: string, size: number): Promise<void> {
  try {
    if ((await stat(file)).size > size) await truncate(file, size);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

async function appendSynced(file: string, content: Buffer): Promise<void> {
  const handle = await open(file, 'a', privateFileMode);
  try {
    await handle.write(content);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

async function readIndex(file: string): Promise<Array<[number, number, number]>> {
  let buffer: Buffer;
  try {
    buffer = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries: Array<[number, number, number]> = [];
  for (let position = 0; position + indexEntryBytes <= buffer.length; position += indexEntryBytes) {
    entries.push([buffer.readUInt32LE(position), buffer.readUInt32LE(position + 4), buffer.readUInt32LE(position + 8)]);
  }
  return entries;
}

/** An index is whole when its last record ends where the file does. */
function coversFile(entries: Array<[number, number, number]>, size: number): boolean {
  if (entries.length === 0) return size === 0;
  const [offset, length] = entries.at(-1)!;
  return offset + length + 1 === size;
}

function idOfName(name: string): number {
  return Number(filePattern.exec(name)![2]);
}
