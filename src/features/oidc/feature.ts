import { partImplementations } from '../../store/part-implementations.js';
import { defineFeature } from '../feature.js';
import { adapterOver } from './adapter.js';
import { OidcClients } from './clients.js';
import { oidcRoutes } from './routes.js';
import { OidcService } from './service.js';
import { oidcPart } from './store.js';
import { jsonOidcPart } from './store-json.js';
import { postgresOidcPart } from './store-postgres.js';
import { Subjects } from './subjects.js';

declare module '../services.js' {
  interface Services {
    oidc: OidcService;
  }
}

/** Where the provider is served, under the API's origin: the issuer is `<portal address>oidc`. */
export const oidcMountPath = '/oidc';

/** How often the keys are looked at again: rotated when due, or taken up when another instance rotated them. */
const keyCheckMs = 3_600_000;

/**
 * "Sign in with Minecraft": an OpenID Connect provider (oidc-provider) at
 * /oidc, with its records, clients and keys in the store, so every instance
 * of a network is the same issuer. Admins register clients; a player signs
 * in on the portal (its session, with the account's second factor) and
 * consents there. Emits `consented` and `keysRotated` (service.events).
 */
export const oidcFeature = defineFeature({
  name: 'oidc',
  storeParts: [partImplementations({ part: oidcPart, json: jsonOidcPart, postgres: postgresOidcPart })],
  create: ({ config, store, services, now, portalAddress }) => {
    const part = store.part(oidcPart);
    const accounts = services.get('accounts');
    const subjects = new Subjects(part, now);
    const issuer = () => `${portalAddress()}${oidcMountPath.slice(1)}`;
    const oidc = new OidcService(
      () => part,
      adapterOver(part, now),
      subjects,
      (sub) => subjects.account(sub, (id) => store.users.findById(id)),
      async (user) => {
        const profile = await accounts.profile(user);
        return {
          name: user.gameUsername,
          preferred_username: user.gameUsername,
          minecraft_name: user.gameUsername,
          minecraft_uuid: user.gameUuid,
          minecraft_operator: profile.isAdmin,
          minecraft_whitelisted: profile.isWhitelisted,
          ...(user.email ? { email: user.email, email_verified: false } : {}),
        };
      },
      (path) => `${portalAddress()}${path}`,
      {
        rotation: { rotationDays: 30, retiredDays: 7 },
        ttl: { accessTokenSeconds: 3600, refreshTokenDays: 30, sessionDays: 14 },
        behindProxy: config.http.trustedProxies.length > 0,
      },
      now,
    );
    services.provide('oidc', oidc);
    services.get('retention').keepDays('expired sign-in records', 0, (cutoff) => part.deleteExpiredBefore(cutoff));
    let timer: NodeJS.Timeout | undefined;
    return {
      routes: oidcRoutes(oidc, new OidcClients(part, now), services.get('audit'), issuer),
      mounts: [{ prefix: oidcMountPath, serve: (request, response) => oidc.serve(request, response) }],
      start: async () => {
        await oidc.refresh(issuer());
        timer = setInterval(() => void oidc.refresh(issuer()).catch(() => undefined), keyCheckMs);
        timer.unref();
      },
      stop: () => clearInterval(timer),
    };
  },
});
