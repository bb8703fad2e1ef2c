/**
 * A table of the JSON store: records by key in memory, with unique indexes.
 * Only the database changes it, when a unit of work commits or when the
 * journal is replayed at start; everyone else reads it, or reads through a
 * transaction that sees its own uncommitted changes first.
 */

/** Maps a record to its key in a unique index (undefined: not indexed). */
export type IndexKey<V> = (record: V) => string | undefined;

export interface TableDefinition<V> {
  name: string;
  uniqueIndexes?: Record<string, IndexKey<V>>;
}

/** Reading a table: the committed state, or a transaction's view of it. */
export interface TableReader<V> {
  get(key: string): V | undefined;
  findBy(index: string, indexKey: string): V | undefined;
  /** Every record (a scan: for small tables or rare jobs). */
  values(): Iterable<V>;
}

export type ChangeListener<V> = (key: string, before: V | undefined, after: V | undefined) => void;

export class Table<V> implements TableReader<V> {
  readonly name: string;
  private readonly records = new Map<string, V>();
  private readonly indexes = new Map<string, { keyOf: IndexKey<V>; keys: Map<string, string> }>();
  /** Keys changed since the last checkpoint took them. */
  private dirty = new Set<string>();
  private readonly listeners: Array<ChangeListener<V>> = [];

  constructor(definition: TableDefinition<V>) {
    this.name = definition.name;
    for (const [name, keyOf] of Object.entries(definition.uniqueIndexes ?? {})) this.indexes.set(name, { keyOf, keys: new Map() });
  }

  get size(): number {
    return this.records.size;
  }

  get(key: string): V | undefined {
    return this.records.get(key);
  }

  findBy(index: string, indexKey: string): V | undefined {
    const key = this.requireIndex(index).keys.get(indexKey);
    return key === undefined ? undefined : this.records.get(key);
  }

  /** The key holding `indexKey` in a unique index, if any. */
  keyIn(index: string, indexKey: string): string | undefined {
    return this.requireIndex(index).keys.get(indexKey);
  }

  /** In insertion order (the order records were first put). */
  entries(): IterableIterator<[string, V]> {
    return this.records.entries();
  }

  values(): IterableIterator<V> {
    return this.records.values();
  }

  /** Derived state kept beside the table (ordered lists, counters) follows every change through this. */
  onChange(listener: ChangeListener<V>): void {
    this.listeners.push(listener);
  }

  /** Puts (or with undefined removes) a record. For the database only. */
  apply(key: string, value: V | undefined, markDirty = true): void {
    const before = this.records.get(key);
    for (const { keyOf, keys } of this.indexes.values()) {
      const oldIndexKey = before === undefined ? undefined : keyOf(before);
      const newIndexKey = value === undefined ? undefined : keyOf(value);
      const heldByThis = oldIndexKey !== undefined && keys.get(oldIndexKey) === key;
      // Most changes keep the indexed fields (a balance moves, the name stays).
      if (heldByThis && oldIndexKey === newIndexKey) continue;
      if (heldByThis) keys.delete(oldIndexKey);
      if (newIndexKey !== undefined) keys.set(newIndexKey, key);
    }
    if (value === undefined) this.records.delete(key);
    else this.records.set(key, value);
    if (markDirty) this.dirty.add(key);
    for (const listener of this.listeners) listener(key, before, value);
  }

  /** The keys changed since the last call, for a checkpoint. */
  takeDirty(): Set<string> {
    const dirty = this.dirty;
    this.dirty = new Set();
    return dirty;
  }

  /** Puts keys back after a checkpoint failed to write them. */
  restoreDirty(keys: Iterable<string>): void {
    for (const key of keys) this.dirty.add(key);
  }

  /** Which unique index keys of `value` are held by another record, for conflict checks. */
  indexKeysOf(value: V): Array<[index: string, indexKey: string]> {
    const found: Array<[string, string]> = [];
    for (const [name, { keyOf }] of this.indexes) {
      const indexKey = keyOf(value);
      if (indexKey !== undefined) found.push([name, indexKey]);
    }
    return found;
  }

  private requireIndex(index: string) {
    const found = this.indexes.get(index);
    if (!found) throw new Error(`table ${this.name} has no index ${index}`);
    return found;
  }
}
