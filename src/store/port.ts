/**
 * The store port: the only way services reach persistent data. Two adapters
 * implement it, JSON files in the data directory (./json/) and a PostgreSQL
 * database (./postgres/), and both pass test/contracts/store.test.ts;
 * ./factory.ts opens the one `storage.type` names.
 *
 * It holds what every group shares: the users, the keys every instance must
 * agree on, units of work, and the shape of an append-only log. A group
 * that keeps records of its own declares them as a store part (StorePart,
 * below) in its own folder; this file names none of them.
 *
 * A write resolves only once it is durable (synced to disk, or committed by
 * PostgreSQL); callers acknowledge a request after that and never before.
 * Several writes that must happen together go in one unit of work
 * (`transaction`): all of them, or none, whatever crashes.
 */

export interface UserRecord {
  id: number;
  username: string;
  passwordHash: string;
  email: string;
  gameUsername: string;
  gameUuid: string;
  createdAt: string;
  lastLogin: string | null;
}

export type NewUser = Omit<UserRecord, 'id' | 'lastLogin'>;

export interface UserQuery {
  page: number;
  limit: number;
  /** Case-insensitive substring of the username. */
  search?: string;
}

export class UniqueConflictError extends Error {
  override name = 'UniqueConflictError';
  constructor(readonly field: 'username' | 'gameUuid') {
    super(`${field} already taken`);
  }
}

export interface UserStore {
  /** Case-insensitive. */
  findByUsername(username: string): Promise<UserRecord | undefined>;
  findById(id: number): Promise<UserRecord | undefined>;
  findByGameUuid(uuid: string): Promise<UserRecord | undefined>;
  /** Which of these players have a web account, in one look (the players online: 500 lookups would be 500 statements). */
  gameUuidsWithAccounts(uuids: readonly string[]): Promise<Set<string>>;
  /** By the linked player's name, in any ASCII letter case. */
  findByGameUsername(gameUsername: string): Promise<UserRecord | undefined>;
  /** Throws UniqueConflictError when the username (case-insensitively) or the game player is taken. */
  create(user: NewUser): Promise<UserRecord>;
  recordLogin(id: number, at: string): Promise<void>;
  /** Replaces the account's password hash (a change or a reset); false when there is no such account. */
  setPasswordHash(id: number, passwordHash: string): Promise<boolean>;
  list(query: UserQuery): Promise<{ users: UserRecord[]; total: number }>;
  count(): Promise<number>;
}

/**
 * A query of an append-only log, in terms a database can run: the newest
 * `limit` records whose named string fields equal the given values, ignoring
 * ASCII letter case.
 */
export interface LogQuery<T> {
  limit: number;
  /** How many of the newest matching records to skip first (a page's start); 0 unless said. */
  offset?: number;
  equals?: { [K in keyof T]?: T[K] extends string ? string : never };
}

/**
 * Append-only records with an id and a time, newest first on reading. A
 * group's log is a store part built of the adapters' log pieces
 * (datedLogPart, appendLogPart), so each group names its own record.
 */
export interface AppendLog<T extends { id: number; timestamp: string }> {
  append(entry: Omit<T, 'id'>): Promise<T>;
  recent(query: LogQuery<T>): Promise<T[]>;
  /** How many records match (for a page's total). */
  count(query: Pick<LogQuery<T>, 'equals'>): Promise<number>;
  /** Deletes records older than `cutoff`; returns how many went (records, or whole day files). */
  deleteBefore(cutoff: Date): Promise<number>;
}

/** Secrets every instance sharing the store must agree on (the JWT signing key). */
export interface KeyStore {
  /** The named key, made with `create` and stored the first time it is asked for (by whichever instance is first). */
  getOrCreate(name: string, create: () => Buffer): Promise<Buffer>;
}

/** The stores whose writes may be grouped in a unit of work. */
export interface TransactionalStores {
  readonly users: UserStore;
  readonly keys: KeyStore;
  /** A feature's own store part (see StorePart), inside this unit of work. */
  part<P>(definition: StorePart<P>): P;
}

export interface Store extends TransactionalStores {
  /** `json`, or another implementation's name, for logs and /api/health. */
  readonly kind: string;
  /**
   * Runs `work` as one unit of work: every write made through `tx` is kept
   * together or not at all, and conflicting units run one after another.
   * Resolves with `work`'s result once the writes are durable; a throw from
   * `work` discards them. `work` must touch only the store: never the game,
   * nor the network but for a notice written into the unit itself
   * (Network.publishIn, which goes out with the commit).
   */
  transaction<T>(work: (tx: TransactionalStores) => Promise<T>): Promise<T>;
  /**
   * A copy of the store's files at one point of its units of work, for a
   * backup taken while requests are served, where the store is files in the
   * data directory (the JSON store; a database is backed up with its own
   * tools, so PostgreSQL has none). `atPoint` reads, in a unit of work of
   * its own, whatever the copy should say it holds.
   */
  snapshot?<R>(atPoint: (tx: TransactionalStores) => Promise<R>): Promise<StoreSnapshot<R>>;
  /** Sizes and counters for /api/server/stats: users, and what the implementation can tell. */
  statistics(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/**
 * The store's files at one point between two units of work: the data
 * directory's files as they are on disk (held still until `release`), except
 * the entry `replaces`, which is `files` instead. Copying both gives every
 * unit of work acknowledged before the point and none after, each whole.
 */
export interface StoreSnapshot<R> {
  /** What `atPoint` read at the point. */
  readonly atPoint: R;
  /** The number of the last unit of work in the copy. */
  readonly unit: number;
  /** The data directory's entry (a folder) whose files on disk are not the copy's: `files` stand for it. */
  readonly replaces: string;
  /** Paths relative to the data directory, with their content as of the point. */
  readonly files: ReadonlyArray<{ path: string; content: Buffer }>;
  /** The store may write its files again: call it once the copy is made, whether it worked or not. */
  release(): void;
}

/**
 * A feature's own records (balances, deliveries, ...): a name, typed by the
 * stores `P` it offers. The feature declares it with an implementation per
 * store kind in its wiring, so that a feature that keeps data does not edit
 * the store and this port names no adapter: the store is handed the
 * implementations of its kind when it opens, and finds them by this name.
 */
export interface StorePart<P> {
  readonly name: string;
  /** Never set: carries `P` for the compiler, so `part(definition)` answers the part's own stores. */
  readonly stores?: P;
}

/** The token of a store part named `name` (the name is kept in data: never rename a released part). */
export function storePart<P>(name: string): StorePart<P> {
  return { name };
}

/** The store cannot take writes: its journal could not be written (until a restart), or its database cannot be reached (StoreUnavailableError, until it is back). The API answers 503. */
export class StoreFailedError extends Error {
  override name = 'StoreFailedError';
  /** True when it passes by itself (a database away for now); false when only a restart helps (a journal that failed). */
  readonly passes: boolean = false;
}

export { StoreCorruptError } from '../lib/corrupt-data.js';
