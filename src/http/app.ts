import cors from '@koa/cors';
import Koa, { type Middleware } from 'koa';
import type { Config } from '../config/config.js';
import { errorMiddleware } from './error-middleware.js';
import { type Mount, mountMiddleware } from './mount.js';
import { loadPortal, portalMiddleware } from './portal.js';

/** Told of every answer: the route served (`GET /api/health`, or `unmatched`), its status and how long it took. */
export type ServedListener = (route: string, status: number, milliseconds: number) => void;

/**
 * The Koa application: the request meter outermost (so it sees every final
 * status), then the applications mounted under their own paths (./mount.ts),
 * which answer CORS as their protocol says (the OpenID Connect provider only
 * to a client's own origins), then CORS (so error answers carry its headers
 * too), the error middleware, the portal's pages (every GET outside /api,
 * ./portal.ts), and the router built from the features' routes (./router.ts).
 */
export function createHttpApp(
  config: Pick<Config, 'cors'>,
  router: Middleware,
  logError: (message: string) => void,
  onServed?: ServedListener,
  mounts: readonly Mount[] = [],
): Koa {
  const app = new Koa();
  app.silent = true;
  if (onServed) {
    app.use(async (ctx, next) => {
      const started = performance.now();
      try {
        await next();
      } finally {
        onServed((ctx.state.route as string | undefined) ?? 'unmatched', ctx.status, performance.now() - started);
      }
    });
  }
  if (mounts.length > 0) app.use(mountMiddleware(mounts, logError));
  if (config.cors.enabled) app.use(cors(corsOptions(config.cors.allowedOrigins)));
  app.use(errorMiddleware(logError));
  app.use(portalMiddleware(loadPortal(undefined, logError)));
  app.use(router);
  return app;
}

/** The CORS layer's options for the configured origins (`*` or a list); the benchmarks put the same layer in front of their bare route. */
export function corsOptions(allowedOrigins: string): cors.Options {
  const allowList = allowedOrigins
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return {
    origin: allowList.includes('*') ? '*' : (ctx) => (allowList.includes(ctx.get('origin')) ? ctx.get('origin') : ''),
    allowMethods: 'GET, POST, PUT, DELETE, OPTIONS',
    // Idempotency-Key so a browser page can retry a purchase or a transfer safely; X-API-Key for keys sent that way.
    allowHeaders: 'Content-Type, Authorization, Idempotency-Key, X-API-Key',
    exposeHeaders: 'Retry-After, Allow, Idempotent-Replayed, Location, RateLimit, RateLimit-Policy',
    maxAge: 600,
  };
}
