import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { KeyStore } from '../store/port.js';

/** What a login token carries. `sub` is the user id. */
export interface TokenClaims {
  sub: string;
  username: string;
  gameUsername: string;
  isAdmin: boolean;
  role: 'admin' | 'player';
}

const verifiedCacheSize = 10_000;

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

const algorithm = 'HS256';
const signingKeyName = 'jwt-signing';

/**
 * Signs and checks login tokens. The signing key is generated on first start
 * and kept in the store (with the JSON store, `jwt-signing.key`, owner-only),
 * so tokens survive a restart and nobody else on the machine can mint them.
 */
export class TokenService {
  private constructor(
    /** A KeyObject, not a Buffer: given a Buffer, jsonwebtoken first tries it as a public key on every call (about 0.5 ms). */
    private readonly key: KeyObject,
    private readonly lifetimeSeconds: number,
  ) {}

  private readonly verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  /**
   * The signing key is kept through the store, so every instance sharing a
   * store signs and checks with the same key (a token from one works on all).
   */
  static async open(keys: KeyStore, lifetimeSeconds: number): Promise<TokenService> {
    const key = await keys.getOrCreate(signingKeyName, () => randomBytes(64));
    if (key.length < 32) throw new Error(`the stored ${signingKeyName} key holds fewer than 32 bytes; delete it to generate a new one`);
    return new TokenService(createSecretKey(key), lifetimeSeconds);
  }

  issue(claims: Omit<TokenClaims, 'role'>): string {
    const payload: TokenClaims = { ...claims, role: claims.isAdmin ? 'admin' : 'player' };
    return jwt.sign(payload, this.key, { algorithm, expiresIn: this.lifetimeSeconds });
  }

  check(token: string): TokenCheck {
    // A token that verified once stays valid until its expiry: skip the HMAC and parsing on repeat visits.
    const cached = this.verified.get(token);
    if (cached) {
      if (Date.now() < cached.expiresAtMs) return { ok: true, claims: cached.claims };
      this.verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    try {
      const claims = jwt.verify(token, this.key, { algorithms: [algorithm] });
      if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return { ok: false, reason: 'invalid' };
      this.remember(token, claims as unknown as TokenClaims, claims.exp * 1000);
      return { ok: true, claims: claims as unknown as TokenClaims };
    } catch (error) {
      return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
    }
  }

  private remember(token: string, claims: TokenClaims, expiresAtMs: number): void {
    if (this.verified.size >= verifiedCacheSize) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { claims, expiresAtMs });
  }
}
