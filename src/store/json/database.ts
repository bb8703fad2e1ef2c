import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { StoreCorruptError, StoreFailedError, type StoreSnapshot } from '../port.js';
import { ensurePrivateDirectory, writeFileDurably } from '../../lib/durable-file.js';
import { Journal, type JournalOp, unitLine } from './journal.js';
import { SnapshotHold } from './snapshot-hold.js';
import { Table, type TableDefinition, type TableReader } from './table.js';

/**
 * How a table lives on disk between checkpoints: the files data directories
 * have always had (users/, settings.json, ...), so a data directory of an
 * earlier version opens unchanged.
 */
export interface TableFile<V> {
  /** The records as of the last checkpoint. */
  load(): Promise<Iterable<[string, V]>>;
  /**
   * Collects, synchronously (so at one instant between two units of work),
   * what must be written for the keys changed since the last checkpoint.
   * Records are never changed in place, so the collected values stay valid.
   */
  snapshot(table: Table<V>, changed: Set<string>): () => Promise<void>;
}

/** What the database keeps and checkpoints: a Table, or a store of its own kind (the ledger's IndexedLog). */
export interface PersistedTable {
  readonly name: string;
  /** `json`: the value's JSON as the journal wrote it, when a unit of work wrote it (a store may keep it rather than make it again). */
  apply(key: string, value: unknown, markDirty?: boolean, json?: string): void;
  get(key: string): unknown;
  /** The keys changed since the last call, for a checkpoint. */
  takeDirty(): Set<string>;
  restoreDirty(keys: Iterable<string>): void;
}

interface RegisteredTable {
  table: PersistedTable;
  file: TableFile<unknown>;
}

/**
 * The JSON store's database: tables in memory, every change made through a
 * unit of work that is written as one journal line before it is
 * acknowledged, and periodic checkpoints that write the tables' files and
 * let the journal start over.
 *
 * Units of work run one at a time: a unit reads the tables (seeing its own
 * changes first), and its changes are applied all at once when it ends, or
 * not at all when it throws. The next unit may start while the previous one
 * waits for its journal write, which is what lets concurrent units share a
 * sync. A journal that cannot be written stops the store: every later write
 * is refused (503) until Gatehouse is restarted and recovers from disk.
 */
export class JsonDatabase {
  private readonly tables = new Map<string, RegisteredTable>();
  private journal!: Journal;
  private journalDirectory!: string;
  private lastSeq = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private failure: Error | null = null;
  private checkpointing: Promise<void> | null = null;
  private checkpointTimer: NodeJS.Timeout | null = null;
  private unitsSinceCheckpoint = 0;
  /** Set while a snapshot holds the files still (./snapshot-hold.ts): checkpoints wait for it. */
  private readonly hold = new SnapshotHold();

  constructor(private readonly options: { checkpointIntervalMs?: number; checkpointAfterUnits?: number; logError?: (message: string) => void } = {}) {}

  /** Declares a table and its file. All tables are declared before `open`. */
  define<V>(definition: TableDefinition<V>, file: TableFile<V>): Table<V> {
    const table = new Table<V>(definition);
    this.tables.set(definition.name, { table: table as unknown as PersistedTable, file: file as TableFile<unknown> });
    return table;
  }

  /** Declares a store of another kind (see PersistedTable), written through the same journal and checkpoints. */
  defineCustom(table: PersistedTable, file: TableFile<unknown>): void {
    this.tables.set(table.name, { table, file });
  }

  /** Loads every table's file, then replays the journal units after the last checkpoint. */
  async open(dataDirectory: string): Promise<void> {
    this.journalDirectory = path.join(dataDirectory, 'journal');
    await ensurePrivateDirectory(this.journalDirectory);
    for (const { table, file } of this.tables.values()) {
      for (const [key, value] of await file.load()) table.apply(key, value, false);
    }
    const checkpointSeq = await this.readCheckpointSeq();
    const { journal, entries } = await Journal.open(this.journalDirectory);
    this.journal = journal;
    this.lastSeq = checkpointSeq;
    for (const entry of entries) {
      if (entry.seq <= checkpointSeq) continue;
      for (const op of entry.ops) this.requireTable(op.t).apply(op.k, op.v ?? undefined);
      this.lastSeq = Math.max(this.lastSeq, entry.seq);
      this.unitsSinceCheckpoint += 1;
    }
    const interval = this.options.checkpointIntervalMs ?? 30_000;
    this.checkpointTimer = setInterval(() => void this.checkpointQuietly(), interval);
    this.checkpointTimer.unref();
  }

  /** Reads committed state (outside a unit of work). */
  reader<V>(name: string): TableReader<V> {
    return this.table<V>(name);
  }

