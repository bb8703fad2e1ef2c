/**
 * Forward authentication: a reverse proxy asks, for each request to a site
 * behind it, whether the person may see the page; the person is known by a
 * cookie on that site that names their portal session (./tokens.ts), set
 * when they come back from the portal's login through the site's callback
 * path. The login itself is the portal's, second factors and all.
 */
import { EventEmitter } from 'node:events';
import { ApiError, badRequest, forbidden, serviceUnavailable } from '../../errors.js';
import type { Caller } from '../../http/caller.js';
import type { GamePort } from '../../game/port.js';
import type { UserRecord, UserStore } from '../../store/port.js';
import type { AccessControl } from '../accounts/access-control.js';
import type { SessionService } from '../sessions/service.js';
import { type ForwardAuthRules, maxOriginalLength, needFor, pathForRules, proxiedHostOf, safeReturnTarget } from './rules.js';
import type { ForwardTokens } from './tokens.js';

type UserCaller = Extract<Caller, { kind: 'user' }>;

export const forwardCookie = 'gatehouse_forward';
/** The longest X-Forwarded-Uri read (nginx takes request lines up to 8 KiB by default). */
const maxUriLength = 16_384;

/** The proxy's headers about the request it asks about, and the person's cookies. */
export interface ProxiedRequest {
  host: string | undefined;
  proto: string | undefined;
  uri: string | undefined;
  cookie: string | undefined;
}

export type Verdict =
  /** May see it; `user` is the person when known (a page for anyone is shown to the anonymous too). */
  | { outcome: 'allowed'; user: UserRecord | undefined }
  /** Must log in first, at `loginAddress`, which brings them back to the page. */
  | { outcome: 'login'; loginAddress: string };

export interface ForwardAuthSettings extends ForwardAuthRules {
  callbackPath: string;
  /** How long the site's cookie is kept by the browser (it works only while its session does, whatever this says). */
  cookieSeconds: number;
}

export class ForwardAuthService {
  readonly events = new EventEmitter<{ signedIn: [{ username: string; host: string }] }>();

  constructor(
    private readonly settings: ForwardAuthSettings,
    private readonly tokens: ForwardTokens,
    private readonly sessions: Pick<SessionService, 'requireActive'>,
    private readonly users: Pick<UserStore, 'findById'>,
    private readonly access: Pick<AccessControl, 'requireAdmin'>,
    private readonly game: GamePort,
    private readonly portalAddress: () => string,
  ) {}

  /** The proxy's question: may this person see this page? Throws 400 for a proxy that names no page, 403 for a page the person may not see. */
  async check(request: ProxiedRequest, address: string): Promise<Verdict> {
    const host = this.listedHost(request.host);
    // No page named would be judged as some other page: refused, as one too long to be read.
    const uri = request.uri;
    if (!uri) throw badRequest('The proxy must name the page in X-Forwarded-Uri (docs/sign-in.md)', 'forwarded_uri_missing');
    const path = uri.length <= maxUriLength ? pathForRules(uri) : undefined;
    if (path === undefined) throw badRequest('X-Forwarded-Uri is not a path a site serves (a bad escape, a NUL, or over 16 KiB)', 'invalid_forwarded_uri');
    const need = needFor(this.settings, host, path);
    const found = await this.personOf(request.cookie, host, address);
    if (need === 'anyone') return { outcome: 'allowed', user: found?.user };
    if (!found) return { outcome: 'login', loginAddress: this.loginAddress(request.proto, host, uri) };
    if (need === 'operator') await this.access.requireAdmin(found.caller);
    if (need === 'whitelisted') await this.requireWhitelisted(found.caller);
    return { outcome: 'allowed', user: found.user };
  }

