import type { Context } from 'koa';
import { normalizeAddress } from '../lib/addresses.js';

/** The caller's address as the socket reports it (no proxy headers are trusted). */
export function clientAddress(ctx: Context): string {
  return normalizeAddress(ctx.request.ip || ctx.req.socket.remoteAddress || 'unknown');
}
