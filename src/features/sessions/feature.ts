import { partImplementations } from '../../store/part-implementations.js';
import { defineFeature } from '../feature.js';
import { RefreshTokens } from './refresh-tokens.js';
import { sessionsRoutes } from './routes.js';
import { SessionService } from './service.js';
import { sessionsPart } from './store.js';
import { jsonSessionsPart } from './store-json.js';
import { postgresSessionsPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    /** Every login's session: started by the accounts, checked on every request, listed and ended by its owner. */
    sessions: SessionService;
    /** The portal's refresh tokens (./refresh-tokens.ts), for the accounts' refresh. */
    refreshTokens: RefreshTokens;
  }
}

/**
 * Sessions: every login is one until it ends. The accounts start them (and
 * issue their tokens) and check them on every request; their owner lists
 * and ends them here. Emits `started` and `ended` (service.events).
 */
export const sessionsFeature = defineFeature({
  name: 'sessions',
  storeParts: [partImplementations({ part: sessionsPart, json: jsonSessionsPart, postgres: postgresSessionsPart })],
  create: async ({ config, store, services, now, log, portalAddress }) => {
    const refreshTokens = await RefreshTokens.open(store.keys);
    const sessions = new SessionService(
      store.part(sessionsPart),
      refreshTokens,
      {
        apiSessionSeconds: config.accounts.tokenLifetimeSeconds,
        portalIdleSeconds: config.sessions.idleDays * 86_400,
        refreshReuseLeewaySeconds: config.sessions.refreshReuseLeewaySeconds,
      },
      now,
      log.error,
    );
    services.provide('sessions', sessions);
    services.provide('refreshTokens', refreshTokens);
    services.get('retention').keepDays('ended sessions', config.sessions.keptDays, (cutoff) => sessions.deleteGoneBefore(cutoff));
    return { routes: sessionsRoutes(sessions, refreshTokens, () => [new URL(portalAddress()).origin]) };
  },
});