  /** A table declared with `define` (with indexes and scans). */
  table<V>(name: string): Table<V> {
    const table = this.requireTable(name);
    if (!(table instanceof Table)) throw new Error(`${name} is not a table with indexes`);
    return table as Table<V>;
  }

  /** Whatever is registered under `name`, for single-key reads. */
  persisted(name: string): PersistedTable {
    return this.requireTable(name);
  }

  /**
   * Runs `work` as one unit of work: its changes are applied together and
   * acknowledged (the promise resolves) once they are on disk. `work` must
   * touch only the store: it holds every other unit back while it runs.
   */
  transaction<T>(work: (tx: TableTransaction) => Promise<T> | T): Promise<T> {
    const result = this.queue.then(() => this.runUnit(work));
    this.queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result.then(({ value, durable }) => durable.then(() => value));
  }

  /** Units of work written to the journal since start, and the syncs that made them durable. */
  journalStatistics(): { units: number; syncs: number } {
    return { ...this.journal.statistics };
  }

  /** Writes every table's changed records to its files and lets the journal start over (after any snapshot is released). */
  checkpoint(): Promise<void> {
    this.checkpointing ??= this.hold
      .released()
      .then(() => this.writeCheckpoint())
      .finally(() => {
        this.checkpointing = null;
      });
    return this.checkpointing;
  }

  /**
   * A copy of the journal at one point between two units of work, with the
   * files on disk held still until it is released: `atPoint` runs as a unit
   * of its own that writes nothing (it sees every unit before it and none
   * after), and the journal given is every unit up to it. While the snapshot
   * is held no checkpoint runs, so the tables' files keep the state of the
   * last one, which the journal's units complete; units go on being
   * committed meanwhile, into a segment the copy leaves out.
   */
  async snapshot<R>(atPoint: (tx: TableTransaction) => Promise<R> | R): Promise<StoreSnapshot<R>> {
    // A checkpoint under way finishes first: it writes files and deletes segments.
    await this.hold.take(() => this.checkpointing);
    try {
      const point = this.queue.then(async () => {
        if (this.failure) throw new StoreFailedError(this.failure.message);
        const tx = new TableTransaction(this);
        const value = await atPoint(tx);
        if (tx.ops().length > 0) throw new Error('a snapshot reads the store: its unit writes nothing');
        // No other unit runs until this returns: the journal is closed after exactly the units before it.
        return { value, unit: this.lastSeq, closedSegment: this.journal.rotate() };
      });
      this.queue = point.catch(() => undefined);
      const { value, unit, closedSegment } = await point;
      const closed = await closedSegment;
      await this.journal.drain();
      const failed = this.failure ?? this.journal.failedWith();
      if (failed) throw new StoreFailedError(failed.message);
      const files = await this.journal.unitsThrough(closed, unit);
      const checkpoint = await readFile(path.join(this.journalDirectory, 'checkpoint.json')).catch(() => undefined);
      if (checkpoint) files.push({ name: 'checkpoint.json', content: checkpoint });
      let released = false;
      return {
        atPoint: value,
        unit,
        replaces: 'journal',
        files: files.map(({ name, content }) => ({ path: `journal/${name}`, content })),
        release: () => {
          if (released) return;
          released = true;
          this.hold.release();
        },
      };
    } catch (error) {
      this.hold.release();
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.checkpointTimer) clearInterval(this.checkpointTimer);
    this.checkpointTimer = null;
    await this.queue;
    if (!this.failure) await this.checkpoint();
    await this.journal.close();
  }

  private async runUnit<T>(work: (tx: TableTransaction) => Promise<T> | T): Promise<{ value: T; durable: Promise<void> }> {
    if (this.failure) throw new StoreFailedError(this.failure.message);
    const tx = new TableTransaction(this);
    const value = await work(tx);
    const ops = tx.ops();
    if (ops.length === 0) return { value, durable: Promise.resolve() };
    const seq = ++this.lastSeq;
    // Each value's JSON is made once: for the journal's line, and for a table that writes the same text later (the ledger's day files).
    // A value JSON cannot hold (a BigInt) throws here, before anything is applied: the unit is refused and the store goes on (its seq unused).
    const values = ops.map((op) => JSON.stringify(op.v) as string | undefined);
    for (const [index, op] of ops.entries()) this.requireTable(op.t).apply(op.k, op.v ?? undefined, true, values[index]);
    const durable = this.journal.append(unitLine(seq, ops, values)).catch((error: Error) => {
      this.failure ??= error;
      this.options.logError?.(`store: ${error.message}; no more writes are accepted until Gatehouse is restarted`);
      throw new StoreFailedError(error.message);
    });
    if (++this.unitsSinceCheckpoint >= (this.options.checkpointAfterUnits ?? 20_000)) void this.checkpointQuietly();
    return { value, durable };
  }

