import { OpenedParts } from '../opened-parts.js';
import type { Store, StorePart, StoreSnapshot, TransactionalStores } from '../port.js';
import { committedAccess, transactionAccess, type JsonAccess, type JsonPartImplementation, type JsonStorePart } from './access.js';
import { JsonDatabase } from './database.js';
import { ensurePrivateDirectory } from '../../lib/durable-file.js';
import { defineKeys, JsonKeyStore } from './secrets.js';
import { defineUsers, JsonUserStore, type UserIndex } from './users.js';

export interface JsonStoreOptions {
  /** Features' own records, each with its JSON implementation, declared before the store opens. */
  parts?: Array<JsonPartImplementation<unknown>>;
  /** How often changed tables are written to their files (the journal keeps everything in between). */
  checkpointIntervalMs?: number;
  logInfo?: (message: string) => void;
  logError?: (message: string) => void;
}

/**
 * The JSON-file store. Its own layout under the data directory:
 *   journal/                   every write, one line per unit of work, until a checkpoint
 *   users/users-NNNNNN.json    users, 1,000 to a file by id, written at checkpoints, whole and atomically
 *   jwt-signing.key            the token signing key
 * and what each group's store part keeps there (settings.json, messages.json,
 * audit/, economy/, ...: docs/storage.md lists them), declared before the
 * database opens. The directory and every file in it are readable by their
 * owner only.
 */
export class JsonStore implements Store {
  readonly kind = 'json';
  readonly users: JsonUserStore;
  readonly keys: JsonKeyStore;
  private readonly parts: OpenedParts<JsonAccess, JsonStorePart<unknown>>;
  private readonly committedParts: <P>(definition: StorePart<P>) => P;

  private constructor(
    private readonly database: JsonDatabase,
    private readonly userIndex: UserIndex,
    parts: Map<string, { implementation: JsonStorePart<unknown>; opened: unknown }>,
  ) {
    this.parts = new OpenedParts(parts, (implementation, access, opened) => implementation.bind(access, database, opened));
    const stores = this.storesOver(committedAccess(database));
    this.users = stores.users;
    this.keys = stores.keys;
    this.committedParts = stores.part;
  }

  static async open(dataDirectory: string, options: JsonStoreOptions = {}): Promise<JsonStore> {
    // The data/ of a fresh clone holds only its README: tightening that is no news.
    if (await ensurePrivateDirectory(dataDirectory, ['README.md'])) {
      options.logInfo?.(`data directory ${dataDirectory} was readable by other users; it is now owner-only (0700)`);
    }
    const database = new JsonDatabase({ checkpointIntervalMs: options.checkpointIntervalMs, logError: options.logError });
    const userIndex = defineUsers(database, dataDirectory);
    defineKeys(database, dataDirectory);
    const parts = new Map<string, { implementation: JsonStorePart<unknown>; opened: unknown }>();
    for (const { part, json } of options.parts ?? []) parts.set(part.name, { implementation: json, opened: await json.define(database, dataDirectory) });
    await database.open(dataDirectory);
    return new JsonStore(database, userIndex, parts);
  }

  part<P>(definition: StorePart<P>): P {
    return this.committedParts(definition);
  }

  transaction<T>(work: (tx: TransactionalStores) => Promise<T>): Promise<T> {
    return this.database.transaction((tx) => work(this.storesOver(transactionAccess(tx))));
  }

  snapshot<R>(atPoint: (tx: TransactionalStores) => Promise<R>): Promise<StoreSnapshot<R>> {
    return this.database.snapshot((tx) => atPoint(this.storesOver(transactionAccess(tx))));
  }

  async statistics(): Promise<Record<string, number>> {
    const journal = this.database.journalStatistics();
    return { users: await this.users.count(), unitsOfWork: journal.units, journalSyncs: journal.syncs };
  }

  /** Units of work written and the syncs that made them durable, since start. */
  journalStatistics(): { units: number; syncs: number } {
    return this.database.journalStatistics();
  }

  /** Writes every table to its files now (tests use it to look at the files). */
  checkpoint(): Promise<void> {
    return this.database.checkpoint();
  }

  async close(): Promise<void> {
    await this.parts.close();
    await this.database.close();
  }

  private storesOver(access: JsonAccess) {
    return { users: new JsonUserStore(access, this.userIndex), keys: new JsonKeyStore(access), part: this.parts.binderFor(access) };
  }
}
