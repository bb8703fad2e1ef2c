import type { Static } from '../../lib/schema.js';
import type { keyAnswer } from './schemas.js';
import type { ApiKeyRecord } from './store.js';

/** A key as the API shows it: everything but its hash. */
export function keyAnswerOf(record: ApiKeyRecord, now: Date): Static<typeof keyAnswer> {
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    scopes: record.scopes,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    rateLimit: record.rateLimit,
    lastUsedAt: record.lastUsedAt,
    lastUsedFrom: record.lastUsedFrom,
    rotatedAt: record.rotatedAt,
    revokedAt: record.revokedAt,
    status: statusOf(record, now),
  };
}

export function statusOf(record: ApiKeyRecord, now: Date): 'active' | 'expired' | 'revoked' {
  if (record.revokedAt !== null) return 'revoked';
  if (record.expiresAt !== null && Date.parse(record.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}
