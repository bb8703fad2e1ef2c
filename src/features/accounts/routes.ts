/** Register, log in (the API's and the portal's, with its refresh), the profile, checking a registration code, and passwords. */
import { ApiError, invalidField } from '../../errors.js';
import { route, reply, type Route } from '../../http/route.js';
import { requireSameOrigin } from '../../http/same-origin.js';
import { messageAnswer } from '../common/schemas.js';
import { clearedCookies, fromHttpsPage, refreshTokenIn } from '../sessions/cookies.js';
import { apiLoginAnswer, clientOf, portalLoginReply } from './login-answers.js';
import type { PasswordService } from './passwords.js';
import {
  changePasswordAnswer,
  changePasswordBody,
  loginAnswer,
  loginBody,
  portalLoggedInAnswer,
  portalLoginAnswer,
  profileAnswer,
  registerBody,
  resetPasswordAnswer,
  resetPasswordBody,
  verifyCodeAnswer,
  verifyCodeBody,
} from './schemas.js';
import type { AccountService } from './service.js';

export interface PortalSessionSettings {
  /** Origins of this server besides the request's Host (portal.public-url's). */
  ownOrigins: () => string[];
}

/** bcrypt reads at most 72 bytes: a longer password (in characters that take several) is refused rather than cut. */
function requireHashable(field: string, password: string): void {
  if (Buffer.byteLength(password) > 72) throw invalidField(field, `${field} must be at most 72 bytes`);
}

