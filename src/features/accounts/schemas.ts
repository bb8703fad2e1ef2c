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

/** A successful login: what every way of logging in answers in the end. */
export const loggedInAnswer = t.object({
  success: t.literal(true),
  token: t.string({ description: 'HS256 JWT, valid 24 hours; send as Authorization: Bearer <token>.' }),
  username: t.string(),
  gameUsername: t.string(),
  isAdmin: t.boolean({ description: 'Operator status on the game server at login.' }),
});

/** The password was right and the account has a second factor: no token yet, the factor is asked for with the ticket. */
export const secondFactorStepAnswer = t.object({
  success: t.literal(true),
  secondFactor: t.object({
    required: t.literal(true),
    methods: t.array(t.enum(['totp', 'recovery-code', 'passkey'] as const), {
      description: "The account's factors: totp (an authenticator app's code) and recovery-code with it, passkey.",
    }),
    ticket: t.string({
      description: 'Single use, valid 5 minutes: send it with the factor to POST /api/auth/login/second-factor (wrong codes do not spend it).',
    }),
  }),
});

export const loginAnswer = t.anyOf([loggedInAnswer, secondFactorStepAnswer], {
  description: 'The token, or, for an account with a second factor, the step that asks for it (secondFactor, no token).',
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

/** The portal's login that succeeded: the login's fields, and when its short token expires. */
export const portalLoggedInAnswer = t.object({
  success: t.literal(true),
  token: t.string({ description: 'HS256 JWT for the page to keep in memory, valid sessions.portal-token-lifetime-seconds (15 minutes); send as Authorization: Bearer <token>.' }),
  username: t.string(),
  gameUsername: t.string(),
  isAdmin: t.boolean({ description: 'Operator status on the game server now.' }),
  expiresAt: t.string({ format: 'date-time', description: 'When the token expires: the page gets a new one with its refresh cookie (POST /api/auth/session/refresh).' }),
});

export const portalLoginAnswer = t.anyOf([portalLoggedInAnswer, secondFactorStepAnswer], {
  description: 'The token and the refresh cookie, or, for an account with a second factor, the step that asks for it (secondFactor, no token, no cookie yet).',
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
