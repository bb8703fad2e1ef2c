/** A web account as admins see it, and the query that lists them. */
import { t } from '../../lib/schema.js';
import { pageQuery, timestamp } from '../common/schemas.js';

export const adminUser = t.object({
  id: t.integer(),
  username: t.string(),
  email: t.optional(t.string({ description: 'Left out for an API key without personal:read.' })),
  gameUsername: t.string(),
  isAdmin: t.boolean(),
  isWhitelisted: t.boolean(),
  createdAt: timestamp,
  lastLogin: t.nullable(timestamp),
});

export const usersQuery = t.object({ ...pageQuery({ default: 50, max: 100 }), search: t.optional(t.string({ maxLength: 32 })) });
