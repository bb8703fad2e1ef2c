import cors from '@koa/cors';
import Koa, { type Middleware } from 'koa';
import type { Config } from '../config/config.js';
import { errorMiddleware } from './error-middleware.js';

/**
 * The Koa application: CORS outermost (so error answers carry its headers
 * too), then the error middleware, then the router built from the features'
 * routes (./router.ts).
 */
export function createHttpApp(config: Pick<Config, 'cors'>, router: Middleware, logError: (message: string) => void): Koa {
  const app = new Koa();
  app.silent = true;
  if (config.cors.enabled) app.use(cors(corsOptions(config.cors.allowedOrigins)));
  app.use(errorMiddleware(logError));
  app.use(router);
  return app;
}

function corsOptions(allowedOrigins: string): cors.Options {
  const allowList = allowedOrigins.split(',').map((origin) => origin.trim()).filter(Boolean);
  return {
    origin: allowList.includes('*') ? '*' : (ctx) => (allowList.includes(ctx.get('origin')) ? ctx.get('origin') : ''),
    allowMethods: 'GET, POST, PUT, DELETE, OPTIONS',
    allowHeaders: 'Content-Type, Authorization',
    exposeHeaders: 'Retry-After, Allow, Idempotent-Replayed',
    maxAge: 600,
  };
}
