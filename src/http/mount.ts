/**
 * Whole applications served under a path of their own (a feature's
 * `mounts`), before the portal and the router: the request goes to the
 * application as Node's, with its path without the prefix and the whole
 * one as `originalUrl` (how a mounted application, oidc-provider's Koa app
 * among them, tells its mount point), and Koa leaves the answer to it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';

export interface Mount {
  /** `/oidc`: the path and everything under it. */
  prefix: string;
  serve(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

/** Outside the API's error middleware (its answers are the API's shape): a mounted application that throws is answered 500 in OAuth's shape here, and logged. */
export function mountMiddleware(mounts: readonly Mount[], logError: (message: string) => void): Middleware {
  return async (ctx, next) => {
    const mount = mounts.find(({ prefix }) => ctx.path === prefix || ctx.path.startsWith(`${prefix}/`));
    if (!mount) return next();
    ctx.state.route = `${ctx.method} ${mount.prefix}/*`;
    const request = ctx.req as IncomingMessage & { originalUrl?: string };
    request.originalUrl = ctx.originalUrl;
    request.url = ctx.originalUrl.slice(mount.prefix.length) || '/';
    ctx.respond = false;
    try {
      await mount.serve(request, ctx.res);
    } catch (error) {
      logError(`${mount.prefix}: ${(error as Error).stack ?? String(error)}`);
      if (!ctx.res.headersSent) ctx.res.writeHead(500, { 'content-type': 'application/json' });
      if (!ctx.res.writableEnded) ctx.res.end(JSON.stringify({ error: 'server_error', error_description: 'Something went wrong on the server' }));
    }
    // The meter records the status the application answered.
    ctx.status = ctx.res.statusCode;
  };
}
