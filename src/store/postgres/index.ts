import { OpenedParts } from '../opened-parts.js';
import type { Store, StorePart, TransactionalStores } from '../port.js';
import { committedAccess, unitAccess, type PostgresAccess, type PostgresPartImplementation, type PostgresStorePart } from './access.js';
import { PostgresDatabase } from './database.js';
import { migrate } from './migrations.js';
import { coreMigrations } from './schema.js';
import type { PostgresSettings } from './settings.js';
import { PostgresKeyStore } from './secrets.js';
import { PostgresUserStore } from './users.js';

export interface PostgresStoreOptions {
  /** Features' own records, each with its PostgreSQL implementation (it must have one), declared before the store opens. */
  parts?: Array<PostgresPartImplementation<unknown>>;
  logInfo?: (message: string) => void;
  logError?: (message: string) => void;
}

/**
 * The PostgreSQL store (`storage.type: postgresql`): one database that
 * several Gatehouse instances may share, every table named with
 * `table-prefix`. The schema is created and upgraded at start (see
 * migrate). Units of work are transactions (see PostgresDatabase for the
 * locking); a write is acknowledged once PostgreSQL acknowledged its commit.
 *
 * `database` is the way in for what needs a connection of its own (the
 * network's LISTEN and its jobs' session locks): `database.openSession()`.
 */
export class PostgresStore implements Store {
  readonly kind = 'postgresql';
  readonly users: PostgresUserStore;
  readonly keys: PostgresKeyStore;
  private readonly parts: OpenedParts<PostgresAccess, PostgresStorePart<unknown>>;
  private readonly committedParts: <P>(definition: StorePart<P>) => P;

  private constructor(
    readonly database: PostgresDatabase,
    parts: Map<string, { implementation: PostgresStorePart<unknown>; opened: unknown }>,
  ) {
    this.parts = new OpenedParts(parts, (implementation, access, opened) => implementation.bind(access, opened));
    const stores = this.storesOver(committedAccess(database));
    this.users = stores.users;
    this.keys = stores.keys;
    this.committedParts = stores.part;
  }

  /** Connects, brings the schema (the port's and every part's) up to date, and opens the store. */
  static async open(settings: PostgresSettings, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const implementations = new Map<string, PostgresStorePart<unknown>>();
    for (const { part, postgres } of options.parts ?? []) {
      if (!postgres) throw new Error(`the store part "${part.name}" has no PostgreSQL implementation yet: use storage.type json`);
      implementations.set(part.name, postgres);
    }
    const database = new PostgresDatabase(settings, { logInfo: options.logInfo, logError: options.logError });
    try {
      await migrate(
        database,
        [{ name: 'core', migrations: coreMigrations }, ...[...implementations].map(([name, part]) => ({ name, migrations: part.migrations }))],
        options.logInfo,
      );
    } catch (error) {
      await database.close();
      throw new Error(`PostgreSQL store at ${database.address}: ${(error as Error).message}`, { cause: error });
    }
    const parts = new Map([...implementations].map(([name, implementation]) => [name, { implementation, opened: implementation.open?.(committedAccess(database)) }]));
    return new PostgresStore(database, parts);
  }

  part<P>(definition: StorePart<P>): P {
    return this.committedParts(definition);
  }

  transaction<T>(work: (tx: TransactionalStores) => Promise<T>): Promise<T> {
    return this.database.transaction((unit) => work(this.storesOver(unitAccess(this.database, unit))));
  }

  async statistics(): Promise<Record<string, number>> {
    return { users: await this.users.count(), ...this.database.statistics() };
  }

  async close(): Promise<void> {
    await this.parts.close();
    await this.database.close();
  }

  private storesOver(access: PostgresAccess) {
    return { users: new PostgresUserStore(access), keys: new PostgresKeyStore(access), part: this.parts.binderFor(access) };
  }
}
