/**
 * API keys: made by admins for dashboards and bots, each with scopes, an
 * optional expiry and an optional rate limit. The secret is 32 random bytes
 * from the system's cryptographic source behind a recognisable prefix
 * (`ghk_`), shown once, and kept only as its SHA-256 hash: a secret of 256
 * random bits needs no slow hash, and a fast one keeps the look-up that every
 * request with a key makes cheap.
 */
import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { ApiError, conflict, forbidden, notFound, serviceUnavailable, unauthorized } from '../../errors.js';
import type { Actor, KeyIdentity } from '../../http/caller.js';
import { allScopes, grants } from '../../http/scopes.js';
import type { TokenBuckets } from '../../lib/token-bucket.js';
import type { UserStore } from '../../store/port.js';
import { requireWithin } from './limits.js';
import { type KeyStanding, ownStatus, type StandingOperator, type StandingSources, standingOf } from './standing.js';
import type { ApiKeyRecord, ApiKeyStore, KeyOperator, KeyRateLimit } from './store.js';

/** Every key starts so: people and secret scanners can tell a Gatehouse key at sight. */
export const keyPrefix = 'ghk_';
/** How much of the secret the key's answers show. */
const shownCharacters = keyPrefix.length + 6;
/** A key's last use is written at most this often per instance (the look-up itself happens on every request). */
const lastUseWriteIntervalMs = 60_000;

/** Who gives a key its secret (makes or rotates it): an operator's login, the service token, or a key. */
export type KeyIssuer = { kind: 'operator'; player: string } | { kind: 'service' } | { kind: 'key'; key: KeyIdentity };

/** What the keys ask the game: whether a player is an operator now, and who is (undefined while it cannot be asked). */
export interface OperatorStatus {
  isOperator(player: string): Promise<boolean | undefined>;
  operators(): Promise<ReadonlySet<string> | undefined>;
}

export interface NewKey {
  name: string;
  scopes: string[];
  expiresAt?: string | null;
  rateLimit?: KeyRateLimit | null;
}

