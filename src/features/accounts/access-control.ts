import { timingSafeEqual } from 'node:crypto';
import { forbidden, serviceUnavailable, unauthorized } from '../../errors.js';
import type { AccessCheck, Caller, KeyIdentity } from '../../http/caller.js';
import { Cache } from '../../lib/cache.js';
import type { UserRecord, UserStore } from '../../store/port.js';
import type { SessionService } from '../sessions/service.js';
import type { AccountService } from './service.js';
import type { TokenService } from './tokens.js';

/** Checks an API key's secret (the keys group offers it): its identity, or a 401/429 ApiError. */
export interface KeyCheck {
  isKey(token: string): boolean;
  authenticate(secret: string, address: string): Promise<KeyIdentity>;
}

/** Whether an operator must set up a second factor before the admin routes open to them (the factors group answers it). */
export interface SecondFactorPolicy {
  mustSetUp(user: UserRecord): Promise<boolean>;
}

/**
 * Who may call what: a bearer token is a logged-in user's JWT (in a session
 * going on now, read from the store on every request, so that a session
 * ended on any server is refused on all at once), the configured service
 * token, or an API key; admin means an operator in game
 * now (asked on every admin request, so a de-opped player loses admin at
 * once), the service token, or a key (whose scopes the router checks).
 */
export class AccessControl implements AccessCheck {
  private readonly serviceToken: Buffer;
  private keys: KeyCheck | undefined;
  private secondFactors: SecondFactorPolicy | undefined;
  /** Web accounts as the last request found them (see `userOf`). */
  readonly accountsSeen: Cache<number, UserRecord>;

  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: Pick<SessionService, 'requireActive'>,
    private readonly users: UserStore,
    private readonly accounts: AccountService,
    private readonly isGameConnected: () => boolean,
    /** The configured service token; empty disables the service account. */
    serviceToken: string,
    now: () => number = Date.now,
  ) {
    this.serviceToken = Buffer.from(serviceToken);
    this.accountsSeen = new Cache('web-accounts', "Logged-in users' web accounts by id, read again from the store after a minute", { limit: 10_000, ttlMs: 60_000, now });
  }

  /** API keys are accepted from now on, checked by `keys`. */
  acceptKeys(keys: KeyCheck): void {
    this.keys = keys;
  }

  /** From now on an operator's login is asked, on admin routes, whether it must set up a second factor first. */
  requireSecondFactorsBy(policy: SecondFactorPolicy): void {
    this.secondFactors = policy;
  }

  /** `Authorization: Bearer <token>`: 401 when missing or invalid or its session ended, 403 when expired, 429 for a key over its rate. */
  async authenticate(header: string | undefined, address = ''): Promise<Caller> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!match) throw unauthorized(header ? 'Authorization header must be "Bearer <token>"' : 'Authentication required');
    const token = match[1]!;
    if (this.serviceToken.length > 0 && isServiceToken(token, this.serviceToken)) return { kind: 'service' };
    if (this.keys?.isKey(token)) return { kind: 'key', key: await this.keys.authenticate(token, address) };
    const check = this.tokens.check(token);
    if (!check.ok) {
      if (check.reason === 'expired') throw forbidden('Token expired; log in again', 'token_expired');
      throw unauthorized('Invalid token', 'invalid_token');
    }
    const session = await this.sessions.requireActive(check.claims.sid, address);
    return { kind: 'user', user: await this.userOf(Number(check.claims.sub)), sessionId: session.id };
  }

  /** `X-API-Key`: only an API key is taken there, so that a login token or the service token sent in it is told where it goes. */
  async authenticateKey(secret: string, address = ''): Promise<Caller> {
    const key = secret.trim();
    if (!this.keys?.isKey(key)) {
      throw unauthorized('X-API-Key takes only an API key (ghk_...); send a login token or the service token as Authorization: Bearer <token>', 'not_an_api_key');
    }
    return { kind: 'key', key: await this.keys.authenticate(key, address) };
  }

  /**
   * The token's web account, kept a minute after it was read: nothing a
   * request uses of it ever changes (the API changes only `lastLogin`, which
   * no request reads from here), so every request of a session need not ask
   * the store again. An account found missing is asked again at the next
   * request; one removed from the store by hand is refused within a minute
   * (or at once after POST /api/cache/invalidate).
   */
  private async userOf(id: number): Promise<UserRecord> {
    const seen = this.accountsSeen.get(id);
    if (seen) return seen;
    const user = await this.users.findById(id);
    if (!user) throw unauthorized('Invalid token: the account no longer exists', 'invalid_token');
    this.accountsSeen.set(id, user);
    return user;
  }

  /** The caller must be an operator in game now, the service account, or a key (its scope checked by the router). */
  async requireAdmin(caller: Caller): Promise<void> {
    if (caller.kind === 'service' || caller.kind === 'key') return;
    if (caller.kind !== 'user') throw unauthorized();
    if (!this.isGameConnected()) throw serviceUnavailable('Game server not available; admin status cannot be checked', 'game_unavailable');
    if (!(await this.accounts.isOperatorNow(caller.user.gameUsername))) throw forbidden('Admin privileges required', 'admin_required');
    // Only a person's login is held: the service token and API keys (made by anyone) returned above.
    if (await this.secondFactors?.mustSetUp(caller.user)) {
      throw forbidden('Set up a second factor (an authenticator app or a passkey) on your account page first: the owner requires one for admins', 'second_factor_required');
    }
  }

  /** Whether the caller is an admin now, for answers that show admins more (no error either way). */
  async isAdmin(caller: Caller): Promise<boolean> {
    // A key got here past its route's scope, so it may see what the scope covers, anyone's included.
    if (caller.kind === 'service' || caller.kind === 'key') return true;
    if (caller.kind !== 'user' || !this.isGameConnected()) return false;
    const user = caller.user;
    // An operator held at the second factor's set-up sees what a player sees.
    const held = async () => (await this.secondFactors?.mustSetUp(user)) === true;
    return this.accounts
      .isOperatorNow(user.gameUsername)
      .then(async (operator) => operator && !(await held()))
      .catch(() => false);
  }
}

/** In constant time for a token of the service token's length; any other length (a login token's, every request) is not it, told without copying the token. */
function isServiceToken(token: string, serviceToken: Buffer): boolean {
  if (Buffer.byteLength(token) !== serviceToken.length) return false;
  return timingSafeEqual(Buffer.from(token), serviceToken);
}
