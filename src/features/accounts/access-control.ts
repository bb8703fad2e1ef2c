import { timingSafeEqual } from 'node:crypto';
import { forbidden, serviceUnavailable, unauthorized } from '../../errors.js';
import type { AccessCheck, Caller } from '../../http/caller.js';
import type { UserStore } from '../../store/port.js';
import type { AccountService } from './service.js';
import type { TokenService } from './tokens.js';

/**
 * Who may call what: a bearer token is a logged-in user's JWT or the
 * configured service token; admin means an operator in game now (asked on
 * every admin request, so a de-opped player loses admin at once), or the
 * service token.
 */
export class AccessControl implements AccessCheck {
  private readonly serviceToken: Buffer;

  constructor(
    private readonly tokens: TokenService,
    private readonly users: UserStore,
    private readonly accounts: AccountService,
    private readonly isGameConnected: () => boolean,
    /** The configured service token; empty disables the service account. */
    serviceToken: string,
  ) {
    this.serviceToken = Buffer.from(serviceToken);
  }

  /** `Authorization: Bearer <token>`: 401 when missing or invalid, 403 when expired. */
  async authenticate(header: string | undefined): Promise<Caller> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!match) throw unauthorized(header ? 'Authorization header must be "Bearer <token>"' : 'Authentication required');
    const token = match[1]!;
    if (this.serviceToken.length > 0 && safeEqual(Buffer.from(token), this.serviceToken)) return { kind: 'service' };
    const check = this.tokens.check(token);
    if (!check.ok) {
      if (check.reason === 'expired') throw forbidden('Token expired; log in again', 'token_expired');
      throw unauthorized('Invalid token', 'invalid_token');
    }
    const user = await this.users.findById(Number(check.claims.sub));
    if (!user) throw unauthorized('Invalid token: the account no longer exists', 'invalid_token');
    return { kind: 'user', user };
  }

  /** The caller must be an operator in game now, or the service account. */
  async requireAdmin(caller: Caller): Promise<void> {
    if (caller.kind === 'service') return;
    if (caller.kind !== 'user') throw unauthorized();
    if (!this.isGameConnected()) throw serviceUnavailable('Game server not available; admin status cannot be checked', 'game_unavailable');
    if (!(await this.accounts.isOperatorNow(caller.user.gameUsername))) throw forbidden('Admin privileges required', 'admin_required');
  }

  /** Whether the caller is an admin now, for answers that show admins more (no error either way). */
  async isAdmin(caller: Caller): Promise<boolean> {
    if (caller.kind === 'service') return true;
    if (caller.kind !== 'user' || !this.isGameConnected()) return false;
    return this.accounts.isOperatorNow(caller.user.gameUsername).catch(() => false);
  }
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
