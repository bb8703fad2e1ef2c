import { PasswordHasher } from '../../lib/password-hasher.js';
import { partImplementations } from '../../store/part-implementations.js';
import { chatColours } from '../chat/colours.js';
import { defineFeature } from '../feature.js';
import { AccessControl } from './access-control.js';
import { LoginThrottle } from './login-throttle.js';
import { accountsRoutes } from './routes.js';
import { AccountService } from './service.js';
import { registrationCodesPart } from './store.js';
import { jsonRegistrationCodesPart } from './store-json.js';
import { postgresRegistrationCodesPart } from './store-postgres.js';
import { TokenService } from './tokens.js';

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
  storeParts: [partImplementations({ part: registrationCodesPart, json: jsonRegistrationCodesPart, postgres: postgresRegistrationCodesPart })],
  create: async ({ config, store, game, services, texts, log, now, caches, portalAddress }) => {
    const passwords = new PasswordHasher(config.accounts.bcryptRounds);
    const tokens = await TokenService.open(store.keys, config.accounts.tokenLifetimeSeconds, caches.register(TokenService.cache()));
    const throttle = new LoginThrottle({
      maxFailedAttempts: config.accounts.maxFailedAttempts,
      windowSeconds: config.accounts.failedAttemptWindowSeconds,
      addressMaxFailedAttempts: config.accounts.addressMaxFailedAttempts,
      codeCheckMaxFailures: config.accounts.codeCheckMaxFailures,
    });
    const accounts = new AccountService(
      store,
      game,
      passwords,
      tokens,
      throttle,
      texts,
      {
        registrationCodeLifetimeSeconds: config.accounts.registrationCodeLifetimeSeconds,
        portalAddress,
      },
      now,
    );
    const access = new AccessControl(tokens, store.users, accounts, () => game.isConnected(), config.token);
    caches.register(access.accountsSeen);
    services.provide('accounts', accounts);
    services.provide('access', access);
    game.onRegisterCommand((player) => accounts.handleRegisterCommand(player));
    services.get('retention').register('expired registration codes', (at) => store.part(registrationCodesPart).removeExpired(at));

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
      routes: accountsRoutes(accounts),
      stop: () => passwords.close(),
    };
  },
});
