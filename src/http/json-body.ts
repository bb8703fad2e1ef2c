import { bodyParser } from '@koa/bodyparser';
import type { Context } from 'koa';
import { ApiError, badRequest } from '../errors.js';

/**
 * Reads a JSON request body, on the routes that take one (so an unknown path
 * is a 404 whatever its body). Malformed JSON is a 400, a body over the limit
 * a 413, a body of another content type a 400. What goes wrong on the
 * client's side (a broken gzip stream, an unknown charset, a client that hangs
 * up) is a 400 with a fixed sentence; what goes wrong on ours (no file
 * descriptors left, say) is rethrown, to become a 500 whose details stay in
 * the log: it is not the client's fault, and its text names our files.
 */
export function jsonBodyReader(limitBytes: number): (ctx: Context) => Promise<unknown> {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: limitBytes, encoding: 'utf-8' });
  return async (ctx) => {
    const declaredLength = Number(ctx.get('content-length') || 0);
    const hasBody = declaredLength > 0 || ctx.get('transfer-encoding') !== '';
    if (declaredLength > limitBytes) throw tooLarge(limitBytes);
    if (hasBody && !ctx.is('application/json')) {
      throw new ApiError(400, 'Content-Type must be application/json', 'unsupported_content_type');
    }
    try {
      await parse(ctx, async () => undefined);
    } catch (error) {
      if (!isClientFault(error)) throw error;
      const status = (error as { status?: unknown }).status;
      if (status === 413) throw tooLarge(limitBytes);
      if (status === 400 && (error as { type?: string }).type === undefined) {
        throw badRequest(`Malformed JSON body: ${(error as Error).message}`, 'malformed_json');
      }
      throw badRequest('The request body could not be read (a broken compression stream, an unknown encoding or charset, or the client hung up)', 'unreadable_body');
    }
    return ctx.request.body;
  };
}

/**
 * Failures that come from what the client sent: an HTTP error below 500 from
 * the body reader, a compressed stream that does not decompress, a
 * connection the client dropped. Anything else (EMFILE, ENOMEM,
 * a bug) is ours.
 */
function isClientFault(error: unknown): boolean {
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (typeof status === 'number') return status < 500;
  // zlib's gzip and deflate codes start Z_, its brotli decoder's ERR__ (ERR__ERROR_FORMAT_PADDING_1, ...).
  return typeof code === 'string' && (/^(Z_|ERR__)/.test(code) || ['ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE'].includes(code));
}

const tooLarge = (limitBytes: number) => new ApiError(413, `Request body is larger than the ${Math.round(limitBytes / 1024)} KiB limit`, 'body_too_large');
