/**
 * Who a request comes from, as routes see it, and the check the router runs
 * before a protected route. The accounts group answers the check; http only
 * names what it needs of it.
 */
import type { UserRecord } from '../store/port.js';

/** Who is calling: nobody in particular, a logged-in user, or a service holding the configured `token`. */
export type Caller = { kind: 'anonymous' } | { kind: 'user'; user: UserRecord } | { kind: 'service' };

/** Who acts: a web user by name, or `service` for the token account, and from where. */
export interface Actor {
  name: string;
  ipAddress: string;
}

/** What the router asks on every route that is not public. */
export interface AccessCheck {
  /** `Authorization: Bearer <token>`: 401 when missing or invalid, 403 when expired. */
  authenticate(header: string | undefined): Promise<Caller>;
  /** The caller must be an operator in game now, or the service account. */
  requireAdmin(caller: Caller): Promise<void>;
}
