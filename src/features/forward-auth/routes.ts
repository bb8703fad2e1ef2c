/** Forward authentication: the proxy's check, the portal's ticket to a site, and the site's callback that sets its cookie. */
import { ApiError } from '../../errors.js';
import { reply, route, type Route, type RouteRequest } from '../../http/route.js';
import { callbackAnswer, callbackQuery, checkAnswer, checkQuery, ticketAnswer, ticketBody } from './schemas.js';
import type { ForwardAuthService } from './service.js';

/** Nothing of an answer about one person is kept by a cache in between. */
const private_ = { 'Cache-Control': 'no-store' };

function proxied(request: RouteRequest<unknown, unknown>) {
  return { host: request.header('x-forwarded-host'), proto: request.header('x-forwarded-proto'), uri: request.header('x-forwarded-uri'), cookie: request.header('cookie') };
}

export function forwardAuthRoutes(forwardAuth: ForwardAuthService): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/forward-auth',
      access: 'public',
      summary: "A reverse proxy's question: may the person see this page of a proxied site? 200 with their player in headers, 401 or 302 to the login, or 403",
      description:
        "Asked by nginx (auth_request), Traefik (ForwardAuth) or Caddy (forward_auth) for each request to a site of forward-auth.hosts, with X-Forwarded-Host, X-Forwarded-Proto and X-Forwarded-Uri naming the page and the browser's Cookie. The person is known by the site's own cookie, gatehouse_forward, which names their portal session and works while that session does. 200 names them in X-Gatehouse-User, X-Gatehouse-Player and X-Gatehouse-Player-UUID (absent for someone not signed in on a page for anyone). The rules of forward-auth say who may see which paths (docs/sign-in.md).",
      query: checkQuery,
      answer: checkAnswer,
      errors: {
        302: 'mode=redirect: must log in first; Location is the login, which comes back to the page',
        400: 'The proxy named no site (forwarded_host_missing), no page (forwarded_uri_missing) or a path no site serves (invalid_forwarded_uri)',
        401: "Must log in first (login_required); X-Gatehouse-Login is the login's address, which comes back to the page",
        403: 'The site is not listed (host_not_listed), or the page needs an operator (admin_required, second_factor_required) or a player on the whitelist (whitelist_required)',
        503: 'The game server is not available to say whether the person is an operator or on the whitelist',
      },
      handle: async (request) => {
        const verdict = await forwardAuth.check(proxied(request), request.address);
        if (verdict.outcome === 'login') {
          const message = 'Log in to see this page';
          if (request.query.mode === 'redirect')
            return reply({ success: false, error: message, code: 'login_required' } as never, { status: 302, headers: { ...private_, Location: verdict.loginAddress } });
          throw new ApiError(401, message, 'login_required', { ...private_, 'X-Gatehouse-Login': verdict.loginAddress });
        }
        const user = verdict.user;
        const identity: Record<string, string> = user
          ? { 'X-Gatehouse-User': user.username, 'X-Gatehouse-Player': user.gameUsername, 'X-Gatehouse-Player-UUID': user.gameUuid }
          : {};
        return reply(
          { success: true as const, user: user?.username ?? null, player: user?.gameUsername ?? null, uuid: user?.gameUuid ?? null },
          { headers: { ...private_, ...identity } },
        );
      },
    }),
    route({
      method: 'POST',
      path: '/api/forward-auth/ticket',
      access: 'login',
      summary: "Signs the caller's portal session in on a proxied site: the site's callback address with a ticket good once within a minute",
      description:
        "The portal's /forward-auth page asks it after the login (second factor included), then opens the address: the site's callback path (forward-auth.callback-path, passed by the proxy to /api/forward-auth/callback) sets the site's cookie and goes back to returnTo. returnTo must be on one of forward-auth.hosts.",
      body: ticketBody,
      answer: ticketAnswer,
      errors: { 403: 'returnTo is not an http(s) address on one of forward-auth.hosts (return_not_allowed)' },
      errorFields: { return_not_allowed: 'returnTo' },
      handle: (request) => {
        const sessionId = request.caller.kind === 'user' ? request.caller.sessionId : '';
        request.user();
        return { success: true as const, redirect: forwardAuth.ticketAddress(sessionId, request.body.returnTo) };
      },
    }),
    route({
      method: 'GET',
      path: '/api/forward-auth/callback',
      access: 'public',
      summary: "A proxied site's callback (its forward-auth.callback-path, passed on by the proxy): takes the ticket, sets the site's cookie and goes back to the page (302)",
      description:
        'The cookie, gatehouse_forward (HttpOnly, SameSite=Lax, Secure on https), names the portal session that asked for the ticket and only this site: it stops working when that session ends (a logout, a password change, ended from the sessions page).',
      query: callbackQuery,
      answer: callbackAnswer,
      status: 302,
      errors: {
        400: 'The ticket has expired, was used already or is not one of ours (invalid_ticket)',
        401: 'The session that asked for the ticket has ended (session_ended)',
        403: 'rd is not on this site (return_not_allowed) or the site is not listed (host_not_listed)',
      },
      handle: async (request) => {
        const { host, proto } = proxied(request);
        const done = await forwardAuth.signIn({ host, proto, ticket: request.query.ticket, returnTo: request.query.rd }, request.address);
        return reply({ success: true as const, message: 'Signed in' }, { status: 302, headers: { ...private_, Location: done.location, 'Set-Cookie': [done.setCookie] } });
      },
    }),
  ];
}