export function accountsRoutes(accounts: AccountService, passwords: PasswordService, portal: PortalSessionSettings): Route[] {
  return [
    route({
      method: 'POST',
      path: '/api/auth/register',
      access: 'public',
      summary: 'Create a web account with a code from /register in game',
      body: registerBody,
      answer: messageAnswer,
      status: 201,
      errors: {
        400: 'Invalid input, or an invalid or expired code',
        409: 'Username taken, or the player already has an account',
        413: 'Body over the size limit',
        429: 'Too many failed code checks; see Retry-After',
      },
      errorFields: { invalid_code: 'code', username_taken: 'username', player_has_account: 'code' },
      handle: async ({ body, address }) => {
        requireHashable('password', body.password);
        await accounts.register(body, address);
        // The account is read, once logged in, at /api/auth/me.
        return reply({ success: true as const, message: `Account ${body.username} created; you can log in now` }, { status: 201, headers: { Location: '/api/auth/me' } });
      },
    }),
    route({
      method: 'POST',
      path: '/api/auth/login',
      access: 'public',
      summary: 'Log in and receive a JWT (or, with a second factor, a ticket to send it with)',
      description:
        'The token is valid 24 hours (accounts.token-lifetime-seconds) and names its session (`sid`), which GET /api/auth/sessions lists and DELETE /api/auth/session ends. The portal logs in with POST /api/auth/session instead.',
      body: loginBody,
      answer: loginAnswer,
      errors: { 400: 'Missing username or password', 401: 'Invalid credentials', 429: 'Too many failed attempts; see Retry-After' },
      // Either may be wrong, and the answer does not say which: it stands by the password, the one typed again.
      errorFields: { invalid_credentials: 'password' },
      handle: async (request) => {
        const result = await accounts.login(request.body.username, request.body.password, clientOf(request), 'api');
        return 'secondFactor' in result ? { success: true as const, ...result } : apiLoginAnswer(result);
      },
    }),
    route({
      method: 'POST',
      path: '/api/auth/session',
      access: 'public',
      summary: "The portal's login: a short token, and a refresh cookie that keeps the session across tabs and reloads",
      description:
        "Answers a token valid sessions.portal-token-lifetime-seconds (15 minutes) and sets `gatehouse_refresh`, a refresh token in a cookie that is HttpOnly, SameSite=Strict and sent only to /api/auth/session and its refresh, with `gatehouse_signed_in=1` for the page (Secure too when the page is on HTTPS). An account with a second factor is answered its step instead (secondFactor, no token, no cookie), completed with POST /api/auth/session/second-factor. Only from Gatehouse's own page: a request another origin's page made is refused (403). API clients use POST /api/auth/login.",
      body: loginBody,
      answer: portalLoginAnswer,
      errors: {
        400: 'Missing username or password',
        401: 'Invalid credentials',
        403: "Sent from another site's page (cross_site_request)",
        429: 'Too many failed attempts; see Retry-After',
      },
      errorFields: { invalid_credentials: 'password' },
      handle: async (request) => {
        requireSameOrigin(request.header, portal.ownOrigins());
        const result = await accounts.login(request.body.username, request.body.password, clientOf(request), 'portal');
        // An account with a second factor gets its step, and the cookie once it is proved (POST /api/auth/session/second-factor).
        return 'secondFactor' in result ? reply({ success: true as const, ...result }) : portalLoginReply(result, request);
      },
    }),
    route({
      method: 'POST',
      path: '/api/auth/session/refresh',
      access: 'public',
      summary: "The portal's session goes on: a new token for its refresh cookie, and the cookie's next refresh token",
      description:
        "Takes the `gatehouse_refresh` cookie (no body) and rotates it: each refresh token works once. One used again after its rotation ends the whole session (someone holds a copy), except within sessions.refresh-reuse-leeway-seconds (two tabs loading at once), which gets a token and no new cookie. A refusal removes the cookies. Only from Gatehouse's own page (403 otherwise).",
      answer: portalLoggedInAnswer,
      errors: {
        401: 'No cookie (no_session), not a refresh token of this Gatehouse (invalid_session), or a session that has ended (session_ended)',
        403: "Sent from another site's page (cross_site_request)",
      },
      handle: async (request) => {
        requireSameOrigin(request.header, portal.ownOrigins());
        const origin = request.header('origin');
        try {
          return portalLoginReply(await accounts.refreshSession(refreshTokenIn(request.header('cookie')), clientOf(request)), request);
        } catch (error) {
          // A cookie that leads nowhere goes, so that the page stops offering it.
          if (error instanceof ApiError && error.status === 401) throw new ApiError(401, error.message, error.code, { 'Set-Cookie': clearedCookies(fromHttpsPage(origin)) });
          throw error;
        }
      },
    }),
    route({
      method: 'GET',
      path: '/api/auth/me',
      access: 'login',
      summary: 'The logged-in user',
      answer: profileAnswer,
      handle: async (request) => ({ success: true as const, ...(await accounts.profile(request.user())) }),
    }),
    route({
      method: 'POST',
      path: '/api/auth/verify-code',
      access: 'public',
      summary: 'Check a registration code (200 with valid:false when it is not valid)',
      body: verifyCodeBody,
      answer: verifyCodeAnswer,
      errors: { 400: 'Missing code', 429: 'Too many failed code checks; see Retry-After' },
      handle: async ({ body, address }) => ({ success: true as const, ...(await accounts.verifyCode(body.code, address)) }),
    }),
    route({
      method: 'POST',
      path: '/api/auth/password',
      access: 'login',
      summary: "Changes the caller's password, given the current one; the account's other sessions end",
      body: changePasswordBody,
      answer: changePasswordAnswer,
      errors: {
        400: 'A wrong current password (wrong_password, counted as a failed login), or an invalid new one',
        403: 'The service token has no password',
        429: 'Too many failed attempts; see Retry-After',
      },
      handle: async (request) => {
        requireHashable('newPassword', request.body.newPassword);
        const user = request.user();
        const sessionId = request.caller.kind === 'user' ? request.caller.sessionId : '';
        const endedSessions = await passwords.change(user, sessionId, request.body.currentPassword, request.body.newPassword, request.address);
        return { success: true as const, message: `Password changed; ${endedSessions} other session${endedSessions === 1 ? '' : 's'} ended`, endedSessions };
      },
    }),
    route({
      method: 'POST',
      path: '/api/auth/password/reset',
      access: 'public',
      summary: 'Sets a new password with a code from /resetpassword in game; every session of the account ends',
      description:
        "The code is used once and expires after sessions.reset-code-lifetime-seconds (30 minutes). Failed codes count with the registration codes' (accounts.code-check-max-failures per address, then 429).",
      body: resetPasswordBody,
      answer: resetPasswordAnswer,
      errors: { 400: 'An invalid or expired code (invalid_code), or an invalid new password', 429: 'Too many failed code checks; see Retry-After' },
      handle: async ({ body, address }) => {
        requireHashable('newPassword', body.newPassword);
        const username = await passwords.reset(body.code, body.newPassword, address);
        return { success: true as const, message: `The password of ${username} is changed; log in with it`, username };
      },
    }),
  ];
}
