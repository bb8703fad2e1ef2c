import type { Static } from '../../lib/schema.js';
import type { keyAnswer } from './schemas.js';
import type { KeyStanding } from './standing.js';
import type { ApiKeyRecord } from './store.js';

/** A key as the API shows it: everything but its hash and what it depends on, with whether it may act now and why not. */
export function keyAnswerOf(record: ApiKeyRecord, standing: KeyStanding): Static<typeof keyAnswer> {
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
    status: standing.status,
    statusReason: standing.reason,
  };
}
