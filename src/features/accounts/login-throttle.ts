import { asciiLowerCase } from '../../lib/ascii.js';
import { FailureThrottle } from '../../lib/failure-throttle.js';

export interface LoginThrottleSettings {
  /** Failures of one (address, account) pair in the window before that pair is locked. */
  maxFailedAttempts: number;
  windowSeconds: number;
  /** Failures from one address, against any accounts, before the address is locked. */
  addressMaxFailedAttempts: number;
  /** Failed code checks from one address before its code checks are locked. */
  codeCheckMaxFailures: number;
}

/** How long an address that logged into an account stays exempt from that account's slow-down. */
const knownAddressMs = 30 * 24 * 3600_000;
const maxKnownPairs = 50_000;
/** The longest the per-account slow-down makes anyone wait between attempts. */
const maxDelaySeconds = 60;

/**
 * Throttles guessing without letting anyone lock others out:
 * - one address guessing one account is locked after `maxFailedAttempts`
 *   failures in the window (429 with Retry-After), and a success clears
 *   that pair;
 * - an account guessed at from anywhere past that number is slowed down,
 *   not locked: each attempt must wait 1, 2, 4, ... (at most 60) seconds
 *   after the last failure; an address that logged into the account in the
 *   last 30 days is exempt, so the owner can still log in from home while
 *   someone hammers their (public) name;
 * - an address is locked only at a much higher count across all accounts
 *   (a dashboard proxying many users' logins stays usable);
 * - failed registration-code checks count in a bucket of their own, per
 *   address, so a form checking codes as they are typed locks no logins.
 */
export class LoginThrottle {
  private readonly pairs: FailureThrottle;
  private readonly accounts: FailureThrottle;
  private readonly addresses: FailureThrottle;
  private readonly codeChecks: FailureThrottle;
  private readonly knownPairs = new Map<string, number>();

  constructor(
    private readonly settings: LoginThrottleSettings,
    private readonly now: () => number = Date.now,
  ) {
    const windowMs = settings.windowSeconds * 1000;
    this.pairs = new FailureThrottle(settings.maxFailedAttempts, windowMs, now);
    this.accounts = new FailureThrottle(settings.maxFailedAttempts, windowMs, now);
    this.addresses = new FailureThrottle(settings.addressMaxFailedAttempts, windowMs, now);
    this.codeChecks = new FailureThrottle(settings.codeCheckMaxFailures, windowMs, now);
  }

  /** Seconds the client must wait before this login attempt, or 0. */
  loginWait(address: string, username: string): number {
    const account = asciiLowerCase(username);
    const locked = Math.max(this.pairs.retryAfterSeconds([pairKey(address, account)]), this.addresses.retryAfterSeconds([address]));
    if (locked > 0 || this.isKnown(address, account)) return locked;
    const { count, newestAt } = this.accounts.failures(account);
    const excess = count - this.settings.maxFailedAttempts;
    if (excess < 0 || newestAt === undefined) return 0;
    const delayMs = Math.min(maxDelaySeconds, 2 ** excess) * 1000;
    return Math.max(0, Math.ceil((newestAt + delayMs - this.now()) / 1000));
  }

  loginFailed(address: string, username: string): void {
    const account = asciiLowerCase(username);
    this.pairs.recordFailure([pairKey(address, account)]);
    this.accounts.recordFailure([account]);
    this.addresses.recordFailure([address]);
  }

  loginSucceeded(address: string, username: string): void {
    const account = asciiLowerCase(username);
    this.pairs.clear(pairKey(address, account));
    const key = pairKey(address, account);
    this.knownPairs.delete(key);
    this.knownPairs.set(key, this.now());
    while (this.knownPairs.size > maxKnownPairs) this.knownPairs.delete(this.knownPairs.keys().next().value!);
  }

  /** Seconds before this address may check a code again, or 0. */
  codeCheckWait(address: string): number {
    return this.codeChecks.retryAfterSeconds([address]);
  }

  codeCheckFailed(address: string): void {
    this.codeChecks.recordFailure([address]);
  }

  private isKnown(address: string, account: string): boolean {
    const at = this.knownPairs.get(pairKey(address, account));
    return at !== undefined && this.now() - at < knownAddressMs;
  }
}

const pairKey = (address: string, account: string) => `${address} ${account}`;
