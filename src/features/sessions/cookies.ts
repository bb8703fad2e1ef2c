/**
 * The portal's cookies. `gatehouse_refresh` carries the refresh token:
 * HttpOnly (no script reads it), SameSite=Strict (no other site's page
 * sends it) and scoped to the paths that take it, `/api/auth/session` and
 * `/api/auth/session/refresh`, so no other request carries it.
 * `gatehouse_signed_in=1` tells the portal's page that there is a session
 * to resume (it cannot read the other), so a visitor who never logged in
 * makes no refresh request. Both are Secure when the page is on HTTPS.
 */
export const refreshCookie = 'gatehouse_refresh';
export const signedInCookie = 'gatehouse_signed_in';
export const refreshCookiePath = '/api/auth/session';

/** The Set-Cookie lines of a session's new refresh token, kept `maxAgeSeconds`. */
export function sessionCookies(refreshToken: string, maxAgeSeconds: number, secure: boolean): string[] {
  const tail = `; Max-Age=${maxAgeSeconds}; SameSite=Strict${secure ? '; Secure' : ''}`;
  return [`${refreshCookie}=${refreshToken}; Path=${refreshCookiePath}; HttpOnly${tail}`, `${signedInCookie}=1; Path=/${tail}`];
}

/** The Set-Cookie lines that remove both. */
export function clearedCookies(secure: boolean): string[] {
  return sessionCookies('', 0, secure);
}

/** The refresh token a Cookie header carries, if any. */
export function refreshTokenIn(cookieHeader: string | undefined): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === refreshCookie) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** Whether the page that asked is on HTTPS (its Origin says so; a TLS proxy in front keeps it), so the cookies must be Secure. */
export function fromHttpsPage(origin: string | undefined): boolean {
  return origin?.startsWith('https://') ?? false;
}
