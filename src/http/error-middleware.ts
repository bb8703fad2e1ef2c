import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';
import { GameError } from '../game/errors.js';
import { apiErrorOfGameError } from './error-statuses.js';

/**
 * The one place that turns every failure into `{success:false, error, code}`:
 * thrown ApiErrors, errors of the game port, unknown paths, wrong methods
 * (405 with the Allow header the router set), and unexpected exceptions,
 * whose details go to the log and never to the client.
 */
export function errorMiddleware(logError: (message: string) => void): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) throw new ApiError(404, `No endpoint at ${ctx.method} ${ctx.path}`, 'unknown_path');
        if (ctx.status === 405) throw new ApiError(405, `Method ${ctx.method} is not supported on ${ctx.path}`, 'method_not_allowed');
        if (ctx.status === 501) throw new ApiError(501, `Method ${ctx.method} is not implemented`, 'not_implemented');
      }
    } catch (error) {
      const apiError = toApiError(error, logError, `${ctx.method} ${ctx.path}`);
      ctx.status = apiError.status;
      for (const [name, value] of Object.entries(apiError.headers)) ctx.set(name, value);
      ctx.body = { success: false, error: apiError.message, code: apiError.code };
    }
  };
}

function toApiError(error: unknown, logError: (message: string) => void, where: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof GameError) return apiErrorOfGameError(error);
  logError(`${where}: ${(error as Error)?.stack ?? String(error)}`);
  return new ApiError(500, 'Internal server error', 'internal_error');
}
