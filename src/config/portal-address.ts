/**
 * The portal's address players are sent to (the link in /register's answer):
 * portal.public-url when the owner names one (the address players reach,
 * behind a proxy or on the LAN), else where the API listens, with
 * `localhost` for an address that listens everywhere. Always ends in `/`.
 */
export function portalAddress(publicUrl: string, host: string, port: number): string {
  if (publicUrl) return publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
  const wildcard = host === '0.0.0.0' || host === '::';
  const name = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}/`;
}

/** Whether a public-url may be one: empty, or an absolute http(s) address with a host and no query or fragment. */
export function isPortalUrl(value: string): boolean {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.search === '' && url.hash === '' && !/\s/.test(value);
  } catch {
    return false;
  }
}
