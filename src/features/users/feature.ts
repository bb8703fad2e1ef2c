import { route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { pageQuery, pagination, paginationObject, timestamp } from '../common/schemas.js';
import { defineFeature } from '../feature.js';

const adminUser = t.object({
  id: t.integer(),
  username: t.string(),
  email: t.string(),
  gameUsername: t.string(),
  isAdmin: t.boolean(),
  isWhitelisted: t.boolean(),
  createdAt: timestamp,
  lastLogin: t.nullable(timestamp),
});

/** GET /api/admin/users: web accounts a page at a time, with operator and whitelist status from the game. */
export const usersFeature = defineFeature({
  name: 'users',
  create: ({ store, services }) => {
    const accounts = services.get('accounts');
    return {
      routes: [
        route({
          method: 'GET',
          path: '/api/admin/users',
          access: 'admin',
          summary: 'Web accounts, a page at a time (query: page, limit 1-100, search)',
          query: t.object({ ...pageQuery({ default: 50, max: 100 }), search: t.optional(t.string({ maxLength: 32 })) }),
          answer: t.object({ success: t.literal(true), users: t.array(adminUser), pagination: paginationObject }),
          handle: async ({ query }) => {
            const { users, total } = await store.users.list({ page: query.page, limit: query.limit, search: query.search });
            const profiles = await accounts.profiles(users);
            return {
              success: true as const,
              users: users.map((user, index) => {
                const { username, email, gameUsername, isAdmin, isWhitelisted, createdAt } = profiles[index]!;
                return { id: user.id, username, email, gameUsername, isAdmin, isWhitelisted, createdAt, lastLogin: user.lastLogin };
              }),
              pagination: pagination(query.page, query.limit, total),
            };
          },
        }),
      ],
    };
  },
});
