import { route } from '../../http/route.js';
import { t } from '../../lib/schema.js';
import { timestamp } from '../common/schemas.js';
import { defineFeature } from '../feature.js';

/** GET /api/health: public; whether the API is up and the game connected. */
export const healthFeature = defineFeature({
  name: 'health',
  create: ({ game, store, startedAt, now }) => ({
    routes: [
      route({
        method: 'GET',
        path: '/api/health',
        access: 'public',
        summary: 'Whether the API is up and the game connected',
        answer: t.object({
          success: t.literal(true),
          status: t.enum(['ok', 'degraded']),
          uptime: t.integer({ description: 'Seconds since start.' }),
          game: t.object({
            connected: t.boolean(),
            adapter: t.string(),
            problem: t.optional(t.string({ description: 'Why the game cannot be reached, where the adapter knows (a refused RCON password).' })),
          }),
          storage: t.string({ description: 'The store in use, e.g. json.' }),
          timestamp,
        }),
        handle: () => {
          const connected = game.isConnected();
          const at = now();
          return {
            success: true as const,
            status: connected ? ('ok' as const) : ('degraded' as const),
            uptime: Math.floor((at.getTime() - startedAt) / 1000),
            game: { connected, adapter: game.adapterName, ...(!connected && game.connectionProblem?.() ? { problem: game.connectionProblem()! } : {}) },
            storage: store.kind,
            timestamp: at.toISOString(),
          };
        },
      }),
    ],
  }),
});
