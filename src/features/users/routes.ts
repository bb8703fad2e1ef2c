/** GET /api/admin/users. */
import { route, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import type { UserStore } from '../../store/port.js';
import type { AccountService } from '../accounts/service.js';
import { pagination, paginationObject } from '../common/schemas.js';
import { adminUserAnswer } from './answers.js';
import { adminUser, usersQuery } from './schemas.js';

export function usersRoutes(users: UserStore, accounts: AccountService): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/users',
      access: 'admin',
      scope: 'users:read',
      summary: 'Web accounts, a page at a time (query: page, limit 1-100, search)',
      query: usersQuery,
      answer: t.object({ success: t.literal(true), users: t.array(adminUser), pagination: paginationObject }),
      personal: ['users[].email'],
      handle: async ({ query }) => {
        const { users: page, total } = await users.list({ page: query.page, limit: query.limit, search: query.search });
        const profiles = await accounts.profiles(page);
        return {
          success: true as const,
          users: page.map((user, index) => adminUserAnswer(user, profiles[index]!)),
          pagination: pagination(query.page, query.limit, total),
        };
      },
    }),
  ];
}
