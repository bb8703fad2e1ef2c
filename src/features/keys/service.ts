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
      throw new ApiError(400, 'expiresAt must be in the future', 'invalid_field');
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
  async revoke(id: string, revoker: KeyIdentity | undefined): Promise<{ record: ApiKeyRecord; changed: boolean }> {
    const record = await this.find(id);
    if (revoker && revoker.id !== id) await this.requireCouldHaveMade(record, revoker, 'revoke');
    if (record.revokedAt !== null) return { record, changed: false };
    const revoked = { ...record, revokedAt: this.now().toISOString() };
    await this.keys.update(revoked);
    this.buckets.forget(id);
    return { record: revoked, changed: true };
  }

  /**
   * A new secret for the same key (name, scopes, expiry and rate kept); the
   * old secret stops working at once. A key (`rotator`) rotates only keys it
   * could have made, and the key it rotates lives from then on only while
   * it does (`rotatedBy`): whoever holds the new secret got it from that key.
   * A key rotating itself changes nothing of what it depends on.
   */
  async rotate(id: string, rotator: KeyIdentity | undefined): Promise<{ record: ApiKeyRecord; secret: string }> {
    const record = await this.find(id);
    if (statusOf(record, this.now()) !== 'active') throw conflict(`API key ${id} is ${statusOf(record, this.now())}; make a new one`, 'key_inactive');
    const byAnother = rotator !== undefined && rotator.id !== id;
    if (byAnother) await this.requireCouldHaveMade(record, rotator, 'rotate');
    const secret = newSecret();
    const { rotatedBy: _earlier, ...rest } = record;
    const rotated: ApiKeyRecord = {
      ...(rotator?.id === id ? record : rest),
      prefix: secret.slice(0, shownCharacters),
      secretHash: hashOf(secret),
      rotatedAt: this.now().toISOString(),
      ...(byAnother ? { rotatedBy: rotator.id } : {}),
    };
    await this.keys.update(rotated);
    return { record: rotated, secret };
  }

  /** A key acting on another must hold every scope of it, and the other must expire no later and count no looser than the key. */
  private async requireCouldHaveMade(record: ApiKeyRecord, actor: KeyIdentity, verb: 'rotate' | 'revoke'): Promise<void> {
    if (!record.scopes.every((scope) => grants(actor.scopes, scope))) throw forbidden(`A key can only ${verb} keys within its own scopes`, 'scope_missing');
    requireWithin(record, await this.find(actor.id), verb);
  }

  /** The key a secret names, if it is active, counted against its rate limit: 401 for an unknown, revoked or expired key, 429 over its rate. */
  async authenticate(secret: string, address: string): Promise<KeyIdentity> {
    const record = await this.keys.findBySecretHash(hashOf(secret));
    if (!record) throw unauthorized('Invalid API key', 'invalid_key');
    const status = statusOf(record, this.now());
    if (status === 'revoked') throw unauthorized('This API key was revoked', 'key_revoked');
    if (status === 'expired') throw unauthorized('This API key expired', 'key_expired');
    await this.requireIssuersActive(record);
    const headers = record.rateLimit ? this.countRequest(record.id, record.rateLimit) : {};
    this.noteUse(record, address);
    return { id: record.id, name: record.name, scopes: record.scopes, headers };
  }

  /**
   * A key made or rotated by a key lives only while that key does, and so on
   * up (short chains: one read each; a key already looked at is not read
   * again, so no loop of rotations can run on).
   */
  private async requireIssuersActive(record: ApiKeyRecord): Promise<void> {
    const seen = new Set([record.id]);
    const pending = issuersOf(record, record);
    for (let reads = 0; pending.length > 0 && reads < 32; reads += 1) {
      const { id, how } = pending.shift()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const above = await this.keys.find(id);
      const status = above ? statusOf(above, this.now()) : 'revoked';
      if (status !== 'active') throw unauthorized(`${how} is ${status}, and so is this one`, 'key_revoked');
      pending.push(...issuersOf(above!, record));
    }
  }

  /** Refuses a scope no route names, and (for a key making a key) any scope the maker lacks. */
  private checkScopes(scopes: readonly string[], held: readonly string[] | undefined): void {
    const known = this.knownScopes();
    const unknown = scopes.find((scope) => !known.has(scope));
    if (unknown) throw new ApiError(400, `scopes: "${unknown}" is not a scope of this API (GET /api/admin/keys/scopes lists them)`, 'invalid_field');
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

/** The keys a key lives by: the key that made it, and the key that last rotated it; `how` words the link for the key asked about (`first`). */
function issuersOf(record: ApiKeyRecord, first: ApiKeyRecord): Array<{ id: string; how: string }> {
  const how = (verb: string) => (record === first ? `The key that ${verb} this API key` : 'A key above the one that made or rotated this API key');
  return [...(record.madeBy ? [{ id: record.madeBy, how: how('made') }] : []), ...(record.rotatedBy ? [{ id: record.rotatedBy, how: how('rotated') }] : [])];
}

/** A key makes, rotates or revokes only keys that expire no later and count no looser than itself (`parent`). */
function requireWithin(limits: { expiresAt: string | null; rateLimit: KeyRateLimit | null }, parent: ApiKeyRecord, verb: 'make' | 'rotate' | 'revoke'): void {
  const { expiresAt, rateLimit } = limits;
  if (parent.expiresAt && (!expiresAt || Date.parse(expiresAt) > Date.parse(parent.expiresAt))) {
    throw new ApiError(403, `A key can only ${verb} keys that expire no later than itself (${parent.expiresAt})`, 'key_limit_exceeded');
  }
  const looser = (limit: KeyRateLimit, than: KeyRateLimit) => limit.requests > than.requests || limit.requests / limit.windowSeconds > than.requests / than.windowSeconds;
  if (parent.rateLimit && (!rateLimit || looser(rateLimit, parent.rateLimit))) {
    throw new ApiError(
      403,
      `A key can only ${verb} keys whose rate is no looser than its own (${parent.rateLimit.requests} requests per ${parent.rateLimit.windowSeconds} s)`,
      'key_limit_exceeded',
    );
  }
}
