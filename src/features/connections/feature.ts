import { route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { ConnectionLogRecorder } from '../../services/connection-log.js';
import { timestamp } from '../common/schemas.js';
import { defineFeature } from '../feature.js';

declare module '../services.js' {
  interface Services {
    connectionLog: ConnectionLogRecorder;
  }
}

const connection = t.object({
  id: t.integer(),
  username: t.string(),
  action: t.enum(['LOGIN', 'LOGOUT']),
  ipAddress: t.string(),
  timestamp,
  success: t.boolean(),
  reason: t.optional(t.string({ description: 'Why a login was refused; only when success is false.' })),
});

/** The connection log: LOGIN, LOGOUT and refused logins from the game's events, with addresses. */
export const connectionsFeature = defineFeature({
  name: 'connections',
  create: ({ config, store, game, services, log, now }) => {
    const recorder = new ConnectionLogRecorder(store.connectionLog, game, now, log.error);
    services.provide('connectionLog', recorder);
    services.get('retention').keepDays('connection log', config.retention.connectionLogDays, (cutoff) => store.connectionLog.deleteBefore(cutoff));
    return {
      routes: [
        route({
          method: 'GET',
          path: '/api/admin/connections',
          access: 'admin',
          summary: 'Connection log, newest first (query: limit 1-500, username)',
          query: t.object({
            limit: t.integer({ default: 100, minimum: 1, maximum: 500 }),
            username: t.optional(t.string({ maxLength: 16 })),
          }),
          answer: t.object({ success: t.literal(true), connections: t.array(connection) }),
          handle: async ({ query }) => {
            const entries = await store.connectionLog.recent({ limit: query.limit, equals: { username: query.username } });
            return {
              success: true as const,
              connections: entries.map(({ id, username, action, ipAddress, timestamp: at, success, reason }) => ({
                id,
                username,
                action,
                ipAddress,
                timestamp: at,
                success,
                ...(reason ? { reason } : {}),
              })),
            };
          },
        }),
      ],
      stop: () => recorder.settled(),
    };
  },
});
