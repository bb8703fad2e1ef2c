import type Router from '@koa/router';
import { authenticate, userOf, type AuthenticationDependencies } from '../authentication.js';
import { clientAddress } from '../client-address.js';
import { jsonBody } from '../json-body.js';
import { loginBody, registerBody, verifyCodeBody, type LoginBody, type RegisterBody, type VerifyCodeBody } from '../schemas/auth.js';
import { badRequest } from '../../errors.js';
import { body } from '../validation.js';

/** POST /api/auth/register, POST /api/auth/login, GET /api/auth/me, POST /api/auth/verify-code */
export function addAuthRoutes(router: Router, deps: AuthenticationDependencies, bodyLimitBytes: number): void {
  const json = jsonBody(bodyLimitBytes);

  router.post('/api/auth/register', json, async (ctx) => {
    const registration = body<RegisterBody>(ctx, registerBody);
    if (Buffer.byteLength(registration.password) > 72) throw badRequest('password must be at most 72 bytes', 'invalid_field');
    await deps.accounts.register(registration, clientAddress(ctx));
    ctx.status = 201;
    ctx.body = { success: true, message: `Account ${registration.username} created; you can log in now` };
  });

  router.post('/api/auth/login', json, async (ctx) => {
    const { username, password } = body<LoginBody>(ctx, loginBody);
    const result = await deps.accounts.login(username, password, clientAddress(ctx));
    ctx.body = { success: true, ...result };
  });

  router.get('/api/auth/me', authenticate(deps), async (ctx) => {
    ctx.body = { success: true, ...(await deps.accounts.profile(userOf(ctx))) };
  });

  router.post('/api/auth/verify-code', json, async (ctx) => {
    const { code } = body<VerifyCodeBody>(ctx, verifyCodeBody);
    ctx.body = { success: true, ...(await deps.accounts.verifyCode(code, clientAddress(ctx))) };
  });
}
