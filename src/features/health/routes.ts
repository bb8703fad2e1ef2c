/** GET /api/health. */
import type { GamePort } from '../../game/port.js';
import { route, type Route } from '../../http/route.js';
import type { Store } from '../../store/port.js';
import { healthAnswer } from './schemas.js';

/** `startedAt`: when this Gatehouse started (ms since the epoch). */
export function healthRoutes(game: GamePort, store: Store, startedAt: number, now: () => Date): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/health',
      access: 'public',
      summary: 'Whether the API is up and the game connected',
      answer: healthAnswer,
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
  ];
}
