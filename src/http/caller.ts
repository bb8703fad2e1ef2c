/**
 * Who a request comes from, as routes see it, and the check the router runs
 * before a protected route. The accounts group answers the check; http only
 * names what it needs of it.
 */
import type { UserRecord } from '../store/port.js';

/** An API key as the router sees it: who it is, what it may do, and the rate-limit headers its answer carries. */
export interface KeyIdentity {
  id: string;
  name: string;
  scopes: readonly string[];
  /** `RateLimit` / `RateLimit-Policy` of this request, for a key with a rate limit. */
  headers: Record<string, string>;
}

/** Who is calling: nobody in particular, a logged-in user (in the session their token names), a service holding the configured `token`, or an API key. */
export type Caller = { kind: 'anonymous' } | { kind: 'user'; user: UserRecord; sessionId: string } | { kind: 'service' } | { kind: 'key'; key: KeyIdentity };

/** Who acts: a web user by name, `service` for the token account, or `key:<name>` for an API key, and from where. */
export interface Actor {
  name: string;
  /** The API key's id, when a key acts: key names need not be unique. */
  keyId?: string;
  ipAddress: string;
  /** A web user's session the request came in (../features/sessions), so that what it changes can end the user's other sessions and keep this one. */
  sessionId?: string;
}

/** What the router asks on every route that is not public. */
export interface AccessCheck {
  /** `Authorization: Bearer <token>` (a JWT, the service token or an API key) from `address`: 401 when missing or invalid, 403 when expired, 429 over a key's rate. */
  authenticate(header: string | undefined, address: string): Promise<Caller>;
  /** `X-API-Key: <key>` from `address`: an API key and nothing else (401 for a login token or the service token), then as a key in `authenticate`. */
  authenticateKey(secret: string, address: string): Promise<Caller>;
  /** The caller must be an operator in game now, the service account, or an API key (whose scope the router checks). */
  requireAdmin(caller: Caller): Promise<void>;
}
