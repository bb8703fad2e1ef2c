/**
 * The OpenID Connect provider over real HTTP, on both stores, with
 * openid-client as the relying party: its discovery document, a sign-in's
 * claims and refresh, the clients admins register, and each bad request a
 * clear OAuth error as the specifications name it, never a 500. The whole
 * flow in Chromium through the portal is test/e2e/portal-oidc.test.ts.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import * as client from 'openid-client';
import { oidcPart } from '../../src/features/oidc/store.js';
import { registeredUser } from '../helpers/accounts.js';
import { freePort } from '../helpers/free-port.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { type RegisteredClient, registerClient, relyingParty, signInWithoutBrowser, startSignIn } from '../helpers/oidc.js';
import { requirePostgres, uniquePrefix } from '../helpers/postgres.js';

const serviceToken = 'oidc-provider-service-token-for-tests-0123456789abcdef';
const redirectUri = 'http://127.0.0.1:9/callback';
const otherRedirectUri = 'http://127.0.0.1:9/other-callback';

/** The OAuth error a token request was refused with (openid-client's ResponseBodyError), or a failure if it was not refused that way. */
async function oauthError(attempt: Promise<unknown>): Promise<{ error: string; status: number }> {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof client.ResponseBodyError) return { error: error.error, status: error.status };
    if (error instanceof client.WWWAuthenticateChallengeError) return { error: String(error.cause[0]?.parameters.error), status: error.status };
    throw error;
  }
  throw new Error('the request was not refused');
}

