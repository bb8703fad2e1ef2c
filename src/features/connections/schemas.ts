/** A connection log entry as the API shows it, and the query that reads them. */
import { t } from '../../lib/schema.js';
import { pageQuery, timestamp } from '../common/schemas.js';

export const connection = t.object({
  id: t.integer(),
  username: t.string(),
  action: t.enum(['LOGIN', 'LOGOUT']),
  ipAddress: t.optional(t.string({ description: 'Left out for an API key without personal:read.' })),
  timestamp,
  success: t.boolean(),
  reason: t.optional(t.string({ description: 'Why a login was refused; only when success is false.' })),
});

export const connectionsQuery = t.object({
  ...pageQuery({ default: 100, max: 500 }),
  username: t.optional(t.string({ maxLength: 16 })),
});
