/**
 * The server's half of "no cookie is taken from another site": the routes
 * that set or take the portal's session cookie refuse a request that a page
 * of another origin made, though its browser sent the cookie (SameSite=Strict
 * already keeps other sites' pages from sending it; another origin of the
 * same site, such as another port of the same host, is not kept out by it).
 *
 * - `Sec-Fetch-Site`, which browsers set and pages cannot, must say
 *   `same-origin` when it is there;
 * - `Origin`, when it is there, must be this server's: `http(s)://` and the
 *   request's `Host`, or one of `ownOrigins` (portal.public-url's, for a
 *   proxy that rewrites `Host`).
 *
 * A request with neither comes from no browser's page (curl, a script),
 * which no other site can make a browser send: it is let through.
 */
import { ApiError } from '../errors.js';

export function requireSameOrigin(header: (name: string) => string | undefined, ownOrigins: readonly string[] = []): void {
  const site = header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') throw crossSite(`the browser says it came from a ${site === 'none' ? 'typed address' : `${site} page`}`);
  const origin = header('origin');
  if (origin === undefined) return;
  const host = header('host');
  if (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`)) return;
  if (ownOrigins.includes(origin)) return;
  throw crossSite(`it came from ${origin === 'null' ? 'a page with no origin' : origin.slice(0, 100)}`);
}

function crossSite(why: string): ApiError {
  return new ApiError(403, `Refused: this request was made by another site's page (${why}); Gatehouse takes its session cookie only from its own pages`, 'cross_site_request');
}
