/** What a key may make, rotate or revoke: keys that expire no later and count no looser than itself. */
import { ApiError } from '../../errors.js';
import type { ApiKeyRecord, KeyRateLimit } from './store.js';

/** Refuses (403 key_limit_exceeded) a key whose expiry or rate `parent` could not have given it. */
export function requireWithin(limits: { expiresAt: string | null; rateLimit: KeyRateLimit | null }, parent: ApiKeyRecord, verb: 'make' | 'rotate' | 'revoke'): void {
  const { expiresAt, rateLimit } = limits;
  if (parent.expiresAt && (!expiresAt || Date.parse(expiresAt) > Date.parse(parent.expiresAt))) {
    throw new ApiError(403, `A key can only ${verb} keys that expire no later than itself (${parent.expiresAt})`, 'key_limit_exceeded');
  }
  if (parent.rateLimit && (!rateLimit || looser(rateLimit, parent.rateLimit))) {
    throw new ApiError(
      403,
      `A key can only ${verb} keys whose rate is no looser than its own (${parent.rateLimit.requests} requests per ${parent.rateLimit.windowSeconds} s)`,
      'key_limit_exceeded',
    );
  }
}

/** A bigger burst, or more requests a second. */
function looser(limit: KeyRateLimit, than: KeyRateLimit): boolean {
  return limit.requests > than.requests || limit.requests / limit.windowSeconds > than.requests / than.windowSeconds;
}
