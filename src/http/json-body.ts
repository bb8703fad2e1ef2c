import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { ApiError, badRequest } from '../errors.js';

/**
 * Parses a JSON request body, on the routes that take one (so an unknown path
 * is a 404 whatever its body). Malformed JSON is a 400, a body over the limit
 * a 413, a body of another content type a 400.
 */
export function jsonBody(limitBytes: number): Middleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: limitBytes, encoding: 'utf-8' });
  return async (ctx, next) => {
    const declaredLength = Number(ctx.get('content-length') || 0);
    const hasBody = declaredLength > 0 || ctx.get('transfer-encoding') !== '';
    if (declaredLength > limitBytes) throw tooLarge(limitBytes);
    if (hasBody && !ctx.is('application/json')) {
      throw new ApiError(400, 'Content-Type must be application/json', 'unsupported_content_type');
    }
    let parsed = false;
    try {
      await parse(ctx, async () => {
        parsed = true;
      });
    } catch (error) {
      // Whatever goes wrong reading the body (bad JSON, a broken gzip stream, an
      // unknown encoding or charset, a client that hangs up) is the client's.
      const status = (error as { status?: number }).status;
      if (status === 413) throw tooLarge(limitBytes);
      if (status === 400 && (error as { type?: string }).type === undefined) {
        throw badRequest(`Malformed JSON body: ${(error as Error).message}`, 'malformed_json');
      }
      throw badRequest(`Request body could not be read: ${(error as Error).message}`, 'unreadable_body');
    }
    if (!parsed) return;
    await next();
  };
}

const tooLarge = (limitBytes: number) =>
  new ApiError(413, `Request body is larger than the ${Math.round(limitBytes / 1024)} KiB limit`, 'body_too_large');
