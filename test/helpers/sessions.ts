/**
 * A browser's session as plain HTTP requests make it: the portal's login
 * (POST /api/auth/session) with the page's Origin, the cookies its answer
 * sets, and the refresh the portal makes with them.
 */
import { api, type ApiResponse } from './gatehouse.js';

/** The cookies a `Set-Cookie` answer sets, by name, with their attributes as sent. */
export function setCookies(response: ApiResponse): Map<string, { value: string; attributes: string[] }> {
  const cookies = new Map<string, { value: string; attributes: string[] }>();
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair!.indexOf('=');
    cookies.set(pair!.slice(0, at), { value: pair!.slice(at + 1), attributes });
  }
  return cookies;
}

/** The refresh cookie an answer set (`gatehouse_refresh`), as a `Cookie` header sends it back. */
export function refreshCookieOf(response: ApiResponse): string {
  const set = setCookies(response).get('gatehouse_refresh');
  if (!set?.value) throw new Error(`no refresh cookie in ${JSON.stringify(response.headers.getSetCookie())} (${response.status} ${JSON.stringify(response.body)})`);
  return `gatehouse_refresh=${set.value}`;
}

/** The headers the portal's own page sends: its origin, as Chromium names a same-origin fetch. */
export function samePage(baseUrl: string): Record<string, string> {
  return { origin: new URL(baseUrl).origin, 'sec-fetch-site': 'same-origin' };
}

export interface BrowserLogin {
  response: ApiResponse;
  token: string;
  cookie: string;
}

/** Logs in as the portal does; fails unless it answers 200 with a token and a refresh cookie. */
export async function browserLogin(baseUrl: string, username: string, password: string, headers: Record<string, string> = {}): Promise<BrowserLogin> {
  const response = await api(baseUrl, 'POST', '/api/auth/session', { body: { username, password }, headers: { ...samePage(baseUrl), ...headers } });
  if (response.status !== 200) throw new Error(`browser login answered ${response.status}: ${JSON.stringify(response.body)}`);
  return { response, token: response.body.token as string, cookie: refreshCookieOf(response) };
}

/** The portal's refresh with `cookie`, from its own page unless `headers` say otherwise. */
export function refresh(baseUrl: string, cookie: string | undefined, headers: Record<string, string> = samePage(baseUrl)): Promise<ApiResponse> {
  return api(baseUrl, 'POST', '/api/auth/session/refresh', { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}
