/** Bodies and answers of the API keys' routes. */
import { t } from '../../lib/schema.js';
import { pageQuery, paginationObject, timestamp } from '../common/schemas.js';

const scopeName = t.string({
  pattern: '^(admin|[a-z][a-z-]*:(read|write|admin))$',
  'x-message': 'must be a scope (admin, or group:read, group:write, group:admin)',
  example: 'players:read',
});

const rateLimit = t.object(
  {
    requests: t.integer({ minimum: 1, maximum: 100_000, description: 'Requests allowed at once (the bucket), refilled evenly over the window.' }),
    windowSeconds: t.integer({ minimum: 1, maximum: 86_400 }),
  },
  { description: 'A token bucket: up to `requests` at once, `requests` more every `windowSeconds`.' },
);

export const keyName = t.string({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9][A-Za-z0-9 ._-]*$',
  'x-message': 'must be 1 to 64 letters, digits, spaces, . _ or -, starting with a letter or digit',
});

export const createKeyBody = t.object({
  name: keyName,
  scopes: t.array(scopeName, { minItems: 1, maxItems: 64, uniqueItems: true }),
  expiresAt: t.optional(t.nullable(timestamp)),
  rateLimit: t.optional(t.nullable(rateLimit)),
});

export const listKeysQuery = t.object({
  ...pageQuery({ default: 50, max: 100 }),
  revoked: t.optional(t.boolean({ description: 'Include revoked keys (default true).' })),
});

export const keyAnswer = t.object({
  id: t.string({ example: 'key_3f2a9c0d1e4b5a67' }),
  name: t.string(),
  prefix: t.string({ description: "The secret's first characters, to tell keys apart; never the secret.", example: 'ghk_Xq3vB9' }),
  scopes: t.array(t.string()),
  createdBy: t.string(),
  createdAt: timestamp,
  expiresAt: t.nullable(timestamp),
  rateLimit: t.nullable(rateLimit),
  lastUsedAt: t.nullable(timestamp),
  lastUsedFrom: t.optional(t.nullable(t.string({ description: 'The address of its last use. Left out for an API key without personal:read.' }))),
  rotatedAt: t.nullable(timestamp),
  revokedAt: t.nullable(timestamp),
  status: t.enum(['active', 'suspended', 'expired', 'revoked'] as const, {
    description:
      'Whether requests with it are answered now: active; suspended while the operator it acts for (who made or last rotated it, or a key above it) is not an operator, or cannot be asked; expired; revoked (also when a key it was made or rotated by is revoked or expired).',
  }),
  statusReason: t.nullable(t.string({ description: 'Why it is suspended, or revoked with a key above it, e.g. "Chief made it and is not an operator now"; null otherwise.' })),
});

export const oneKeyAnswer = t.object({ success: t.literal(true), key: keyAnswer });

export const keyWithSecretAnswer = t.object({
  success: t.literal(true),
  key: keyAnswer,
  secret: t.string({ description: 'The key itself: shown this once, stored only as a hash. Send it as `Authorization: Bearer <secret>`.' }),
});

export const keyListAnswer = t.object({ success: t.literal(true), keys: t.array(keyAnswer), pagination: paginationObject });

export const scopesAnswer = t.object({
  success: t.literal(true),
  scopes: t.array(
    t.object({
      scope: t.string(),
      description: t.string(),
      operations: t.array(t.string({ description: 'METHOD /path', example: 'GET /api/players' })),
    }),
  ),
});
