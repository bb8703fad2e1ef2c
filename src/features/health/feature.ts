import { defineFeature } from '../feature.js';
import { healthRoutes } from './routes.js';

/** GET /api/health: public; whether the API is up and the game connected. */
export const healthFeature = defineFeature({
  name: 'health',
  create: ({ game, store, startedAt, now }) => ({ routes: healthRoutes(game, store, startedAt, now) }),
});
