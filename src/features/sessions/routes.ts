/** One's own sessions: the list, ending one, ending all others, and logging out. */
import { route, reply, type Route, type RouteRequest } from '../../http/route.js';
import { requireSameOrigin } from '../../http/same-origin.js';
import { messageAnswer } from '../common/schemas.js';
import { toSessionSummary } from './answers.js';
import { clearedCookies, fromHttpsPage, refreshTokenIn } from './cookies.js';
import type { RefreshTokens } from './refresh-tokens.js';
import { endedSessionsAnswer, sessionsAnswer } from './schemas.js';
import type { SessionService } from './service.js';

/** The logged-in user and the session their token names (403 for the service token; keys never reach a route without a scope). */
function callerSession(request: RouteRequest<unknown, unknown>): { userId: number; sessionId: string } {
  const user = request.user();
  return { userId: user.id, sessionId: request.caller.kind === 'user' ? request.caller.sessionId : '' };
}

export function sessionsRoutes(sessions: SessionService, refreshTokens: RefreshTokens, ownOrigins: () => string[]): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/auth/sessions',
      access: 'login',
      summary: "The caller's sessions going on now (every login is one), last used first",
      description:
        "Each login (the API's and the portal's) is a session until it ends: its token and, for the portal, its refresh cookie stop working at once on every server of a network. `current` marks the session of the token that asked.",
      answer: sessionsAnswer,
      personal: ['sessions[].address', 'sessions[].lastAddress'],
      handle: async (request) => {
        const { userId, sessionId } = callerSession(request);
        return { success: true as const, sessions: (await sessions.list(userId)).map((session) => toSessionSummary(session, sessionId)) };
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/auth/sessions/:id',
      access: 'login',
      summary: "Ends one of the caller's sessions: its tokens and its refresh cookie are refused from the next request",
      answer: messageAnswer,
      errors: { 404: 'No session of the caller has this id' },
      handle: async (request) => {
        const { userId } = callerSession(request);
        const ended = await sessions.endOwn(userId, request.params.id!);
        return { success: true as const, message: ended ? 'Session ended' : 'The session had ended already' };
      },
    }),
    route({
      method: 'POST',
      path: '/api/auth/sessions/end-others',
      access: 'login',
      summary: "Ends every session of the caller's but the one asking",
      answer: endedSessionsAnswer,
      handle: async (request) => {
        const { userId, sessionId } = callerSession(request);
        const ended = await sessions.endOtherSessions(userId, sessionId);
        return { success: true as const, message: `Ended ${ended} other session${ended === 1 ? '' : 's'}`, ended };
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/auth/session',
      access: 'login',
      summary: "Logs out: ends the session of the token, and removes the refresh cookie when it is that session's",
      description: "The portal's log-out, and an API client's: the token is refused from then on. Sent with the portal's cookie, from Gatehouse's own page only (403 otherwise).",
      answer: messageAnswer,
      errors: { 403: "Sent from another site's page (cross_site_request)" },
      handle: async (request) => {
        requireSameOrigin(request.header, ownOrigins());
        const { userId, sessionId } = callerSession(request);
        await sessions.endOwn(userId, sessionId, 'logged-out');
        const cookieSession = refreshTokens.read(refreshTokenIn(request.header('cookie')) ?? '')?.sessionId;
        const headers: Record<string, string[]> = cookieSession === sessionId ? { 'Set-Cookie': clearedCookies(fromHttpsPage(request.header('origin'))) } : {};
        return reply({ success: true as const, message: 'Logged out' }, { headers });
      },
    }),
  ];
}
