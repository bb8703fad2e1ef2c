/**
 * The Idempotency-Key header of a request that moves money: read, checked,
 * scoped to the caller and fingerprinted here, so a feature gets one value
 * to pass to its service; and the header a replayed answer carries.
 */
import { hash } from 'node:crypto';
import { invalidField } from '../errors.js';
import type { RouteRequest } from './route.js';

/**
 * A request's Idempotency-Key, scoped to its caller so two callers' keys
 * never meet, with a fingerprint of what was asked: the same key with
 * another request is a 409, the same key with the same request answers the
 * first answer.
 */
export interface IdempotencyRequest {
  key: string;
  fingerprint: string;
}

/** The request's Idempotency-Key (undefined without one), its fingerprint taken from `path` and the body; 400 for a key that is not 1 to 255 visible ASCII characters. */
export function idempotencyOf(request: RouteRequest<unknown, unknown>, path: string): IdempotencyRequest | undefined {
  const key = request.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw invalidField('Idempotency-Key', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  const { caller } = request;
  const scope = caller.kind === 'user' ? `user:${caller.user.id}` : caller.kind === 'key' ? `key:${caller.key.id}` : 'service';
  // One call (not a Hash object): a third of the time, on every keyed transfer and purchase.
  const fingerprint = hash('sha256', JSON.stringify([path, request.body]), 'hex');
  return { key: `${scope}:${key}`, fingerprint };
}

/** The header a replayed answer carries. */
export function replayHeaders(done: { replayed: boolean }): Record<string, string> {
  return done.replayed ? { 'Idempotent-Replayed': 'true' } : {};
}