  /** Where the portal sends a logged-in person on, to sign them in on the site: its callback with a ticket, then `returnTo`. */
  ticketAddress(sessionId: string, returnTo: string): string {
    const target = safeReturnTarget(this.settings, returnTo);
    if (!target)
      throw forbidden(
        "This link asks to sign you in on a site that is not one of this server's: Gatehouse signs people in only on the sites its owner listed (forward-auth.hosts)",
        'return_not_allowed',
      );
    const query = new URLSearchParams({ ticket: this.tokens.ticket(sessionId, target.host), rd: target.href });
    return `${target.protocol}//${target.host}${this.settings.callbackPath}?${query}`;
  }

  /** The site's callback: the ticket taken, the cookie for this site (its Set-Cookie line) and where to go back to. */
  async signIn(
    request: { host: string | undefined; proto: string | undefined; ticket: string; returnTo: string },
    address: string,
  ): Promise<{ setCookie: string; location: string }> {
    const host = this.listedHost(request.host);
    const target = safeReturnTarget(this.settings, request.returnTo);
    if (!target || target.host !== host) throw forbidden('The address to go back to is not on this site', 'return_not_allowed');
    const sessionId = this.tokens.takeTicket(request.ticket, host);
    if (!sessionId) throw badRequest('This sign-in link has expired or was used already: open the page again', 'invalid_ticket');
    const session = await this.sessions.requireActive(sessionId, address);
    const user = await this.users.findById(session.userId);
    if (user) this.events.emit('signedIn', { username: user.username, host });
    const secure = request.proto === 'https' ? '; Secure' : '';
    const setCookie = `${forwardCookie}=${this.tokens.cookie(sessionId, host)}; Path=/; Max-Age=${this.settings.cookieSeconds}; HttpOnly; SameSite=Lax${secure}`;
    return { setCookie, location: target.href };
  }

  private listedHost(header: string | undefined): string {
    const host = proxiedHostOf(header);
    if (!host) throw badRequest('The proxy must name the site in X-Forwarded-Host (docs/sign-in.md)', 'forwarded_host_missing');
    if (!this.settings.hosts.includes(host)) throw forbidden(`${host} is not one of the sites of forward-auth.hosts`, 'host_not_listed');
    return host;
  }

  /** The person the site's cookie names, while their session goes on; undefined for no cookie, a forged one, or an ended session. */
  private async personOf(cookieHeader: string | undefined, host: string, address: string): Promise<{ user: UserRecord; caller: UserCaller } | undefined> {
    const token = cookieValue(cookieHeader, forwardCookie);
    const sessionId = token && this.tokens.sessionOfCookie(token, host);
    if (!sessionId) return undefined;
    try {
      const session = await this.sessions.requireActive(sessionId, address);
      const user = await this.users.findById(session.userId);
      return user ? { user, caller: { kind: 'user', user, sessionId } } : undefined;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return undefined;
      throw error;
    }
  }

  /** On the whitelist now, or an operator (whom the game lets in as well). */
  private async requireWhitelisted(caller: UserCaller): Promise<void> {
    const whitelist = this.game.capability('whitelist');
    if (!whitelist || !this.game.isConnected()) throw serviceUnavailable('The game server is not available; whitelist status cannot be checked', 'game_unavailable');
    const players = await whitelist.list();
    const { gameUuid, gameUsername } = caller.user;
    if (players.some((player) => player.uuid === gameUuid || player.name.toLowerCase() === gameUsername.toLowerCase())) return;
    try {
      await this.access.requireAdmin(caller);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'admin_required') throw forbidden('This page is for players on the whitelist', 'whitelist_required');
      throw error;
    }
  }

  /** The portal's page that brings the person back to the page after the login; a page too long to carry comes back to its path, or the site's root. */
  private loginAddress(proto: string | undefined, host: string, uri: string): string {
    const scheme = proto === 'https' ? 'https' : 'http';
    const pathOnly = uri.split('?')[0]!;
    const back = [uri, pathOnly, '/'].find((candidate) => `${scheme}://${host}${candidate}`.length <= maxOriginalLength)!;
    return `${this.portalAddress()}forward-auth?${new URLSearchParams({ rd: `${scheme}://${host}${back}` })}`;
  }
}

/** One cookie's value in a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}
