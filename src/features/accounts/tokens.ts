import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Cache } from '../../lib/cache.js';
import type { KeyStore } from '../../store/port.js';

/** What a login token carries. `sub` is the user id, `sid` the session it belongs to (../sessions). */
export interface TokenClaims {
  sub: string;
  sid: string;
  username: string;
  gameUsername: string;
  isAdmin: boolean;
  role: 'admin' | 'player';
}

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
    /** Tokens that verified once, until their expiry: a repeat visit skips the HMAC and the parsing. */
    private readonly verified: Cache<string, TokenClaims>,
  ) {}

  /**
   * The signing key is kept through the store, so every instance sharing a
   * store signs and checks with the same key (a token from one works on all).
   */
  static async open(keys: KeyStore, lifetimeSeconds: number, verified = TokenService.cache()): Promise<TokenService> {
    const key = await keys.getOrCreate(signingKeyName, () => randomBytes(64));
    if (key.length < 32) throw new Error(`the stored ${signingKeyName} key holds fewer than 32 bytes; delete it to generate a new one`);
    return new TokenService(createSecretKey(key), lifetimeSeconds, verified);
  }

  /** The cache of verified tokens, for the cache registry. */
  static cache(): Cache<string, TokenClaims> {
    return new Cache('verified-tokens', 'Login tokens that verified once, until they expire (a repeat visit skips the signature check)', { limit: 10_000 });
  }

  /** A token valid `lifetimeSeconds` (the API's 24 hours unless said), and when it expires. */
  issue(claims: Omit<TokenClaims, 'role'>, lifetimeSeconds = this.lifetimeSeconds): { token: string; expiresAt: Date } {
    const issuedAt = Math.floor(Date.now() / 1000);
    const payload = { ...claims, role: claims.isAdmin ? 'admin' : 'player', iat: issuedAt, exp: issuedAt + lifetimeSeconds };
    return { token: jwt.sign(payload, this.key, { algorithm }), expiresAt: new Date(payload.exp * 1000) };
  }

  check(token: string): TokenCheck {
    const cached = this.verified.get(token);
    if (cached) return { ok: true, claims: cached };
    try {
      const claims = jwt.verify(token, this.key, { algorithms: [algorithm] });
      // A token from before sessions names none: it is refused, and its holder logs in again.
      if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return { ok: false, reason: 'invalid' };
      // Kept until the token expires; after that the full check says "expired".
      this.verified.set(token, claims as unknown as TokenClaims, claims.exp * 1000 - Date.now());
      return { ok: true, claims: claims as unknown as TokenClaims };
    } catch (error) {
      return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
    }
  }
}
