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

/** Append-only records, newest first on reading: audit entries, teleports. */
export interface AppendLog<T extends { id: number; timestamp: string }> {
  append(entry: Omit<T, 'id'>): Promise<T>;
  recent(limit: number, matches?: (entry: T) => boolean): Promise<T[]>;
  deleteBefore(cutoff: Date): Promise<number>;
}

/** Who changed what, when, from where. */
export interface AuditEntry {
  id: number;
  timestamp: string;
  /** Web username, or `service` for the token service account. */
  actor: string;
  ipAddress: string;
  action: string;
  details: Record<string, unknown>;
}

export interface TeleportRecord {
  id: number;
  timestamp: string;
  requestedBy: string;
  player: string;
  from: { world: string; x: number; y: number; z: number };
  to: { world: string; x: number; y: number; z: number; yaw?: number; pitch?: number };
  /** The player teleported to, for player-to-player teleports. */
  target?: string;
}

/** Settings changed through the API, as a partial settings object; the configured defaults fill the rest. */
export type SettingsOverrides = Record<string, unknown>;

export interface SettingsStore {
  load(): Promise<SettingsOverrides>;
  save(overrides: SettingsOverrides): Promise<void>;
}

export type MessageType = 'ANNOUNCEMENT' | 'DIRECT';

export interface MessageRecord {
  id: number;
  type: MessageType;
  content: string;
  createdAt: string;
  /** When an announcement stops being shown to joining players; null for direct messages. */
  expiresAt: string | null;
  /** The in-game recipient of a direct message. */
  recipient?: string;
  sentBy: string;
}

export interface MessageStore {
  add(message: Omit<MessageRecord, 'id'>): Promise<MessageRecord>;
  /** Newest first. */
  list(limit: number): Promise<MessageRecord[]>;
  activeAnnouncements(now: Date): Promise<MessageRecord[]>;
  deleteBefore(cutoff: Date): Promise<number>;
}

export interface PendingRestart {
  restartAt: string;
  reason: string;
  requestedBy: string;
  requestedAt: string;
  /** Seconds of the countdown when it was scheduled, for the boss bar's progress. */
  delaySeconds: number;
}

export interface RestartStore {
  load(): Promise<PendingRestart | null>;
  save(pending: PendingRestart | null): Promise<void>;
}

export interface Store {
  readonly users: UserStore;
  readonly registrationCodes: RegistrationCodeStore;
  readonly connectionLog: ConnectionLogStore;
  readonly auditLog: AppendLog<AuditEntry>;
  readonly teleportLog: AppendLog<TeleportRecord>;
  readonly settings: SettingsStore;
  readonly messages: MessageStore;
  readonly restarts: RestartStore;
  close(): Promise<void>;
}
