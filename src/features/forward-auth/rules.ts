/**
 * What forward authentication decides from the proxy's headers alone: which
 * proxied site asks, which page, who may see it (the configured rules), and
 * whether an address given to come back to is one of the proxied sites.
 */
import type { ForwardAuthNeed } from '../../config/schema.js';

export interface ForwardAuthRule {
  host?: string;
  path: string;
  need: ForwardAuthNeed;
}

export interface ForwardAuthRules {
  hosts: readonly string[];
  rules: readonly ForwardAuthRule[];
  defaultNeed: ForwardAuthNeed;
}

/** The longest original address kept (a longer one is cut to its path). */
export const maxOriginalLength = 4000;

/** The host a proxy names (`X-Forwarded-Host`), as the browser sent it, in lower case; the first of a list a chain of proxies made. */
export function proxiedHostOf(header: string | undefined): string | undefined {
  const host = header?.split(',')[0]?.trim().toLowerCase();
  return host ? host : undefined;
}

/**
 * The path the rules are matched against, read as the proxy serves it:
 * percent-decoded, slashes merged, `.` and `..` resolved (nginx does all
 * three before it picks a file), so `/map/../admin/` is the admin page
 * for the rules too. Undefined for what no proxy serves (bad escapes, a NUL).
 */
export function pathForRules(uri: string): string | undefined {
  const raw = uri.split('?')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return undefined;
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = segments.length > 0 && /\/\.{0,2}$/.test(decoded) ? '/' : '';
  return `/${segments.join('/')}${trailing}`;
}

/** What the page needs: the first rule whose host (absent: any) and path prefix match, else the default. */
export function needFor(rules: ForwardAuthRules, host: string, path: string): ForwardAuthNeed {
  const rule = rules.rules.find((candidate) => (candidate.host === undefined || candidate.host === host) && path.startsWith(candidate.path));
  return rule ? rule.need : rules.defaultNeed;
}

/**
 * An address to come back to after the login, when it is safe: an absolute
 * http(s) address with no user name or password on one of the proxied
 * hosts, never anywhere else (no open redirect). Undefined otherwise.
 */
export function safeReturnTarget(rules: ForwardAuthRules, address: string): URL | undefined {
  if (address.length > maxOriginalLength || /[\s\\]/.test(address)) return undefined;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return rules.hosts.includes(url.host) ? url : undefined;
}
