import type { StorePart } from '../port.js';
import type { JsonDatabase, TableTransaction } from './database.js';
import type { TableReader } from './table.js';

/**
 * How a store on the JSON database reads and writes: inside a unit of work
 * (reads see the unit's own changes, writes join it) or on its own (reads see
 * committed state, each write is a unit of its own). Stores are written once
 * against this and work both ways.
 */
export interface JsonAccess {
  read<V>(table: string): TableReader<V>;
  /** Runs `change` in the current unit of work, or as a unit of its own; resolves once durable. */
  write<T>(change: (tx: TableTransaction) => T): Promise<T>;
}

export function committedAccess(database: JsonDatabase): JsonAccess {
  return {
    read: (table) => database.reader(table),
    write: (change) => database.transaction((tx) => change(tx)),
  };
}

/** Inside a unit of work the change is made at once; the unit's end makes it durable. */
export function transactionAccess(tx: TableTransaction): JsonAccess {
  return {
    read: (table) => tx.reader(table),
    write: async (change) => change(tx),
  };
}

/**
 * A feature's store part on the JSON database. `Opened` is what the part
 * keeps for the store's life outside the journal (a log's day files, say):
 * `define` opens it, every `bind` is handed it, `close` finishes it.
 */
export interface JsonStorePart<P, Opened = unknown> {
  /** Declares the part's tables and their files, or opens files of its own; called once before the database opens. */
  define(database: JsonDatabase, dataDirectory: string): Opened | Promise<Opened>;
  /** The part's stores over an access. */
  bind(access: JsonAccess, database: JsonDatabase, opened: Opened): P;
  /** Finishes what the part writes outside the journal, before the database closes. */
  close?(opened: Opened): Promise<void>;
}

/** A store part with its implementation on the JSON database: what the JSON store is handed for each part when it opens. */
export interface JsonPartImplementation<P> {
  readonly part: StorePart<P>;
  readonly json: JsonStorePart<P>;
}