for (const storeName of ['JSON', 'PostgreSQL'] as const) {
  describe(`the OpenID Connect provider over HTTP (${storeName})`, function () {
    this.timeout(90_000);
    let server: TestGatehouse;
    let issuer: string;
    let playerToken: string;
    let confidential: RegisteredClient;
    let other: RegisteredClient;
    let publicClient: RegisteredClient;

    const signedIn = async (config: client.Configuration, registered: RegisteredClient, scope = 'openid profile minecraft operator whitelist email offline_access') => {
      const started = await startSignIn(config, redirectUri, scope);
      const back = await signInWithoutBrowser(server.baseUrl, started.url, playerToken, redirectUri);
      return { started, back, registered };
    };

    before(async function () {
      const postgres = storeName === 'PostgreSQL' ? await requirePostgres(this) : undefined;
      server = await startTestGatehouse((config) => {
        config.token = serviceToken;
        if (postgres) {
          config.storage.type = 'postgresql';
          config.storage.postgresql = postgres.settings(uniquePrefix('oidc'), 5);
        }
      });
      issuer = `${server.baseUrl}/oidc`;
      playerToken = await registeredUser(server.gatehouse, server.baseUrl, 'kestrel', 'Kestrel');
      const scopes = ['profile', 'minecraft', 'operator', 'whitelist', 'email', 'offline_access'];
      confidential = await registerClient(server.baseUrl, serviceToken, { name: 'Live map', type: 'confidential', redirectUris: [redirectUri], scopes });
      other = await registerClient(server.baseUrl, serviceToken, { name: 'Wiki', type: 'confidential', redirectUris: [redirectUri], scopes });
      publicClient = await registerClient(server.baseUrl, serviceToken, {
        name: 'Phone app',
        type: 'public',
        redirectUris: [redirectUri],
        scopes: ['minecraft', 'offline_access'],
      });
    });
    after(async function () {
      await server?.stop();
    });

    it('serves a discovery document openid-client accepts, with PKCE S256 and its JWKS from the store', async function () {
      const config = await relyingParty(issuer, confidential);
      const metadata = config.serverMetadata();
      expect(metadata.issuer).to.equal(issuer);
      expect(metadata.code_challenge_methods_supported).to.deep.equal(['S256']);
      expect(metadata.end_session_endpoint).to.equal(`${issuer}/session/end`);
      const jwks = await (await fetch(metadata.jwks_uri!)).json();
      const stored = await server.gatehouse.store.part(oidcPart).find('SigningKeys', 'current', new Date().toISOString());
      expect(jwks.keys.map((key: { kid: string }) => key.kid)).to.deep.equal((stored!.payload.keys as Array<{ jwk: { kid: string } }>).map((key) => key.jwk.kid));
      expect(JSON.stringify(jwks)).not.to.match(/"d":/);
    });

    it('signs a player in: an ID token with a stable sub that is not the username, the player, operator and whitelist status and e-mail; refreshed', async function () {
      const config = await relyingParty(issuer, confidential);
      const { started, back } = await signedIn(config, confidential);
      const tokens = await client.authorizationCodeGrant(config, back, { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce });
      const claims = tokens.claims()!;
      expect(claims.iss).to.equal(issuer);
      expect(claims.aud).to.equal(confidential.id);
      expect(claims.sub).to.be.a('string').and.not.equal('kestrel');
      expect(claims.sub).not.to.equal('1');
      expect(claims).to.include({ minecraft_name: 'Kestrel', preferred_username: 'Kestrel', minecraft_operator: false, email: 'kestrel@example.com' });
      expect(claims.minecraft_uuid).to.match(/^[0-9a-f-]{36}$/);
      expect(claims.minecraft_whitelisted).to.be.a('boolean');
      expect(tokens.refresh_token).to.be.a('string');
      await server.gatehouse.game.operators.setOperator('Kestrel', true);
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      expect(refreshed.claims()).to.include({ sub: claims.sub, minecraft_operator: true });
      // A second sign-in names the same subject.
      const again = await signedIn(config, confidential);
      const second = await client.authorizationCodeGrant(config, again.back, {
        pkceCodeVerifier: again.started.verifier,
        expectedState: again.started.state,
        expectedNonce: again.started.nonce,
      });
      expect(second.claims()!.sub).to.equal(claims.sub);
      await server.gatehouse.game.operators.setOperator('Kestrel', false);
    });

    it('gives a client only the scopes it may have: asking for more is invalid_scope', async function () {
      const config = await relyingParty(issuer, publicClient);
      const greedy = await startSignIn(config, redirectUri, 'openid minecraft operator');
      const refused = new URL((await fetch(greedy.url, { redirect: 'manual' })).headers.get('location')!);
      expect(refused.href.startsWith(redirectUri)).to.equal(true);
      expect(refused.searchParams.get('error')).to.equal('invalid_scope');
      expect(refused.searchParams.get('state')).to.equal(greedy.state);
      const started = await startSignIn(config, redirectUri, 'openid minecraft offline_access');
      const back = await signInWithoutBrowser(server.baseUrl, started.url, playerToken, redirectUri);
      const tokens = await client.authorizationCodeGrant(config, back, { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce });
      const claims = tokens.claims()!;
      expect(claims.minecraft_name).to.equal('Kestrel');
      expect(claims).not.to.have.property('minecraft_operator');
      expect(claims).not.to.have.property('email');
    });

    it('refuses an unknown client and a redirect URI not registered with a page, sending nothing to the URI', async function () {
      const unknown = await fetch(
        `${issuer}/auth?client_id=nobody&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(redirectUri)}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
        { redirect: 'manual' },
      );
      expect(unknown.status).to.equal(400);
      expect(await unknown.text()).to.contain('invalid_client');
      const config = await relyingParty(issuer, confidential);
      const started = await startSignIn(config, otherRedirectUri, 'openid');
      const wrong = await fetch(started.url, { redirect: 'manual' });
      expect(wrong.status).to.equal(400);
      expect(wrong.headers.get('location')).to.equal(null);
      expect(await wrong.text()).to.contain('invalid_redirect_uri');
    });

    it('refuses a NUL character (U+0000) in what a site sends: in state or nonce an invalid_request at its redirect URI, in a client id, code or token nothing found', async function () {
      const challenge = `code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`;
      const authorize = (params: string) =>
        fetch(`${issuer}/auth?response_type=code&scope=openid&redirect_uri=${encodeURIComponent(redirectUri)}&${challenge}&${params}`, { redirect: 'manual' });
      for (const params of [`client_id=${confidential.id}&state=a%00b`, `client_id=${confidential.id}&state=s&nonce=n%00`]) {
        const refused = await authorize(params);
        expect(refused.status, params).to.equal(303);
        const location = new URL(refused.headers.get('location')!);
        expect(location.searchParams.get('error'), params).to.equal('invalid_request');
        expect(location.searchParams.get('error_description'), params).to.match(/must not contain a NUL character/);
      }
      const unknown = await authorize('client_id=a%00b');
      expect(unknown.status).to.equal(400);
      expect(await unknown.text()).to.contain('invalid_client');

      const basic = `Basic ${Buffer.from(`${confidential.id}:${confidential.secret}`).toString('base64')}`;
      const form = (path: string, body: string, authorization = basic) =>
        fetch(`${issuer}${path}`, { method: 'POST', body, headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' } });
      const refusals = [
        await form('/token', `grant_type=authorization_code&code=a%00b&redirect_uri=${encodeURIComponent(redirectUri)}&code_verifier=${'v'.repeat(43)}`),
        await form('/token', 'grant_type=refresh_token&refresh_token=a%00b'),
        await form('/token', 'grant_type=authorization_code&code=abc&client_id=a%00b&client_secret=x', ''),
      ];
      expect(await Promise.all(refusals.map(async (answer) => `${answer.status} ${((await answer.json()) as { error: string }).error}`))).to.deep.equal([
        '400 invalid_grant',
        '400 invalid_grant',
        '401 invalid_client',
      ]);
      expect((await form('/token/revocation', 'token=a%00b')).status, 'revoking what names nothing').to.equal(200);
      expect((await fetch(`${issuer}/session/end?client_id=a%00b`)).status).to.equal(400);
    });

    it('requires PKCE: a request without a challenge is refused, a code without the verifier or with a wrong one is invalid_grant', async function () {
      const config = await relyingParty(issuer, publicClient);
      const withoutChallenge = client.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'openid', state: 's1' });
      const refused = await fetch(withoutChallenge, { redirect: 'manual' });
      const location = new URL(refused.headers.get('location')!);
      expect(location.searchParams.get('error')).to.equal('invalid_request');
      expect(location.searchParams.get('error_description')).to.match(/PKCE/);

      const first = await signedIn(config, publicClient, 'openid minecraft');
      expect(await oauthError(client.authorizationCodeGrant(config, first.back, { expectedState: first.started.state, expectedNonce: first.started.nonce }))).to.deep.equal({
        error: 'invalid_grant',
        status: 400,
      });
      const second = await signedIn(config, publicClient, 'openid minecraft');
      const wrongVerifier = client.randomPKCECodeVerifier();
      expect(
        await oauthError(
          client.authorizationCodeGrant(config, second.back, { pkceCodeVerifier: wrongVerifier, expectedState: second.started.state, expectedNonce: second.started.nonce }),
        ),
      ).to.deep.equal({ error: 'invalid_grant', status: 400 });
    });

    it('refuses a replayed code, and a code taken to another client, with invalid_grant', async function () {
      const config = await relyingParty(issuer, confidential);
      const { started, back } = await signedIn(config, confidential);
      const checks = { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce };
      const tokens = await client.authorizationCodeGrant(config, back, checks);
      expect(await oauthError(client.authorizationCodeGrant(config, back, checks))).to.deep.equal({ error: 'invalid_grant', status: 400 });
      // The replay revoked what the code had given (RFC 6749 §4.1.2).
      expect(await oauthError(client.refreshTokenGrant(config, tokens.refresh_token!))).to.deep.equal({ error: 'invalid_grant', status: 400 });

      const stolen = await signedIn(config, confidential);
      const otherConfig = await relyingParty(issuer, other);
      const otherChecks = { pkceCodeVerifier: stolen.started.verifier, expectedState: stolen.started.state, expectedNonce: stolen.started.nonce };
      expect(await oauthError(client.authorizationCodeGrant(otherConfig, stolen.back, otherChecks))).to.deep.equal({ error: 'invalid_grant', status: 400 });
      // A wrong secret is the client's own failure.
      const badSecret = await relyingParty(issuer, { id: confidential.id, secret: 'not-the-secret' });
      const third = await signedIn(config, confidential);
      expect(
        await oauthError(
          client.authorizationCodeGrant(badSecret, third.back, {
            pkceCodeVerifier: third.started.verifier,
            expectedState: third.started.state,
            expectedNonce: third.started.nonce,
          }),
        ),
      ).to.deep.equal({ error: 'invalid_client', status: 401 });
    });

    it('refuses a revoked refresh token and an expired one with invalid_grant', async function () {
      const config = await relyingParty(issuer, confidential);
      const first = await signedIn(config, confidential);
      const revoked = await client.authorizationCodeGrant(config, first.back, {
        pkceCodeVerifier: first.started.verifier,
        expectedState: first.started.state,
        expectedNonce: first.started.nonce,
      });
      await client.tokenRevocation(config, revoked.refresh_token!);
      expect(await oauthError(client.refreshTokenGrant(config, revoked.refresh_token!))).to.deep.equal({ error: 'invalid_grant', status: 400 });

      const second = await signedIn(config, confidential);
      const expiring = await client.authorizationCodeGrant(config, second.back, {
        pkceCodeVerifier: second.started.verifier,
        expectedState: second.started.state,
        expectedNonce: second.started.nonce,
      });
      // Its record in the store made past its end, as 30 days would.
      const part = server.gatehouse.store.part(oidcPart);
      const past = new Date(Date.now() - 60_000);
      for (const record of await part.list('RefreshToken')) {
        await part.put({ ...record, payload: { ...record.payload, exp: Math.floor(past.getTime() / 1000) }, expiresAt: past.toISOString() });
      }
      expect(await oauthError(client.refreshTokenGrant(config, expiring.refresh_token!))).to.deep.equal({ error: 'invalid_grant', status: 400 });
    });

    it('registers clients for admins only, shows a secret once, audits, and refuses a removed client', async function () {
      const asPlayer = await api(server.baseUrl, 'GET', '/api/admin/oidc/clients', { token: playerToken });
      expect(asPlayer.status).to.equal(403);
      const bad = await api(server.baseUrl, 'POST', '/api/admin/oidc/clients', {
        token: serviceToken,
        body: { name: 'Plain http', type: 'public', redirectUris: ['http://map.example.com/cb'], scopes: [] },
      });
      expect(bad.status).to.equal(400);
      expect(bad.body).to.include({ success: false, code: 'invalid_redirect_uri' });
      const badScope = await api(server.baseUrl, 'POST', '/api/admin/oidc/clients', {
        token: serviceToken,
        body: { name: 'Greedy', type: 'public', redirectUris: [redirectUri], scopes: ['everything'] },
      });
      expect(badScope.status).to.equal(400);
      const listed = await api(server.baseUrl, 'GET', '/api/admin/oidc/clients', { token: serviceToken });
      expect(listed.status).to.equal(200);
      expect(listed.body.issuer).to.equal(issuer);
      expect(listed.body.clients.map((c: { id: string }) => c.id)).to.include.members([confidential.id, other.id, publicClient.id]);
      expect(JSON.stringify(listed.body)).not.to.contain(confidential.secret);
      const audit = await api(server.baseUrl, 'GET', '/api/admin/audit?action=oidc.client.create', { token: serviceToken });
      expect(JSON.stringify(audit.body)).to.contain(confidential.id);

      const removed = await registerClient(server.baseUrl, serviceToken, { name: 'Gone', type: 'public', redirectUris: [redirectUri], scopes: [] });
      const config = await relyingParty(issuer, removed);
      expect((await api(server.baseUrl, 'DELETE', `/api/admin/oidc/clients/${removed.id}`, { token: serviceToken })).status).to.equal(200);
      expect((await api(server.baseUrl, 'GET', `/api/admin/oidc/clients/${removed.id}`, { token: serviceToken })).status).to.equal(404);
      const started = await startSignIn(config, redirectUri, 'openid');
      const refused = await fetch(started.url, { redirect: 'manual' });
      expect(refused.status).to.equal(400);
      expect(await refused.text()).to.contain('invalid_client');
    });

    it('answers a browser on another origin at the token endpoint only for a client with a redirect URI there (the API’s own CORS stays out of it)', async function () {
      const tokenRequest = (origin: string) =>
        fetch(`${issuer}/token`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'unknown', client_id: publicClient.id }),
        });
      const stranger = await tokenRequest('https://elsewhere.example.com');
      expect(stranger.headers.get('access-control-allow-origin')).to.equal(null);
      const own = await tokenRequest(new URL(redirectUri).origin);
      expect(own.headers.get('access-control-allow-origin')).to.equal(new URL(redirectUri).origin);
      expect((await own.json()).error).to.equal('invalid_grant');
    });

    it('logged nothing as an error', function () {
      expect(server.errors).to.deep.equal([]);
    });
  });
}

describe('the OpenID Connect provider across a restart (JSON)', function () {
  this.timeout(90_000);
  let directory: string;
  let server: TestGatehouse | undefined;

  after(async function () {
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('redeems a code issued before the restart, with the same keys and client', async function () {
    directory = await temporaryDirectory('gatehouse-oidc-restart-');
    const port = await freePort();
    const start = () =>
      startTestGatehouse(
        (config) => {
          config.token = serviceToken;
          config.port = port;
        },
        { dataDirectory: directory },
      );
    server = await start();
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'tern', 'Tern');
    const registered = await registerClient(server.baseUrl, serviceToken, { name: 'Map', type: 'public', redirectUris: [redirectUri], scopes: ['minecraft'] });
    const config = await relyingParty(`${server.baseUrl}/oidc`, registered);
    const started = await startSignIn(config, redirectUri, 'openid minecraft');
    const back = await signInWithoutBrowser(server.baseUrl, started.url, token, redirectUri);
    const keysBefore = await (await fetch(`${server.baseUrl}/oidc/jwks`)).json();
    await server.stop();
    server = await start();
    expect(await (await fetch(`${server.baseUrl}/oidc/jwks`)).json()).to.deep.equal(keysBefore);
    const tokens = await client.authorizationCodeGrant(config, back, { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce });
    expect(tokens.claims()).to.include({ minecraft_name: 'Tern', aud: registered.id });
    expect(server.errors).to.deep.equal([]);
  });
});
