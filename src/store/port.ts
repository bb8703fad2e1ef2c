/**
 * The store port: the only way services reach persistent data. The JSON-file
 * store is one implementation; any other (SQL, say) must pass the same
 * contract tests in test/contracts/store.test.ts.
 *
 * Every write resolves only once the data is durable against a crash of this
 * process; callers acknowledge a request after that and never before.
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
  /** Throws UniqueConflictError when the username (case-insensitively) or the game player is taken. */
  create(user: NewUser): Promise<UserRecord>;
  recordLogin(id: number, at: string): Promise<void>;
  list(query: UserQuery): Promise<{ users: UserRecord[]; total: number }>;
  count(): Promise<number>;
}

export interface RegistrationCodeRecord {
  code: string;
  gameUsername: string;
  gameUuid: string;
  createdAt: string;
  expiresAt: string;
}

export interface RegistrationCodeStore {
  /** Stores the code and removes every earlier code of the same player. */
  replaceForPlayer(record: RegistrationCodeRecord): Promise<void>;
  find(code: string): Promise<RegistrationCodeRecord | undefined>;
  remove(code: string): Promise<void>;
  /** Removes codes that expired before `now`; returns how many. */
  removeExpired(now: Date): Promise<number>;
}

export type ConnectionAction = 'LOGIN' | 'LOGOUT';

export interface ConnectionLogEntry {
  id: number;
  username: string;
  action: ConnectionAction;
  ipAddress: string;
  timestamp: string;
  success: boolean;
  /** Why a login was refused; only on refused logins. */
  reason?: string;
}

export interface ConnectionLogStore {
  append(entry: Omit<ConnectionLogEntry, 'id'>): Promise<ConnectionLogEntry>;
  /** Newest first. `username` matches case-insensitively. */
  recent(query: { limit: number; username?: string }): Promise<ConnectionLogEntry[]>;
  /** Deletes entries older than `cutoff`; returns how many day files went. */
  deleteBefore(cutoff: Date): Promise<number>;
}

export interface Store {
  readonly users: UserStore;
  readonly registrationCodes: RegistrationCodeStore;
  readonly connectionLog: ConnectionLogStore;
  close(): Promise<void>;
}
