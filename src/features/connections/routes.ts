/** Reading the connection log (admins). */
import { route, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { pagination, paginationObject } from '../common/schemas.js';
import type { ConnectionLogStore } from './store.js';
import { connectionAnswer } from './answers.js';
import { connection, connectionsQuery } from './schemas.js';

export function connectionsRoutes(connectionLog: ConnectionLogStore): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/connections',
      access: 'admin',
      scope: 'players:read',
      summary: 'Connection log, newest first (query: page, limit 1-500, username)',
      query: connectionsQuery,
      answer: t.object({ success: t.literal(true), connections: t.array(connection), pagination: paginationObject }),
      personal: ['connections[].ipAddress'],
      handle: async ({ query }) => {
        const equals = { username: query.username };
        const [entries, total] = await Promise.all([connectionLog.recent({ limit: query.limit, offset: (query.page - 1) * query.limit, equals }), connectionLog.count({ equals })]);
        return { success: true as const, connections: entries.map(connectionAnswer), pagination: pagination(query.page, query.limit, total) };
      },
    }),
  ];
}