export class ApiKeyService {
  /**
   * `newAddress`: a key was used from an address other than the one it was
   * last used from (its first use too). `secretEnded`: a key's secret stops
   * answering (the key revoked, or rotated to a new secret), so what was
   * opened with it (an event stream) can end at once.
   */
  readonly events = new EventEmitter<{
    newAddress: [{ keyId: string; name: string; address: string; previousAddress: string | null }];
    secretEnded: [{ keyId: string; why: 'revoked' | 'rotated' }];
  }>();
  private readonly lastUseWritten = new Map<string, number>();
  /** The address each key's use was last told from, so a use read before the store has the new address is told once. */
  private readonly lastAddress = new Map<string, string>();
  /** Players of the web accounts that made keys before keys kept their operator (an account's player never changes). */
  private readonly playersOfMakers = new Map<string, string | undefined>();

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly buckets: TokenBuckets,
    /** The scopes routes name now (and `admin`). */
    private readonly knownScopes: () => ReadonlySet<string>,
    private readonly game: OperatorStatus,
    private readonly users: Pick<UserStore, 'findByUsername'>,
    private readonly now: () => Date,
    private readonly logError: (message: string) => void,
  ) {}

  /** Whether a bearer token is meant as an API key (rather than a JWT or the service token). */
  static looksLikeKey(token: string): boolean {
    return token.startsWith(keyPrefix);
  }

  /**
   * Makes a key. A key (`issuer`) grants no scope it lacks, and what it makes
   * lives no longer and counts no looser than itself (asked for nothing, it
   * inherits both), and is revoked with it (`madeBy`, checked at every
   * request); what an operator makes acts with their standing (`operator`).
   */
  async create(input: NewKey, actor: Actor, issuer: KeyIssuer): Promise<{ record: ApiKeyRecord; secret: string }> {
    const maker = issuer.kind === 'key' ? issuer.key : undefined;
    this.checkScopes(input.scopes, maker?.scopes);
    if (input.expiresAt && Date.parse(input.expiresAt) <= this.now().getTime()) {
      throw new ApiError(400, 'expiresAt must be in the future', 'invalid_field', {}, { field: 'expiresAt' });
    }
    const parent = maker && (await this.find(maker.id));
    // Asked for neither, a key made by a key inherits its maker's expiry and rate.
    const limits = { expiresAt: input.expiresAt ?? parent?.expiresAt ?? null, rateLimit: input.rateLimit ?? parent?.rateLimit ?? null };
    if (parent) requireWithin(limits, parent, 'make');
    const secret = newSecret();
    const record: ApiKeyRecord = {
      id: `key_${randomBytes(8).toString('hex')}`,
      name: input.name,
      prefix: secret.slice(0, shownCharacters),
      secretHash: hashOf(secret),
      scopes: [...input.scopes].sort(),
      createdBy: actor.name,
      createdAt: this.now().toISOString(),
      expiresAt: limits.expiresAt ? new Date(limits.expiresAt).toISOString() : null,
      rateLimit: limits.rateLimit,
      ...(parent ? { madeBy: parent.id } : {}),
      operator: operatorOf(issuer, 'made'),
      lastUsedAt: null,
      lastUsedFrom: null,
      rotatedAt: null,
      revokedAt: null,
    };
    await this.keys.add(record);
    return { record, secret };
  }

  list(): Promise<ApiKeyRecord[]> {
    return this.keys.list();
  }

  async find(id: string): Promise<ApiKeyRecord> {
    const record = await this.keys.find(id);
    if (!record) throw notFound(`No API key ${id}`, 'key_not_found');
    return record;
  }

  /**
   * Revokes a key: the next request with it, on any instance, gets 401 (and
   * with any key it made or rotated). Revoking twice changes nothing. A key
   * (`revoker`) revokes only keys it could have made.
   */
  async revoke(id: string, issuer: KeyIssuer): Promise<{ record: ApiKeyRecord; changed: boolean }> {
    const record = await this.find(id);
    if (issuer.kind === 'key' && issuer.key.id !== id) await this.requireCouldHaveMade(record, issuer.key, 'revoke');
    if (record.revokedAt !== null) return { record, changed: false };
    const revoked = { ...record, revokedAt: this.now().toISOString() };
    await this.keys.update(revoked);
    this.buckets.forget(id);
    this.events.emit('secretEnded', { keyId: id, why: 'revoked' });
    return { record: revoked, changed: true };
  }

  /**
   * A new secret for the same key (name, scopes, expiry and rate kept); the
   * old secret stops working at once. Whoever holds the new secret got it
   * from the rotating `issuer`, so the key acts from then on with its
   * standing: rotated by another key (which may rotate only keys it could
   * have made), it lives only while that key does (`rotatedBy`); rotated by
   * an operator, while they are one. A key rotating itself changes nothing of
   * what it depends on.
   */
  async rotate(id: string, issuer: KeyIssuer): Promise<{ record: ApiKeyRecord; secret: string }> {
    const record = await this.find(id);
    const status = ownStatus(record, this.now());
    if (status !== 'active') throw conflict(`API key ${id} is ${status}; make a new one`, 'key_inactive');
    const itself = issuer.kind === 'key' && issuer.key.id === id;
    if (issuer.kind === 'key' && !itself) await this.requireCouldHaveMade(record, issuer.key, 'rotate');
    const secret = newSecret();
    const { rotatedBy: _earlier, ...kept } = record;
    const rotated: ApiKeyRecord = {
      ...(itself ? record : { ...kept, operator: operatorOf(issuer, 'rotated'), ...(issuer.kind === 'key' ? { rotatedBy: issuer.key.id } : {}) }),
      prefix: secret.slice(0, shownCharacters),
      secretHash: hashOf(secret),
      rotatedAt: this.now().toISOString(),
    };
    await this.keys.update(rotated);
    this.events.emit('secretEnded', { keyId: id, why: 'rotated' });
    return { record: rotated, secret };
  }

  /** A key acting on another must hold every scope of it, and the other must expire no later and count no looser than the key. */
  private async requireCouldHaveMade(record: ApiKeyRecord, actor: KeyIdentity, verb: 'rotate' | 'revoke'): Promise<void> {
    if (!record.scopes.every((scope) => grants(actor.scopes, scope))) throw forbidden(`A key can only ${verb} keys within its own scopes`, 'scope_missing');
    requireWithin(record, await this.find(actor.id), verb);
  }

  /**
   * The key a secret names, if it may act now, counted against its rate
   * limit: 401 for an unknown, revoked or expired key (or one whose maker or
   * rotator is), 403 while an operator it acts for is not one, 503 while that
   * cannot be asked, 429 over its rate.
   */
  async authenticate(secret: string, address: string): Promise<KeyIdentity> {
    const record = await this.keys.findBySecretHash(hashOf(secret));
    if (!record) throw unauthorized('Invalid API key', 'invalid_key');
    const standing = await standingOf(record, this.sources(), this.now());
    if (standing.status !== 'active') throw refusal(standing);
    const headers = record.rateLimit ? this.countRequest(record.id, record.rateLimit) : {};
    this.noteUse(record, address);
    return { id: record.id, name: record.name, scopes: record.scopes, headers };
  }

  /** Whether a key may act now, and why not, as a request with it would find. */
  standing(record: ApiKeyRecord): Promise<KeyStanding> {
    return standingOf(record, this.sources(), this.now());
  }

  /**
   * The standing of many keys at once, for a list: the keys above them read
   * from `all` (every key), and the operators asked once in all rather than
   * once a key.
   */
  async standings(records: readonly ApiKeyRecord[], all: readonly ApiKeyRecord[]): Promise<KeyStanding[]> {
    const byId = new Map(all.map((record) => [record.id, record]));
    let operators: Promise<ReadonlySet<string> | undefined> | undefined;
    const sources: StandingSources = {
      find: async (id) => byId.get(id) ?? (await this.keys.find(id)),
      operatorOf: (record) => this.operatorOf(record),
      isOperator: async (player) => (await (operators ??= this.game.operators().catch(() => undefined)))?.has(player.toLowerCase()),
    };
    return Promise.all(records.map((record) => standingOf(record, sources, this.now())));
  }

  private sources(): StandingSources {
    return {
      find: (id) => this.keys.find(id),
      operatorOf: (record) => this.operatorOf(record),
      isOperator: (player) => this.game.isOperator(player).catch(() => undefined),
    };
  }

  /** The operator a key acts for itself: kept on the key, or (a key from before that) its maker's player, when a web account made it. */
  private async operatorOf(record: ApiKeyRecord): Promise<StandingOperator | null> {
    if (record.operator !== undefined) return record.operator && { name: record.operator.player, ...record.operator };
    if (record.createdBy === 'service' || record.createdBy.startsWith('key:')) return null;
    if (!this.playersOfMakers.has(record.createdBy)) this.playersOfMakers.set(record.createdBy, (await this.users.findByUsername(record.createdBy))?.gameUsername);
    const player = this.playersOfMakers.get(record.createdBy);
    return { name: player ?? `${record.createdBy} (an account that no longer exists)`, player, did: 'made' };
  }

  /** Refuses a scope no route names, and (for a key making a key) any scope the maker lacks. */
  private checkScopes(scopes: readonly string[], held: readonly string[] | undefined): void {
    const known = this.knownScopes();
    const unknown = scopes.find((scope) => !known.has(scope));
    if (unknown) throw new ApiError(400, `scopes: "${unknown}" is not a scope of this API (GET /api/admin/keys/scopes lists them)`, 'invalid_field', {}, { field: 'scopes' });
    if (held) {
      const beyond = scopes.find((scope) => !(scope === allScopes ? held.includes(allScopes) : grants(held, scope)));
      if (beyond) throw new ApiError(403, `A key can only grant scopes it holds itself; it lacks ${beyond}`, 'scope_missing', {}, { scope: beyond });
    }
  }

  /** The IETF draft's RateLimit-Policy and RateLimit fields for this request, or a 429 carrying them and Retry-After. */
  private countRequest(id: string, limit: KeyRateLimit): Record<string, string> {
    const take = this.buckets.take(id, { capacity: limit.requests, windowSeconds: limit.windowSeconds });
    const headers = {
      'RateLimit-Policy': `"key";q=${limit.requests};w=${limit.windowSeconds}`,
      RateLimit: `"key";r=${take.remaining};t=${take.allowed ? take.fullInSeconds : take.retryAfterSeconds}`,
    };
    if (take.allowed) return headers;
    throw new ApiError(
      429,
      `This API key is over its rate of ${limit.requests} requests per ${limit.windowSeconds} seconds; try again in ${take.retryAfterSeconds} seconds`,
      'rate_limited',
      {
        ...headers,
        'Retry-After': String(take.retryAfterSeconds),
      },
    );
  }

  private noteUse(record: ApiKeyRecord, address: string): void {
    const at = this.now();
    const written = this.lastUseWritten.get(record.id);
    if (written !== undefined && at.getTime() - written < lastUseWriteIntervalMs && record.lastUsedFrom === address) return;
    if (record.lastUsedFrom !== address && this.lastAddress.get(record.id) !== address) {
      this.lastAddress.set(record.id, address);
      this.events.emit('newAddress', { keyId: record.id, name: record.name, address, previousAddress: record.lastUsedFrom });
    }
    this.lastUseWritten.set(record.id, at.getTime());
    this.keys.recordUse(record.id, at.toISOString(), address).catch((error: Error) => this.logError(`recording the use of API key ${record.id}: ${error.message}`));
  }
}

function newSecret(): string {
  return `${keyPrefix}${randomBytes(32).toString('base64url')}`;
}

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The operator a key made or rotated by `issuer` acts for: the operator whose login it was, else none. */
function operatorOf(issuer: KeyIssuer, did: KeyOperator['did']): KeyOperator | null {
  return issuer.kind === 'operator' ? { player: issuer.player, did } : null;
}

/** The answer to a request with a key that may not act now, saying why. */
function refusal(standing: KeyStanding): ApiError {
  if (standing.status === 'revoked' && standing.reason === null) return unauthorized('This API key was revoked', 'key_revoked');
  if (standing.status === 'revoked') return unauthorized(`This API key no longer works: ${standing.reason}`, 'key_revoked');
  if (standing.status === 'expired') return unauthorized('This API key expired', 'key_expired');
  if (standing.unknown) return serviceUnavailable(`This API key cannot be used now: ${standing.reason}`, 'game_unavailable');
  return forbidden(`This API key is suspended: ${standing.reason}; it works again once they are one`, 'maker_not_operator');
}
