import { partImplementations } from '../../store/part-implementations.js';
import { defineFeature } from '../feature.js';
import { endSessionsOnFactorChanges } from './ends-sessions.js';
import { SecondFactorLogin } from './login-step.js';
import { RelyingParty } from './relying-party.js';
import { factorsRoutes } from './routes.js';
import { SecretBox } from './secret-box.js';
import { FactorService } from './service.js';
import { factorsPart } from './store.js';
import { jsonFactorsPart } from './store-json.js';
import { postgresFactorsPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    factors: FactorService;
  }
}

/**
 * Second factors: TOTP with recovery codes and passkeys, the login's second
 * step, the passwordless login with a passkey, and the owner's rule that
 * operators have one (accounts.require-second-factor-for-admins).
 * `factors.events` says when one is added, removed or reset; each ends the
 * account's other sessions (./ends-sessions.ts).
 */
export const factorsFeature = defineFeature({
  name: 'factors',
  storeParts: [partImplementations({ part: factorsPart, json: jsonFactorsPart, postgres: postgresFactorsPart })],
  create: async ({ config, store, services, now, caches, log, portalAddress }) => {
    const accounts = services.get('accounts');
    const audit = services.get('audit');
    const factors = new FactorService(
      store,
      await SecretBox.open(store.keys),
      new RelyingParty(portalAddress),
      audit,
      { issuer: 'Gatehouse', requiredForAdmins: config.accounts.requireSecondFactorForAdmins },
      now,
    );
    caches.register(factors.haveFactor);
    const login = new SecondFactorLogin(store, factors, accounts, audit, now);
    endSessionsOnFactorChanges(factors, services.get('sessions'), log.error);
    accounts.askSecondFactorsWith(login);
    services.get('access').requireSecondFactorsBy(factors);
    services.provide('factors', factors);
    services.get('retention').register('expired second-factor challenges', (at) => store.part(factorsPart).removeExpiredChallenges(at));
    return { routes: factorsRoutes(factors, login, accounts, store.users, () => [new URL(portalAddress()).origin]) };
  },
});
