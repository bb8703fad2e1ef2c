import type Router from '@koa/router';
import type { GamePort } from '../../game/port.js';

/** GET /api/health: public; whether the API is up and the game connected. */
export function addHealthRoutes(router: Router, game: GamePort, startedAt: number, now: () => number = Date.now): void {
  router.get('/api/health', (ctx) => {
    const connected = game.isConnected();
    ctx.body = {
      success: true,
      status: connected ? 'ok' : 'degraded',
      uptime: Math.floor((now() - startedAt) / 1000),
      game: { connected, adapter: game.adapterName },
      timestamp: new Date(now()).toISOString(),
    };
  });
}
