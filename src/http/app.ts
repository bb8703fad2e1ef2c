import cors from '@koa/cors';
import Router from '@koa/router';
import Koa from 'koa';
import type { Config } from '../config/config.js';
import { errorMiddleware } from './error-middleware.js';

/**
 * The Koa application: CORS outermost (so error answers carry its headers too),
 * then the error middleware, then one router that every group adds its routes
 * to (one match per request), with 405 handling.
 */
export interface HttpApp {
  app: Koa;
  /** Every operation served, as "METHOD /path", e.g. for checking the OpenAPI document against. */
  operations: string[];
}

export function createHttpApp(
  config: Pick<Config, 'cors'>,
  addRoutes: Array<(router: Router) => void>,
  logError: (message: string) => void,
): HttpApp {
  const app = new Koa();
  app.silent = true;
  if (config.cors.enabled) app.use(cors(corsOptions(config.cors.allowedOrigins)));
  app.use(errorMiddleware(logError));
  const router = new Router();
  for (const add of addRoutes) add(router);
  app.use(router.routes());
  app.use(router.allowedMethods());
  const operations = router.stack.flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${layer.path}`));
  return { app, operations };
}

function corsOptions(allowedOrigins: string): cors.Options {
  const allowList = allowedOrigins.split(',').map((origin) => origin.trim()).filter(Boolean);
  return {
    origin: allowList.includes('*') ? '*' : (ctx) => (allowList.includes(ctx.get('origin')) ? ctx.get('origin') : ''),
    allowMethods: 'GET, POST, PUT, DELETE, OPTIONS',
    allowHeaders: 'Content-Type, Authorization',
    exposeHeaders: 'Retry-After, Allow',
    maxAge: 600,
  };
}
