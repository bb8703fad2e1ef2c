import { isIP } from 'node:net';
import type { Context } from 'koa';
import { normalizeAddress } from '../lib/addresses.js';

/**
 * The caller's address: the socket's, unless the socket is one of
 * `trustedProxies` (http.trusted-proxies): then X-Forwarded-For is read from
 * the right, past every trusted proxy, and the first other address is the
 * client's. A header from anyone else is ignored, so nobody can pick the
 * address the throttle counts against.
 */
export function clientAddress(ctx: Context, trustedProxies: ReadonlySet<string> = new Set()): string {
  const socketAddress = normalizeAddress(ctx.req.socket.remoteAddress || 'unknown');
  if (!trustedProxies.has(socketAddress)) return socketAddress;
  const forwarded = ctx.get('x-forwarded-for');
  if (!forwarded) return socketAddress;
  const hops = forwarded.split(',').map((hop) => normalizeAddress(hop.trim()));
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index]!;
    if (!isIP(hop)) return socketAddress;
    if (!trustedProxies.has(hop)) return hop;
  }
  return socketAddress;
}
