import { defineFeature } from '../feature.js';
import { forwardAuthRoutes } from './routes.js';
import { ForwardAuthService } from './service.js';
import { ForwardTokens } from './tokens.js';

declare module '../services.js' {
  interface Services {
    /** Reverse proxies' forward authentication (docs/sign-in.md). */
    forwardAuth: ForwardAuthService;
  }
}

/**
 * Forward authentication: reverse proxies ask whether a person may see a
 * page of another site, known by a cookie on that site that lives as long as
 * their portal session. Emits `signedIn` (service.events).
 */
export const forwardAuthFeature = defineFeature({
  name: 'forward-auth',
  create: async ({ config, store, game, services, now, portalAddress }) => {
    const tokens = await ForwardTokens.open(store.keys, now);
    const forwardAuth = new ForwardAuthService(
      { ...config.forwardAuth, cookieSeconds: config.sessions.idleDays * 86_400 },
      tokens,
      services.get('sessions'),
      store.users,
      services.get('access'),
      game,
      portalAddress,
    );
    services.provide('forwardAuth', forwardAuth);
    return { routes: forwardAuthRoutes(forwardAuth) };
  },
});
