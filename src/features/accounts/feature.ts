import { badRequest } from '../../errors.js';
import { route, reply } from '../../http/route.js';
import { AccessControl } from '../../services/access-control.js';
import { AccountService } from '../../services/accounts.js';
import { LoginThrottle } from '../../services/login-throttle.js';
import { PasswordHasher } from '../../lib/password-hasher.js';
import { TokenService } from '../../services/tokens.js';
import { messageAnswer } from '../common/schemas.js';
import { chatColours } from '../chat/colours.js';
import { defineFeature } from '../feature.js';
import { loginAnswer, loginBody, profileAnswer, registerBody, verifyCodeAnswer, verifyCodeBody } from './schemas.js';

declare module '../services.js' {
  interface Services {
    accounts: AccountService;
    /** Who the caller is and whether they are an admin now; the router asks it on every protected route. */
    access: AccessControl;
  }
}

/**
 * Web accounts: /register in game, then register, log in, the profile.
 * Offers the access control every protected route goes through.
 */
export const accountsFeature = defineFeature({
  name: 'accounts',
  create: async ({ config, store, game, services, texts, log, now, caches }) => {
    const passwords = new PasswordHasher(config.accounts.bcryptRounds);
    const tokens = await TokenService.open(store.keys, config.accounts.tokenLifetimeSeconds, caches.register(TokenService.cache()));
    const throttle = new LoginThrottle({
      maxFailedAttempts: config.accounts.maxFailedAttempts,
      windowSeconds: config.accounts.failedAttemptWindowSeconds,
      addressMaxFailedAttempts: config.accounts.addressMaxFailedAttempts,
      codeCheckMaxFailures: config.accounts.codeCheckMaxFailures,
    });
    const accounts = new AccountService(store, game, passwords, tokens, throttle, texts, {
      registrationCodeLifetimeSeconds: config.accounts.registrationCodeLifetimeSeconds,
    }, now);
    const access = new AccessControl(tokens, store.users, accounts, () => game.isConnected(), config.token);
    services.provide('accounts', accounts);
    services.provide('access', access);
    game.onRegisterCommand((player) => accounts.handleRegisterCommand(player));
    services.get('retention').register('expired registration codes', (at) => store.registrationCodes.removeExpired(at));

    const settings = services.get('settings');
    const chat = services.get('chatEvents');
    accounts.events.on('registered', ({ username, gameUsername }) => {
      chat.post({ title: 'New web account', description: `${gameUsername} created the web account ${username}`, color: chatColours.account });
      // whitelist.autoApprove: a player who made an account may join a whitelisted server.
      const whitelist = game.capability('whitelist');
      if (settings.get().whitelist.autoApprove && whitelist && game.isConnected()) {
        whitelist.add(gameUsername).catch((error: Error) => log.error(`whitelist auto-approve of ${gameUsername}: ${error.message}`));
      }
    });

    return {
      routes: [
        route({
          method: 'POST',
          path: '/api/auth/register',
          access: 'public',
          summary: 'Create a web account with a code from /register in game',
          body: registerBody,
          answer: messageAnswer,
          status: 201,
          errors: { 400: 'Invalid input, or an invalid or expired code', 409: 'Username taken, or the player already has an account', 413: 'Body over the size limit', 429: 'Too many failed code checks; see Retry-After' },
          handle: async ({ body, address }) => {
            if (Buffer.byteLength(body.password) > 72) throw badRequest('password must be at most 72 bytes', 'invalid_field');
            await accounts.register(body, address);
            return reply({ success: true as const, message: `Account ${body.username} created; you can log in now` }, { status: 201 });
          },
        }),
        route({
          method: 'POST',
          path: '/api/auth/login',
          access: 'public',
          summary: 'Log in and receive a JWT',
          body: loginBody,
          answer: loginAnswer,
          errors: { 400: 'Missing username or password', 401: 'Invalid credentials', 429: 'Too many failed attempts; see Retry-After' },
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
      ],
      stop: () => passwords.close(),
    };
  },
});
