import { createHash } from 'node:crypto';
import { invalidField } from '../../errors.js';
import type { RouteRequest } from '../../http/route.js';
import type { IdempotencyRequest, Once } from './service.js';

/**
 * A money-moving request's Idempotency-Key, scoped to the caller so two
 * callers' keys never meet, with a fingerprint of what was asked (the path
 * and the body): the same key with another request is a 409.
 */
export function idempotencyOf(request: RouteRequest<unknown, unknown>, path: string): IdempotencyRequest | undefined {
  const key = request.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw invalidField('Idempotency-Key', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  const { caller } = request;
  const scope = caller.kind === 'user' ? `user:${caller.user.id}` : caller.kind === 'key' ? `key:${caller.key.id}` : 'service';
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([path, request.body]))
    .digest('hex');
  return { key: `${scope}:${key}`, fingerprint };
}

/** The header a replayed answer carries. */
export function replayHeaders(done: Pick<Once<unknown>, 'replayed'>): Record<string, string> {
  return done.replayed ? { 'Idempotent-Replayed': 'true' } : {};
}
