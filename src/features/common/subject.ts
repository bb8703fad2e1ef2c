import { invalidField, forbidden } from '../../errors.js';
import type { PlayerRef } from '../../game/port.js';
import type { RouteRequest } from '../../http/route.js';
import type { AccessControl } from '../accounts/access-control.js';

/**
 * The player a request is about: the caller's own (a query without
 * `username`, or naming themselves), or, for admins only, the one named,
 * found by `find` (which answers 404 itself). The service account must name
 * one. `forbidden` says what a non-admin may not see.
 */
export async function requestSubject(
  request: RouteRequest<unknown, { username?: string }>,
  access: Pick<AccessControl, 'isAdmin'>,
  find: (name: string) => Promise<PlayerRef>,
  forbiddenMessage: string,
): Promise<PlayerRef> {
  const asked = request.query.username;
  if (request.caller.kind === 'user') {
    const own = { name: request.caller.user.gameUsername, uuid: request.caller.user.gameUuid };
    if (!asked || asked.toLowerCase() === own.name.toLowerCase()) return own;
  } else if (!asked) {
    throw invalidField('username', 'username is required for the service account');
  }
  if (!(await access.isAdmin(request.caller))) throw forbidden(forbiddenMessage, 'not_your_player');
  return find(asked);
}
