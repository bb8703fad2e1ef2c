import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';
import { GameError } from '../game/errors.js';
import { StoreFailedError } from '../store/port.js';
import { apiErrorOfGameError } from './error-statuses.js';

/**
 * The one place that turns every failure into `{success:false, error, code}`:
 * thrown ApiErrors, the game port's typed errors (through their table), a
 * store that stopped taking writes, and unexpected exceptions, whose details
 * go to the log and never to the client.
 */
export function errorMiddleware(logError: (message: string) => void): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const apiError = toApiError(error, logError, `${ctx.method} ${ctx.path}`);
      ctx.status = apiError.status;
      for (const [name, value] of Object.entries(apiError.headers)) ctx.set(name, value);
      ctx.body = { success: false, error: apiError.message, code: apiError.code, ...apiError.details };
    }
  };
}

function toApiError(error: unknown, logError: (message: string) => void, where: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof GameError) return apiErrorOfGameError(error);
  if (error instanceof StoreFailedError) {
    return error.passes
      ? new ApiError(503, 'Storage cannot be reached for now; try again shortly', 'storage_failed')
      : new ApiError(503, 'Storage is not accepting writes; the server needs a restart (see its log)', 'storage_failed');
  }
  logError(`${where}: ${(error as Error)?.stack ?? String(error)}`);
  return new ApiError(500, 'Internal server error', 'internal_error');
}
