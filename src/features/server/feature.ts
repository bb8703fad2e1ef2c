import { defineFeature } from '../feature.js';
import { serverRoutes } from './routes.js';

/**
 * The server group: what the server is (public, nothing private: no
 * addresses, no paths) and how it is doing (admins).
 */
export const serverFeature = defineFeature({
  name: 'server',
  create: ({ config, store, game, services, requests, startedAt, now }) => ({
    routes: serverRoutes({
      serverId: config.serverId,
      store,
      game,
      settings: services.get('settings'),
      players: services.get('players'),
      economy: services.has('economy') ? services.get('economy') : undefined,
      requests,
      startedAt,
      now,
    }),
  }),
});
