import { PasswordHasher } from '../../lib/password-hasher.js';
import { partImplementations } from '../../store/part-implementations.js';
import { chatColours } from '../chat/colours.js';
import { defineFeature } from '../feature.js';
import { AccessControl } from './access-control.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordService } from './passwords.js';
import { accountsRoutes } from './routes.js';
import { AccountService } from './service.js';
import { passwordResetCodesPart, registrationCodesPart } from './store.js';
import { jsonPasswordResetCodesPart, jsonRegistrationCodesPart } from './store-json.js';
import { postgresPasswordResetCodesPart, postgresRegistrationCodesPart } from './store-postgres.js';
import { TokenService } from './tokens.js';

declare module '../services.js' {
  interface Services {
    accounts: AccountService;
    /** Who the caller is and whether they are an admin now; the router asks it on every protected route. */
    access: AccessControl;
    /** Password changes, and /resetpassword's way back in. */
    passwords: PasswordService;
  }
}

/**
 * Web accounts: /register in game, then register, log in (each login a
 * session of ../sessions), the profile, passwords and /resetpassword.
 * Offers the access control every protected route goes through.
 */
export const accountsFeature = defineFeature({
  name: 'accounts',
  storeParts: [
    partImplementations({ part: registrationCodesPart, json: jsonRegistrationCodesPart, postgres: postgresRegistrationCodesPart }),
    partImplementations({ part: passwordResetCodesPart, json: jsonPasswordResetCodesPart, postgres: postgresPasswordResetCodesPart }),
  ],
  create: async ({ config, store, game, services, texts, log, now, caches, portalAddress }) => {
    const passwords = new PasswordHasher(config.accounts.bcryptRounds);
    const tokens = await TokenService.open(store.keys, config.accounts.tokenLifetimeSeconds, caches.register(TokenService.cache()));
    const throttle = new LoginThrottle({
      maxFailedAttempts: config.accounts.maxFailedAttempts,
      windowSeconds: config.accounts.failedAttemptWindowSeconds,
      addressMaxFailedAttempts: config.accounts.addressMaxFailedAttempts,
      codeCheckMaxFailures: config.accounts.codeCheckMaxFailures,
    });
    const sessions = services.get('sessions');
    const accounts = new AccountService(
      store,
      game,
      passwords,
      tokens,
      sessions,
      throttle,
      texts,
      {
        registrationCodeLifetimeSeconds: config.accounts.registrationCodeLifetimeSeconds,
        portalTokenSeconds: config.sessions.portalTokenLifetimeSeconds,
        portalAddress,
      },
      now,
    );
    const passwordService = new PasswordService(
      store,
      game,
      passwords,
      throttle,
      sessions,
      texts,
      { resetCodeLifetimeSeconds: config.sessions.resetCodeLifetimeSeconds, portalAddress },
      now,
    );
    const access = new AccessControl(tokens, sessions, store.users, accounts, () => game.isConnected(), config.token);
    caches.register(access.accountsSeen);
    services.provide('accounts', accounts);
    services.provide('access', access);
    services.provide('passwords', passwordService);
    game.onCodeCommand('register', (player) => accounts.handleRegisterCommand(player));
    game.onCodeCommand('resetpassword', (player) => passwordService.handleResetCommand(player));
    const retention = services.get('retention');
    retention.register('expired registration codes', (at) => store.part(registrationCodesPart).removeExpired(at));
    retention.register('expired password reset codes', (at) => passwordService.removeExpiredCodes(at));

    const settings = services.get('settings');
    const chat = services.get('chatEvents');
    accounts.events.on('registered', ({ username, gameUsername }) => {
      chat.post({ title: 'New web account', description: `${gameUsername} created the web account ${username}`, color: chatColours.account });
      // whitelist.autoApprove: a player who made an account may join a whitelisted server.
      const whitelist = game.capability('whitelist');
      if (settings.read().whitelist.autoApprove && whitelist && game.isConnected()) {
        whitelist.add(gameUsername).catch((error: Error) => log.error(`whitelist auto-approve of ${gameUsername}: ${error.message}`));
      }
    });

    return {
      routes: accountsRoutes(accounts, passwordService, { ownOrigins: () => [new URL(portalAddress()).origin] }),
      stop: () => passwords.close(),
    };
  },
});
