/**
 * What the OpenID Connect provider keeps in the store: every record
 * oidc-provider asks its adapter to keep (authorization codes, sessions,
 * grants, refresh tokens, interactions...), the clients admins register, the
 * signing keys and the subjects, all as one kind of record: a model's name,
 * an id and a JSON payload, with what the provider looks records up by. In
 * the store, not in memory, so codes and sessions outlive a restart and
 * every instance of a network serves the same issuer. A store part: its
 * implementations are store-json.ts and store-postgres.ts.
 */
import { storePart } from '../../store/port.js';

export interface OidcRecord {
  /** oidc-provider's model (`AuthorizationCode`, `Session`, `Grant`, `RefreshToken`...) or ours (`Client`, `SigningKeys`, `Subject`, `SubjectOfUser`). */
  model: string;
  id: string;
  payload: Record<string, unknown>;
  /** The grant the record belongs to, so a grant's revocation finds all of them. */
  grantId: string | null;
  /** An interaction's or a session's uid. */
  uid: string | null;
  /** A device flow's user code. */
  userCode: string | null;
  /** When it is gone by itself; null for records that stay (clients, keys, subjects). */
  expiresAt: string | null;
}

export interface OidcStore {
  /** Writes the record whole (a new one or over the one of that model and id). */
  put(record: OidcRecord): Promise<void>;
  /**
   * Writes the record only if the stored one's payload is still `previous`
   * (null: only if there is none): of two instances rotating the keys at
   * once, one writes and the other finds it changed. True when it wrote.
   */
  replace(record: OidcRecord, previous: Record<string, unknown> | null): Promise<boolean>;
  /** The record unless it expired at `now`. */
  find(model: string, id: string, now: string): Promise<OidcRecord | undefined>;
  findBy(model: string, field: 'uid' | 'userCode', value: string, now: string): Promise<OidcRecord | undefined>;
  /** Marks the record consumed (the payload's `consumed`, in seconds): a code is used once. */
  consume(model: string, id: string, atSeconds: number): Promise<void>;
  /** Deletes the record; true when there was one. */
  remove(model: string, id: string): Promise<boolean>;
  /** Deletes every record of the grant. */
  removeGrant(grantId: string): Promise<void>;
  /** Every record of the model, by id. */
  list(model: string): Promise<OidcRecord[]>;
  /** Deletes records that expired before `cutoff`; how many. */
  deleteExpiredBefore(cutoff: Date): Promise<number>;
}

/** The provider's store part (never rename it: the name is kept in data). */
export const oidcPart = storePart<OidcStore>('oidc');
