/**
 * Every store implementation, for the contract suites: the JSON store in a
 * directory of its own, and PostgreSQL (a throwaway server, each fixture
 * with tables under a prefix of its own; skipped, saying why, where no
 * server can be started). A new store joins every contract here.
 */
import { rm } from 'node:fs/promises';
import { allStoreParts } from '../../src/features/index.js';
import type { StorePartImplementations } from '../../src/store/part-implementations.js';
import { JsonStore } from '../../src/store/json/index.js';
import { PostgresStore } from '../../src/store/postgres/index.js';
import type { Store, StorePart } from '../../src/store/port.js';
import { temporaryDirectory } from './gatehouse.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from './postgres.js';

export interface StoreFixture {
  open(): Promise<Store>;
  /** Closes and opens the same data again, as a restart would. */
  reopen(store: Store): Promise<Store>;
  dispose(): Promise<void>;
  /** The JSON store's directory, for suites that look at its files. */
  directory?: string;
}

export interface StoreImplementation {
  /** Once before the suite (a function for mocha's `this`): what the fixtures need. */
  prepare?(context: Mocha.Context): Promise<void>;
  fixture(): Promise<StoreFixture>;
}

/** The parts with the implementations their features declare, for opening a store with only those parts. */
export function implementationsOf(...parts: Array<StorePart<unknown>>): Array<StorePartImplementations<unknown>> {
  const declared = allStoreParts();
  return parts.map((part) => {
    const found = declared.find((binding) => binding.part.name === part.name);
    if (!found) throw new Error(`no feature declares the store part ${part.name}`);
    return found;
  });
}

export function storeImplementations(label: string, tokens: Array<StorePart<unknown>>, json: { checkpointIntervalMs?: number } = {}): Record<string, StoreImplementation> {
  const parts = implementationsOf(...tokens);
  let postgres: ThrowawayPostgres;
  const reopening = (open: () => Promise<Store>) => async (store: Store) => {
    await store.close();
    return open();
  };
  return {
    'JSON files': {
      fixture: async () => {
        const directory = await temporaryDirectory(`gatehouse-${label}-`);
        const open = () => JsonStore.open(directory, { parts, ...json });
        return { open, reopen: reopening(open), dispose: () => rm(directory, { recursive: true, force: true }), directory };
      },
    },
    PostgreSQL: {
      prepare: async (context) => {
        postgres = await requirePostgres(context);
      },
      fixture: async () => {
        const settings = postgres.settings(uniquePrefix(label));
        const open = () => PostgresStore.open(settings, { parts });
        return { open, reopen: reopening(open), dispose: async () => undefined };
      },
    },
  };
}
