import { defineFeature } from '../feature.js';
import { usersRoutes } from './routes.js';

/** GET /api/admin/users: web accounts a page at a time, with operator and whitelist status from the game. */
export const usersFeature = defineFeature({
  name: 'users',
  create: ({ store, services }) => ({ routes: usersRoutes(store.users, services.get('accounts')) }),
});
