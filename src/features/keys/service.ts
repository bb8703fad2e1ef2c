/**
 * API keys: made by admins for dashboards and bots, each with scopes, an
 * optional expiry and an optional rate limit. The secret is 32 random bytes
 * from the system's cryptographic source behind a recognisable prefix
 * (`ghk_`), shown once, and kept only as its SHA-256 hash: a secret of 256
 * random bits needs no slow hash, and a fast one keeps the look-up that every
 * request with a key makes cheap.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ApiError, conflict, forbidden, notFound, unauthorized } from '../../errors.js';
import type { Actor, KeyIdentity } from '../../http/caller.js';
import { allScopes, grants } from '../../http/scopes.js';
import type { TokenBuckets } from '../../lib/token-bucket.js';
import { statusOf } from './answers.js';
import type { ApiKeyRecord, ApiKeyStore, KeyRateLimit } from './store.js';

/** Every key starts so: people and secret scanners can tell a Gatehouse key at sight. */
export const keyPrefix = 'ghk_';
/** How much of the secret the key's answers show. */
const shownCharacters = keyPrefix.length + 6;
/** A key's last use is written at most this often per instance (the look-up itself happens on every request). */
const lastUseWriteIntervalMs = 60_000;

export interface NewKey {
  name: string;
  scopes: string[];
  expiresAt?: string | null;
  rateLimit?: KeyRateLimit | null;
}

export class ApiKeyService {
  private readonly lastUseWritten = new Map<string, number>();

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly buckets: TokenBuckets,
    /** The scopes routes name now (and `admin`). */
    private readonly knownScopes: () => ReadonlySet<string>,
    private readonly now: () => Date,
    private readonly logError: (message: string) => void,
  ) {}

  /** Whether a bearer token is meant as an API key (rather than a JWT or the service token). */
  static looksLikeKey(token: string): boolean {
    return token.startsWith(keyPrefix);
  }

  /**
   * Makes a key; `maker` is the key asking, when a key asks. A key grants no
   * scope it lacks, and what it makes lives no longer and counts no looser
   * than itself (asked for nothing, it inherits both), and is revoked with it
   * (`madeBy`, checked at every request).
   */
  async create(input: NewKey, actor: Actor, maker: KeyIdentity | undefined): Promise<{ record: ApiKeyRecord; secret: string }> {
    this.checkScopes(input.scopes, maker?.scopes);
    if (input.expiresAt && Date.parse(input.expiresAt) <= this.now().getTime()) {
      throw new ApiError(400, 'expiresAt must be in the future', 'invalid_field', {}, { field: 'expiresAt' });
    }
    const parent = maker && (await this.find(maker.id));
    const limits = parent ? withinMaker(input, parent) : { expiresAt: input.expiresAt ?? null, rateLimit: input.rateLimit ?? null };
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

  /** Revokes a key: the next request with it, on any instance, gets 401 (and with any key it made). Revoking twice changes nothing. */
  async revoke(id: string, held: readonly string[] | undefined): Promise<{ record: ApiKeyRecord; changed: boolean }> {
    const record = await this.find(id);
    if (held && !record.scopes.every((scope) => grants(held, scope))) throw forbidden('A key can only revoke keys within its own scopes', 'scope_missing');
    if (record.revokedAt !== null) return { record, changed: false };
    const revoked = { ...record, revokedAt: this.now().toISOString() };
    await this.keys.update(revoked);
    this.buckets.forget(id);
    return { record: revoked, changed: true };
  }

  /** A new secret for the same key (name, scopes, limits kept); the old secret stops working at once. */
  async rotate(id: string, held: readonly string[] | undefined): Promise<{ record: ApiKeyRecord; secret: string }> {
    const record = await this.find(id);
    if (statusOf(record, this.now()) !== 'active') throw conflict(`API key ${id} is ${statusOf(record, this.now())}; make a new one`, 'key_inactive');
    if (held && !record.scopes.every((scope) => grants(held, scope))) throw forbidden('A key can only rotate keys within its own scopes', 'scope_missing');
    const secret = newSecret();
    const rotated = { ...record, prefix: secret.slice(0, shownCharacters), secretHash: hashOf(secret), rotatedAt: this.now().toISOString() };
    await this.keys.update(rotated);
    return { record: rotated, secret };
  }

  /** The key a secret names, if it is active, counted against its rate limit: 401 for an unknown, revoked or expired key, 429 over its rate. */
  async authenticate(secret: string, address: string): Promise<KeyIdentity> {
    const record = await this.keys.findBySecretHash(hashOf(secret));
    if (!record) throw unauthorized('Invalid API key', 'invalid_key');
    const status = statusOf(record, this.now());
    if (status === 'revoked') throw unauthorized('This API key was revoked', 'key_revoked');
    if (status === 'expired') throw unauthorized('This API key expired', 'key_expired');
    await this.requireMakersActive(record);
    const headers = record.rateLimit ? this.countRequest(record.id, record.rateLimit) : {};
    this.noteUse(record, address);
    return { id: record.id, name: record.name, scopes: record.scopes, headers };
  }

  /** A key made by a key lives only while every key above it does (a short chain: each was made by the one before). */
  private async requireMakersActive(record: ApiKeyRecord): Promise<void> {
    let above = record.madeBy;
    for (let depth = 0; above !== undefined && depth < 16; depth += 1) {
      const maker = await this.keys.find(above);
      const status = maker ? statusOf(maker, this.now()) : 'revoked';
      if (status !== 'active') throw unauthorized(`The key that made this API key is ${status}, and so is this one`, 'key_revoked');
      above = maker!.madeBy;
    }
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

/** What a key made by `parent` may have: its expiry and rate, no longer and no looser than the parent's (inherited when not asked for). */
function withinMaker(input: NewKey, parent: ApiKeyRecord): { expiresAt: string | null; rateLimit: KeyRateLimit | null } {
  const expiresAt = input.expiresAt ?? parent.expiresAt;
  if (parent.expiresAt && (!expiresAt || Date.parse(expiresAt) > Date.parse(parent.expiresAt))) {
    throw new ApiError(403, `A key can only make keys that expire no later than itself (${parent.expiresAt})`, 'key_limit_exceeded');
  }
  const rateLimit = input.rateLimit ?? parent.rateLimit;
  const looser = (limit: KeyRateLimit, than: KeyRateLimit) => limit.requests > than.requests || limit.requests / limit.windowSeconds > than.requests / than.windowSeconds;
  if (parent.rateLimit && (!rateLimit || looser(rateLimit, parent.rateLimit))) {
    throw new ApiError(
      403,
      `A key can only make keys whose rate is no looser than its own (${parent.rateLimit.requests} requests per ${parent.rateLimit.windowSeconds} s)`,
      'key_limit_exceeded',
    );
  }
  return { expiresAt, rateLimit };
}
