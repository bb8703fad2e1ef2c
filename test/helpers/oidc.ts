/**
 * The OpenID Connect provider's tests' shared steps: a client registered by
 * the service token, a relying party of openid-client (a real one, not
 * ours) discovering the issuer, and a sign-in driven without a browser (a
 * cookie jar following the provider's redirects, the consent given with the
 * player's token as the portal's page gives it) for the error cases.
 */
import { expect } from 'chai';
import * as client from 'openid-client';
import { api } from './gatehouse.js';

export interface RegisteredClient {
  id: string;
  secret: string | null;
}

export async function registerClient(baseUrl: string, token: string, body: Record<string, unknown>): Promise<RegisteredClient> {
  const made = await api(baseUrl, 'POST', '/api/admin/oidc/clients', { token, body });
  expect(made.status, JSON.stringify(made.body)).to.equal(201);
  return { id: made.body.client.id, secret: made.body.secret };
}

/** openid-client's configuration from the provider's discovery document (http on loopback allowed), ID token signatures checked. */
export async function relyingParty(issuer: string, registered: RegisteredClient): Promise<client.Configuration> {
  const auth = registered.secret ? client.ClientSecretBasic(registered.secret) : client.None();
  const config = await client.discovery(new URL(issuer), registered.id, undefined, auth, { execute: [client.allowInsecureRequests] });
  client.enableNonRepudiationChecks(config);
  return config;
}

export interface StartedSignIn {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

export async function startSignIn(config: client.Configuration, redirectUri: string, scope: string, extra: Record<string, string> = {}): Promise<StartedSignIn> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    prompt: 'consent',
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/** A browser's cookies, crudely: every cookie the provider set, sent back everywhere under its origin. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows a sign-in as a browser would, the player (`token`) allowing it
 * when the provider sends them to the portal: the address the provider
 * sends the browser back to the client with (its code or its error).
 */
export async function signInWithoutBrowser(baseUrl: string, start: URL, token: string, redirectUri: string, allow = true): Promise<URL> {
  const jar = new CookieJar();
  let next = start.href;
  for (let step = 0; step < 10; step += 1) {
    if (next.startsWith(redirectUri)) return new URL(next);
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`${next} answered ${response.status} without a redirect: ${await response.text()}`);
    const target = new URL(location, next);
    if (target.pathname === '/sign-in') {
      const uid = target.searchParams.get('uid')!;
      const decided = await api(baseUrl, 'POST', `/api/oidc/sign-in/${encodeURIComponent(uid)}`, { token, body: { allow } });
      expect(decided.status, JSON.stringify(decided.body)).to.equal(200);
      next = decided.body.returnTo;
    } else {
      next = target.href;
    }
  }
  throw new Error('the sign-in did not come back to the client in 10 redirects');
}
