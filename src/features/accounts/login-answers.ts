/**
 * What a login that succeeded answers, whichever way it was proved: the
 * API's answer (exactly the fields api.md gives), or the portal's, with when
 * its token expires and the cookies of its session's new refresh token
 * (../sessions/cookies.ts). Every route that completes a login answers
 * through these, so a login of any kind gets a session like any other.
 */
import { reply, type RouteRequest } from '../../http/route.js';
import { fromHttpsPage, sessionCookies } from '../sessions/cookies.js';
import type { SessionClient } from '../sessions/service.js';
import type { SignedIn } from './service.js';

/** Who logs in, for their session: the address and the User-Agent. */
export const clientOf = (request: RouteRequest<unknown, unknown>): SessionClient => ({ address: request.address, userAgent: request.header('user-agent') });

export function apiLoginAnswer(signedIn: SignedIn) {
  return { success: true as const, token: signedIn.token, username: signedIn.username, gameUsername: signedIn.gameUsername, isAdmin: signedIn.isAdmin };
}

/** The portal's answer; with the cookies when the session has a new refresh token (absent: the cookie stays as it is). */
export function portalLoginReply(signedIn: SignedIn, request: RouteRequest<unknown, unknown>) {
  const { session, refreshToken } = signedIn;
  // The cookie is kept as long as the session lasts unused: from this use to the session's end.
  const cookieSeconds = Math.round((Date.parse(session.expiresAt) - Date.parse(session.lastUsedAt)) / 1000);
  return reply(
    { ...apiLoginAnswer(signedIn), expiresAt: signedIn.expiresAt.toISOString() },
    refreshToken ? { headers: { 'Set-Cookie': sessionCookies(refreshToken, cookieSeconds, fromHttpsPage(request.header('origin'))) } } : {},
  );
}
