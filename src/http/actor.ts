import type { Context } from 'koa';
import type { Actor } from '../services/audit.js';
import { principalOf } from './authentication.js';
import { clientAddress } from './client-address.js';

/** The admin behind a request, for the audit log and records: web username or `service`. */
export function actorOf(ctx: Context): Actor {
  const principal = principalOf(ctx);
  return { name: principal.kind === 'user' ? principal.user.username : 'service', ipAddress: clientAddress(ctx) };
}
