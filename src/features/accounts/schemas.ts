/** Bodies and answers of the account endpoints. */
import { t } from '../../lib/schema.js';
import { timestamp } from '../common/schemas.js';

export const usernameSchema = t.string({
  pattern: '^[A-Za-z0-9_.-]{3,32}$',
  'x-message': 'must be 3 to 32 characters of letters, digits, _, - or .',
  example: 'steve_builds',
});

export const registerBody = t.object(
  {
    username: usernameSchema,
    // bcrypt reads at most 72 bytes; longer passwords would be silently cut.
    password: t.string({ minLength: 6, maxLength: 72, example: 'correct horse' }),
    email: t.string({ maxLength: 254, format: 'email', 'x-message': 'must be a valid e-mail address', example: 'steve@example.com' }),
    code: t.string({ minLength: 1, maxLength: 64, example: 'K7QW2MXP' }),
  },
  { additionalProperties: true },
);

export const loginBody = t.object({ username: t.string({ minLength: 1, maxLength: 64 }), password: t.string({ minLength: 1, maxLength: 1024 }) }, { additionalProperties: true });

export const verifyCodeBody = t.object({ code: t.string({ minLength: 1, maxLength: 64 }) }, { additionalProperties: true });

export const loginAnswer = t.object({
  success: t.literal(true),
  token: t.string({ description: 'HS256 JWT, valid 24 hours; send as Authorization: Bearer <token>.' }),
  username: t.string(),
  gameUsername: t.string(),
  isAdmin: t.boolean({ description: 'Operator status on the game server at login.' }),
});

export const profileAnswer = t.object({
  success: t.literal(true),
  username: t.string(),
  gameUsername: t.string(),
  email: t.string(),
  isAdmin: t.boolean({ description: 'Operator status on the game server now.' }),
  isWhitelisted: t.boolean(),
  createdAt: timestamp,
});

export const verifyCodeAnswer = t.object({
  success: t.literal(true),
  valid: t.boolean(),
  gameUsername: t.optional(t.string({ description: 'Only when valid.' })),
});

export const portalLoginAnswer = t.object({
  success: t.literal(true),
  token: t.string({ description: 'HS256 JWT for the page to keep in memory, valid sessions.portal-token-lifetime-seconds (15 minutes); send as Authorization: Bearer <token>.' }),
  username: t.string(),
  gameUsername: t.string(),
  isAdmin: t.boolean({ description: 'Operator status on the game server now.' }),
  expiresAt: t.string({ format: 'date-time', description: 'When the token expires: the page gets a new one with its refresh cookie (POST /api/auth/session/refresh).' }),
});

// bcrypt reads at most 72 bytes; longer passwords would be silently cut (the route also counts bytes).
const newPassword = t.string({ minLength: 6, maxLength: 72, example: 'correct horse' });

export const changePasswordBody = t.object({ currentPassword: t.string({ minLength: 1, maxLength: 1024 }), newPassword }, { additionalProperties: true });

export const changePasswordAnswer = t.object({
  success: t.literal(true),
  message: t.string(),
  endedSessions: t.integer({ description: "How many of the account's other sessions the change ended." }),
});

export const resetPasswordBody = t.object({ code: t.string({ minLength: 1, maxLength: 64, example: 'K7QW2MXP' }), newPassword }, { additionalProperties: true });

export const resetPasswordAnswer = t.object({ success: t.literal(true), message: t.string(), username: t.string({ description: 'The web account whose password it set.' }) });