  private async writeCheckpoint(): Promise<void> {
    if (this.failure || this.unitsSinceCheckpoint === 0) return;
    const closedSegment = await this.journal.rotate();
    // From here on, one instant: the state between two units, and every unit of the closed segment in it.
    const seq = this.lastSeq;
    this.unitsSinceCheckpoint = 0;
    const writes: Array<{ table: PersistedTable; changed: Set<string>; write: () => Promise<void> }> = [];
    for (const { table, file } of this.tables.values()) {
      const changed = table.takeDirty();
      if (changed.size > 0) writes.push({ table, changed, write: file.snapshot(table as Table<unknown>, changed) });
    }
    try {
      // Files must never hold a unit the journal could still lose.
      await this.journal.drain();
      // A unit whose journal write failed was refused (503) and is in memory only: it must not reach the files either.
      const failed = this.failure as Error | null; // set while drain waited
      if (failed) throw new StoreFailedError(failed.message);
      for (const { write } of writes) await write();
      await writeFileDurably(path.join(this.journalDirectory, 'checkpoint.json'), `${JSON.stringify({ seq })}\n`);
      await this.journal.deleteThrough(closedSegment);
    } catch (error) {
      for (const { table, changed } of writes) table.restoreDirty(changed);
      this.unitsSinceCheckpoint += 1;
      throw error;
    }
  }

  private async checkpointQuietly(): Promise<void> {
    try {
      await this.checkpoint();
    } catch (error) {
      this.options.logError?.(`store checkpoint failed (the journal keeps everything; retrying later): ${(error as Error).message}`);
    }
  }

  private async readCheckpointSeq(): Promise<number> {
    const file = path.join(this.journalDirectory, 'checkpoint.json');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    const seq = (JSON.parse(text) as { seq?: unknown }).seq;
    if (typeof seq !== 'number') throw new StoreCorruptError(`${file} is damaged; it was left untouched`);
    return seq;
  }

  private requireTable(name: string): PersistedTable {
    const registered = this.tables.get(name);
    if (!registered) throw new Error(`the store has no table ${name}`);
    return registered.table;
  }
}

/**
 * A unit of work's view of the tables: its own changes first, then the
 * committed state. Nothing it does is visible to anyone else until it ends.
 */
export class TableTransaction {
  private readonly changes = new Map<string, Map<string, unknown>>();
  /** One reader a table for the unit's life: a unit reads the same tables many times. */
  private readonly readers = new Map<string, TableReader<unknown>>();

  constructor(private readonly database: JsonDatabase) {}

  reader<V>(name: string): TableReader<V> {
    let reader = this.readers.get(name) as TableReader<V> | undefined;
    if (!reader) this.readers.set(name, (reader = this.newReader<V>(name)) as TableReader<unknown>);
    return reader;
  }

  private newReader<V>(name: string): TableReader<V> {
    const table = this.database.table<V>(name);
    return {
      get: (key) => this.get<V>(name, key),
      findBy: (index, indexKey) => {
        const changed = this.changes.get(name);
        if (changed) {
          for (const value of changed.values()) {
            if (value !== null && table.indexKeysOf(value as V).some(([i, k]) => i === index && k === indexKey)) return value as V;
          }
        }
        const key = table.keyIn(index, indexKey);
        if (key === undefined) return undefined;
        const current = this.get<V>(name, key);
        // The committed holder may have been changed or removed by this unit.
        return current !== undefined && table.indexKeysOf(current).some(([i, k]) => i === index && k === indexKey) ? current : undefined;
      },
      values: () => {
        const changed = this.changes.get(name);
        if (!changed) return table.values();
        const merged = new Map(table.entries());
        for (const [key, value] of changed) {
          if (value === null) merged.delete(key);
          else merged.set(key, value as V);
        }
        return merged.values();
      },
    };
  }

  get<V>(name: string, key: string): V | undefined {
    const changed = this.changes.get(name);
    if (changed?.has(key)) return (changed.get(key) ?? undefined) as V | undefined;
    return this.database.persisted(name).get(key) as V | undefined;
  }

  put<V>(name: string, key: string, value: V): void {
    this.changesOf(name).set(key, value);
  }

  remove(name: string, key: string): void {
    this.changesOf(name).set(key, null);
  }

  ops(): JournalOp[] {
    const ops: JournalOp[] = [];
    for (const [t, changed] of this.changes) for (const [k, v] of changed) ops.push({ t, k, v });
    return ops;
  }

  private changesOf(name: string): Map<string, unknown> {
    this.database.persisted(name);
    let changed = this.changes.get(name);
    if (!changed) this.changes.set(name, (changed = new Map()));
    return changed;
  }
}
