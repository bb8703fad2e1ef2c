/** Register, log in, the profile, and checking a registration code. */
import { invalidField } from '../../errors.js';
import { route, reply, type Route } from '../../http/route.js';
import { messageAnswer } from '../common/schemas.js';
import { loginAnswer, loginBody, profileAnswer, registerBody, verifyCodeAnswer, verifyCodeBody } from './schemas.js';
import type { AccountService } from './service.js';

export function accountsRoutes(accounts: AccountService): Route[] {
  return [
    route({
      method: 'POST',
      path: '/api/auth/register',
      access: 'public',
      summary: 'Create a web account with a code from /register in game',
      body: registerBody,
      answer: messageAnswer,
      status: 201,
      errors: {
        400: 'Invalid input, or an invalid or expired code',
        409: 'Username taken, or the player already has an account',
        413: 'Body over the size limit',
        429: 'Too many failed code checks; see Retry-After',
      },
      errorFields: { invalid_code: 'code', username_taken: 'username', player_has_account: 'code' },
      handle: async ({ body, address }) => {
        if (Buffer.byteLength(body.password) > 72) throw invalidField('password', 'password must be at most 72 bytes');
        await accounts.register(body, address);
        // The account is read, once logged in, at /api/auth/me.
        return reply({ success: true as const, message: `Account ${body.username} created; you can log in now` }, { status: 201, headers: { Location: '/api/auth/me' } });
      },
    }),
    route({
      method: 'POST',
      path: '/api/auth/login',
      access: 'public',
      summary: 'Log in and receive a JWT (or, with a second factor, a ticket to send it with)',
      body: loginBody,
      answer: loginAnswer,
      errors: { 400: 'Missing username or password', 401: 'Invalid credentials', 429: 'Too many failed attempts; see Retry-After' },
      // Either may be wrong, and the answer does not say which: it stands by the password, the one typed again.
      errorFields: { invalid_credentials: 'password' },
      handle: async ({ body, address }) => ({ success: true as const, ...(await accounts.login(body.username, body.password, address)) }),
    }),
    route({
      method: 'GET',
      path: '/api/auth/me',
      access: 'login',
      summary: 'The logged-in user',
      answer: profileAnswer,
      handle: async (request) => ({ success: true as const, ...(await accounts.profile(request.user())) }),
    }),
    route({
      method: 'POST',
      path: '/api/auth/verify-code',
      access: 'public',
      summary: 'Check a registration code (200 with valid:false when it is not valid)',
      body: verifyCodeBody,
      answer: verifyCodeAnswer,
      errors: { 400: 'Missing code', 429: 'Too many failed code checks; see Retry-After' },
      handle: async ({ body, address }) => ({ success: true as const, ...(await accounts.verifyCode(body.code, address)) }),
    }),
  ];
}
