import { ApiError, forbidden } from '../../errors.js';
import type { PlayerRef } from '../../game/port.js';
import type { Caller, RouteRequest } from '../../http/route.js';
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
    throw usernameRequired(request.caller);
  }
  if (!(await access.isAdmin(request.caller))) throw forbidden(forbiddenMessage, 'not_your_player');
  return find(asked);
}

/** The 400 for a caller that is nobody's player (an API key, the service account) and named no player: the field it must give. */
export function usernameRequired(caller: Caller): ApiError {
  const who = caller.kind === 'key' ? 'with an API key: a key is nobody’s player, so name the player' : 'for the service account: name the player';
  return new ApiError(400, `username is required ${who} (?username=<player>)`, 'invalid_field', {}, { field: 'username' });
}
