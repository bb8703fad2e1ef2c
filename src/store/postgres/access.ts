import type { StorePart } from '../port.js';
import type { PostgresDatabase, Queryable } from './database.js';

/**
 * How a store on PostgreSQL reads and writes: inside a unit of work (every
 * statement on the unit's connection, in its transaction) or on its own
 * (each statement committed by itself, `write` a transaction of its own).
 * Stores are written once against this and work both ways, as the JSON
 * store's are against JsonAccess.
 */
export interface PostgresAccess extends Queryable {
  /** A table's (index's, sequence's, function's) name with the configured prefix. */
  name(table: string): string;
  /** An advisory lock key for `name`, scoped to the table prefix. */
  lockKey(name: string): string;
  /**
   * Inside a unit of work: locks taken now (`FOR UPDATE`, advisory) hold
   * until the unit ends. Outside one a read takes none.
   */
  readonly inUnit: boolean;
  /** Runs statements that must go together: in the current unit of work, or as a transaction of their own; resolves once committed. */
  write<T>(work: (unit: Queryable) => Promise<T>): Promise<T>;
}

export function committedAccess(database: PostgresDatabase): PostgresAccess {
  return {
    name: (table) => database.name(table),
    lockKey: (name) => database.lockKey(name),
    inUnit: false,
    query: (sql, params) => database.query(sql, params),
    write: (work) => database.transaction(work),
  };
}

export function unitAccess(database: PostgresDatabase, unit: Queryable): PostgresAccess {
  return {
    name: (table) => database.name(table),
    lockKey: (name) => database.lockKey(name),
    inUnit: true,
    query: (sql, params) => unit.query(sql, params),
    write: (work) => work(unit),
  };
}

/**
 * One step of a schema, applied once per database (per table prefix), in
 * version order, in a transaction with the record that it was applied.
 * Released steps are never edited: a change is a new version.
 */
export interface PostgresMigration {
  version: number;
  description: string;
  /** The SQL (several statements may follow each other), given the prefixed names. */
  sql(names: { name(table: string): string; lockKey(name: string): string }): string;
}

/**
 * A feature's store part on PostgreSQL: its schema's migrations, and its
 * stores over an access. `Opened` is what the part keeps for the store's
 * life (an append log's rows on their way): `open` makes it once the schema
 * is up to date, every `bind` is handed it, `close` finishes it.
 */
export interface PostgresStorePart<P, Opened = unknown> {
  readonly migrations: PostgresMigration[];
  /** Given the store's own access (each statement committed on its own). */
  open?(access: PostgresAccess): Opened;
  bind(access: PostgresAccess, opened: Opened): P;
  /** Finishes what the part still writes, before the database closes. */
  close?(opened: Opened): Promise<void>;
}

/** A store part with its implementation on PostgreSQL, if it has one: what the PostgreSQL store is handed for each part when it opens. */
export interface PostgresPartImplementation<P> {
  readonly part: StorePart<P>;
  /** A store of this kind refuses to open with a part that has none. */
  readonly postgres?: PostgresStorePart<P>;
}
