/**
 * Which field of the request an error is about, for a form to show it
 * there. Validation names the field itself; a route names the field each of
 * its refusals is about (`errorFields`: insufficient_funds is the transfer's
 * `amount`, player_not_found its `to`), since the same refusal concerns
 * another field elsewhere (the adjustment's `username`). An error that
 * already names a field keeps it.
 */
import { ApiError } from '../errors.js';
import { GameError } from '../game/errors.js';
import { apiErrorOfGameError } from './error-statuses.js';

/** By error code: the field, or a function of the thrown error and the request body where that depends on them. */
export type ErrorFields<Body = unknown> = Partial<Record<string, string | ((error: unknown, body: Body) => string | undefined)>>;

/** `error` with the field its route says it is about, as the ApiError the answer is made from; else `error` as it is. */
export function withErrorField(error: unknown, fields: ErrorFields | undefined, body: unknown): unknown {
  if (!fields) return error;
  const apiError = error instanceof GameError ? apiErrorOfGameError(error) : error;
  if (!(apiError instanceof ApiError) || typeof apiError.details.field === 'string') return error;
  const named = fields[apiError.code];
  const field = typeof named === 'function' ? named(error, body) : named;
  if (field === undefined) return error;
  return new ApiError(apiError.status, apiError.message, apiError.code, apiError.headers, { ...apiError.details, field });
}
