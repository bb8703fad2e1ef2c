import { ExpectedError } from './lib/expected-error.js';

/**
 * The one error type with a public meaning. Thrown anywhere (services,
 * middleware, routes) and turned into `{success:false, error, code}` with its
 * status by the error middleware; any other error becomes a 500 whose details
 * stay in the log.
 */
export class ApiError extends ExpectedError {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** A stable machine-readable code beside the human message. */
    readonly code: string,
    /** A list sends the header once per item (Set-Cookie). */
    readonly headers: Record<string, string | string[]> = {},
    /** Fields the answer carries beside `error` and `code` (a sale's refused items). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'invalid_request') => new ApiError(400, message, code);
/** A 400 about one field of the request: the answer's `field` names it, so a form shows the message there. */
export const invalidField = (field: string, message: string) => new ApiError(400, message, 'invalid_field', {}, { field });
export const unauthorized = (message = 'Authentication required', code = 'unauthorized') => new ApiError(401, message, code);
export const forbidden = (message: string, code = 'forbidden') => new ApiError(403, message, code);
export const notFound = (message: string, code = 'not_found') => new ApiError(404, message, code);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, message, code);
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new ApiError(429, `Too many failed attempts; try again in ${retryAfterSeconds} seconds`, 'too_many_attempts', {
    'Retry-After': String(retryAfterSeconds),
  });
export const serviceUnavailable = (message: string, code = 'unavailable') => new ApiError(503, message, code);
