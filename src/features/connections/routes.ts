/** Reading the connection log (admins). */
import { route, type Route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import type { ConnectionLogStore } from '../../store/port.js';
import { connectionAnswer } from './answers.js';
import { connection, connectionsQuery } from './schemas.js';

export function connectionsRoutes(connectionLog: ConnectionLogStore): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/connections',
      access: 'admin',
      scope: 'players:read',
      summary: 'Connection log, newest first (query: limit 1-500, username)',
      query: connectionsQuery,
      answer: t.object({ success: t.literal(true), connections: t.array(connection) }),
      handle: async ({ query }) => {
        const entries = await connectionLog.recent({ limit: query.limit, equals: { username: query.username } });
        return { success: true as const, connections: entries.map(connectionAnswer) };
      },
    }),
  ];
}
