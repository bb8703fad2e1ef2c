import Router from '@koa/router';
import type { GamePort } from '../../game/port.js';

/** GET /api/health: public; whether the API is up and the game connected. */
export function healthRoutes(game: GamePort, startedAt: number, now: () => number = Date.now): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/health', (ctx) => {
    const connected = game.isConnected();
    ctx.body = {
      success: true,
      status: connected ? 'ok' : 'degraded',
      uptime: Math.floor((now() - startedAt) / 1000),
      game: { connected, adapter: game.adapterName },
      timestamp: new Date(now()).toISOString(),
    };
  });
  return router;
}
