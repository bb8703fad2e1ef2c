import { timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { ApiError, forbidden, serviceUnavailable, unauthorized } from '../errors.js';
import type { AccountService } from '../services/accounts.js';
import type { TokenService } from '../services/tokens.js';
import type { UserRecord, UserStore } from '../store/port.js';

/** Who is calling: a logged-in user, or a service holding the configured `token`. */
export type Principal = { kind: 'user'; user: UserRecord } | { kind: 'service' };

export interface AuthenticationDependencies {
  tokens: TokenService;
  users: UserStore;
  accounts: AccountService;
  /** The configured service token; empty disables the service account. */
  serviceToken: string;
}

/** Requires `Authorization: Bearer <token>`: 401 when missing or invalid, 403 when expired. */
export function authenticate(deps: AuthenticationDependencies): Middleware {
  const serviceToken = Buffer.from(deps.serviceToken);
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized(header ? 'Authorization header must be "Bearer <token>"' : 'Authentication required');
    const token = match[1]!;
    if (serviceToken.length > 0 && safeEqual(Buffer.from(token), serviceToken)) {
      ctx.state.principal = { kind: 'service' } satisfies Principal;
      return next();
    }
    const check = deps.tokens.check(token);
    if (!check.ok) {
      if (check.reason === 'expired') throw forbidden('Token expired; log in again', 'token_expired');
      throw unauthorized('Invalid token', 'invalid_token');
    }
    const user = await deps.users.findById(Number(check.claims.sub));
    if (!user) throw unauthorized('Invalid token: the account no longer exists', 'invalid_token');
    ctx.state.principal = { kind: 'user', user } satisfies Principal;
    return next();
  };
}

/** After authenticate: the caller must be an operator in game now, or the service account. */
export function requireAdmin(deps: AuthenticationDependencies, isGameConnected: () => boolean): Middleware {
  return async (ctx, next) => {
    const principal = principalOf(ctx);
    if (principal.kind === 'user') {
      if (!isGameConnected()) throw serviceUnavailable('Game server not available; admin status cannot be checked', 'game_unavailable');
      if (!(await deps.accounts.isOperatorNow(principal.user.gameUsername))) {
        throw forbidden('Admin privileges required', 'admin_required');
      }
    }
    return next();
  };
}

export function principalOf(ctx: Context): Principal {
  const principal = ctx.state.principal as Principal | undefined;
  if (!principal) throw new ApiError(500, 'Internal server error', 'internal_error');
  return principal;
}

/** The user behind the request; the service account has no profile. */
export function userOf(ctx: Context): UserRecord {
  const principal = principalOf(ctx);
  if (principal.kind !== 'user') throw forbidden('The service account has no user profile', 'service_account');
  return principal.user;
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
