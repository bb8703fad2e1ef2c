/**
 * What the API keys keep in the store: each key's name, scopes, limits and
 * history, and the SHA-256 hash of its secret (never the secret itself). A
 * store part: its implementations are store-json.ts and store-postgres.ts.
 */
import { storePart } from '../../store/port.js';

export interface KeyRateLimit {
  /** Requests allowed in a burst, refilled evenly over `windowSeconds`. */
  requests: number;
  windowSeconds: number;
}

export interface ApiKeyRecord {
  /** Public and stable: names the key in URLs (`key_` and 16 hex digits). */
  id: string;
  name: string;
  /** The secret's first characters, shown so people can tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole secret, in hex. */
  secretHash: string;
  scopes: string[];
  /** The actor who made it (a web username, `service`, or `key:<name>`). */
  createdBy: string;
  createdAt: string;
  expiresAt: string | null;
  rateLimit: KeyRateLimit | null;
  lastUsedAt: string | null;
  lastUsedFrom: string | null;
  /** When the secret was last replaced (rotation), or null. */
  rotatedAt: string | null;
  revokedAt: string | null;
  /** The key that made this one, when a key made it: revoked or expired, it takes this one with it. */
  madeBy?: string;
  /**
   * The key that last gave this one its secret by rotation, when another key
   * did: revoked or expired, it takes this one with it too. A rotation by
   * anyone else clears it.
   */
  rotatedBy?: string;
  /**
   * The operator whose login token made this key (`made`) or last rotated it
   * (`rotated`): the key acts with their standing, refused while they are not
   * an operator. Null when the service token or a key gave it its secret.
   * Absent on keys from before it was kept: read off `createdBy` then.
   */
  operator?: KeyOperator | null;
}

export interface KeyOperator {
  /** The operator's player name in game. */
  player: string;
  did: 'made' | 'rotated';
}

export interface ApiKeyStore {
  /** Adds a new key (its id and hash are new). */
  add(record: ApiKeyRecord): Promise<void>;
  find(id: string): Promise<ApiKeyRecord | undefined>;
  findBySecretHash(secretHash: string): Promise<ApiKeyRecord | undefined>;
  /** Every key, revoked ones too, newest first. */
  list(): Promise<ApiKeyRecord[]>;
  /** Replaces the record with the same id. */
  update(record: ApiKeyRecord): Promise<void>;
  /** Notes a use; only the last-used fields change, so it never undoes a revocation made meanwhile. */
  recordUse(id: string, at: string, from: string): Promise<void>;
}

/** The API keys' store part (never rename it: the name is kept in data). */
export const apiKeysPart = storePart<ApiKeyStore>('apiKeys');
