/** Request bodies of the account endpoints. */

export const usernameSchema = {
  type: 'string',
  pattern: '^[A-Za-z0-9_.-]{3,32}$',
  'x-message': 'must be 3 to 32 characters of letters, digits, _, - or .',
  example: 'steve_builds',
} as const;

export const registerBody = {
  type: 'object',
  required: ['username', 'password', 'email', 'code'],
  properties: {
    username: usernameSchema,
    // bcrypt reads at most 72 bytes; longer passwords would be silently cut.
    password: { type: 'string', minLength: 6, maxLength: 72, example: 'correct horse' },
    email: { type: 'string', maxLength: 254, format: 'email', 'x-message': 'must be a valid e-mail address', example: 'steve@example.com' },
    code: { type: 'string', minLength: 1, maxLength: 64, example: 'K7QW2MXP' },
  },
} as const;

export interface RegisterBody {
  username: string;
  password: string;
  email: string;
  code: string;
}

export const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 64 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
} as const;

export interface LoginBody {
  username: string;
  password: string;
}

export const verifyCodeBody = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export interface VerifyCodeBody {
  code: string;
}

export const loginResponse = {
  type: 'object',
  required: ['success', 'token', 'username', 'gameUsername', 'isAdmin'],
  properties: {
    success: { type: 'boolean', enum: [true] },
    token: { type: 'string', description: 'HS256 JWT, valid 24 hours; send as Authorization: Bearer <token>.' },
    username: { type: 'string' },
    gameUsername: { type: 'string' },
    isAdmin: { type: 'boolean', description: 'Operator status on the game server at login.' },
  },
} as const;

export const profileResponse = {
  type: 'object',
  required: ['success', 'username', 'gameUsername', 'email', 'isAdmin', 'isWhitelisted', 'createdAt'],
  properties: {
    success: { type: 'boolean', enum: [true] },
    username: { type: 'string' },
    gameUsername: { type: 'string' },
    email: { type: 'string' },
    isAdmin: { type: 'boolean', description: 'Operator status on the game server now.' },
    isWhitelisted: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const verifyCodeResponse = {
  type: 'object',
  required: ['success', 'valid'],
  properties: {
    success: { type: 'boolean', enum: [true] },
    valid: { type: 'boolean' },
    gameUsername: { type: 'string', description: 'Only when valid.' },
  },
} as const;
