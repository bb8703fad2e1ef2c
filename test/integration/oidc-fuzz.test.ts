/**
 * A bounded, seeded fuzz of the OpenID Connect provider's endpoints (under
 * /oidc: authorization, token, revocation, userinfo, logout, the resumption
 * of a sign-in, discovery and keys), on each store: parameters plausible,
 * subtly wrong or hostile (a NUL, 5,000 letters, JSON where text goes),
 * with and without client credentials and the cookies of a sign-in under
 * way; half the authorization requests are ones the provider takes and
 * keeps state for, with one parameter spoilt. The provider answers bad
 * requests as OAuth says (its own shapes, not the API's), but never with a
 * 5xx, logs nothing as an error, and still serves at the end. Found, by
 * hand, before it existed: 500s on PostgreSQL for a NUL in a client id, a
 * code, a token, a state or a nonce.
 */
import { expect } from 'chai';
import { registeredUser } from '../helpers/accounts.js';
import { startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { type RegisteredClient, registerClient } from '../helpers/oidc.js';
import { nastyStrings, type Random, randomSource, sendInTurns } from '../helpers/fuzz.js';
import { requirePostgres, uniquePrefix } from '../helpers/postgres.js';

const seed = Number(process.env.GATEHOUSE_FUZZ_SEED ?? 20261129);
const requestCount = Math.ceil(Number(process.env.GATEHOUSE_FUZZ_REQUESTS ?? 3000) / 3);
const serviceToken = 'oidc-fuzz-service-token-for-tests-0123456789abcdef';
const redirectUri = 'http://127.0.0.1:9/callback';
const pkceChallenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** An authorization request the provider takes, and keeps state for, from the client `clientId`. */
const takenAuthorization = (clientId: string): Record<string, string> => ({
  client_id: clientId,
  response_type: 'code',
  scope: 'openid',
  redirect_uri: redirectUri,
  code_challenge: pkceChallenge,
  code_challenge_method: 'S256',
  state: 's1',
  nonce: 'n1',
});

interface Endpoint {
  path: string | ((random: Random) => string);
  methods: string[];
  params: Record<string, readonly string[]>;
  /** A request the provider takes (and keeps state for): half the time one of its parameters is spoilt, the rest kept. */
  valid?: Record<string, string>;
  /** Client credentials (HTTP Basic) may go with it. */
  clientAuth?: boolean;
  bearer?: boolean;
}

function endpoints(clients: RegisteredClient[], uids: string[]): Endpoint[] {
  const ids = [...clients.map((client) => client.id), 'nobody'];
  return [
    {
      path: '/oidc/auth',
      methods: ['GET', 'POST'],
      valid: takenAuthorization(clients[0]!.id),
      params: {
        client_id: ids,
        response_type: ['code', 'token', 'id_token', 'code id_token', 'none'],
        scope: ['openid', 'openid profile minecraft operator whitelist email offline_access', 'profile', 'openid unknown'],
        redirect_uri: [redirectUri, 'http://evil.invalid/cb', `${redirectUri}?x=1`],
        state: ['s1', 'x'.repeat(300)],
        nonce: ['n1'],
        code_challenge: [pkceChallenge, 'short'],
        code_challenge_method: ['S256', 'plain'],
        prompt: ['consent', 'login', 'none', 'select_account', 'consent login'],
        max_age: ['0', '60', '-1', '1e309'],
        login_hint: ['Kestrel'],
        ui_locales: ['en', 'de-DE fr'],
        claims: ['{"id_token":{"email":null}}', '{"userinfo":{"minecraft_uuid":{"essential":true}}}', '{'],
        request: ['eyJhbGciOiJub25lIn0.e30.'],
        response_mode: ['query', 'fragment', 'form_post', 'jwt'],
        id_token_hint: ['eyJhbGciOiJub25lIn0.e30.'],
        acr_values: ['0'],
        resource: ['http://127.0.0.1:9/api'],
      },
    },
    {
      path: (random) => `/oidc/auth/${random.chance(0.7) && uids.length ? random.pick(uids) : encodeURIComponent(random.pick(nastyStrings))}`,
      methods: ['GET', 'POST'],
      params: {},
    },
    {
      path: '/oidc/token',
      methods: ['POST', 'GET'],
      clientAuth: true,
      params: {
        grant_type: ['authorization_code', 'refresh_token', 'client_credentials', 'urn:ietf:params:oauth:grant-type:device_code', 'password'],
        code: ['abc', 'x'.repeat(43)],
        redirect_uri: [redirectUri],
        code_verifier: ['v'.repeat(43), 'short'],
        refresh_token: ['abc'],
        scope: ['openid', 'offline_access'],
        client_id: ids,
        client_secret: ['wrong'],
        resource: ['http://127.0.0.1:9/api'],
      },
    },
    { path: '/oidc/token/revocation', methods: ['POST'], clientAuth: true, params: { token: ['abc'], token_type_hint: ['access_token', 'refresh_token'], client_id: ids } },
    { path: '/oidc/me', methods: ['GET', 'POST'], bearer: true, params: { access_token: ['abc'] } },
    {
      path: '/oidc/session/end',
      methods: ['GET', 'POST'],
      params: {
        id_token_hint: ['eyJhbGciOiJub25lIn0.e30.'],
        post_logout_redirect_uri: [redirectUri, 'http://evil.invalid/'],
        state: ['s'],
        client_id: ids,
        logout_hint: ['Kestrel'],
        ui_locales: ['en'],
      },
    },
    { path: '/oidc/session/end/confirm', methods: ['POST'], params: { xsrf: ['abc'], logout: ['yes'] } },
    { path: '/oidc/.well-known/openid-configuration', methods: ['GET', 'HEAD', 'POST'], params: {} },
    { path: '/oidc/jwks', methods: ['GET', 'POST'], params: {} },
    { path: (random) => `/oidc/${encodeURIComponent(random.pick(nastyStrings))}`, methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'], params: {} },
  ];
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function fuzzRequest(all: Endpoint[], clients: RegisteredClient[], cookies: string[], random: Random): FuzzRequest {
  // The authorization endpoint, where the provider keeps what it is sent, more often than the rest.
  const endpoint = random.chance(0.3) ? all[0]! : random.pick(all);
  const method = random.chance(0.9) ? random.pick(endpoint.methods) : random.pick(['PATCH', 'BREW']);
  const path = typeof endpoint.path === 'string' ? endpoint.path : endpoint.path(random);
  const pairs: Array<[string, string]> = [];
  if (endpoint.valid && random.chance(0.5)) {
    pairs.push(...Object.entries(endpoint.valid));
    const spoilt = random.pick([...pairs.keys()]);
    pairs[spoilt] = [pairs[spoilt]![0], random.pick(nastyStrings)];
  } else {
    for (const [name, values] of Object.entries(endpoint.params)) {
      if (!random.chance(0.7)) continue;
      pairs.push([name, random.chance(0.75) ? random.pick(values) : random.pick(nastyStrings)]);
      if (random.chance(0.03)) pairs.push([name, random.pick(values)]);
    }
  }
  if (random.chance(0.1)) pairs.push([random.pick(['extra', '__proto__', 'constructor']), random.pick(nastyStrings)]);
  const encoded = pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  const headers: Record<string, string> = {};
  if (endpoint.clientAuth && random.chance(0.6)) {
    const client = random.pick(clients);
    const secret = random.chance(0.7) ? (client.secret ?? '') : random.pick(nastyStrings);
    headers.authorization = random.chance(0.9) ? `Basic ${Buffer.from(`${client.id}:${secret}`).toString('base64')}` : `Basic ${random.pick(['', '%%%', 'a'.repeat(300)])}`;
  }
  if (endpoint.bearer && random.chance(0.7)) headers.authorization = `Bearer ${encodeURIComponent(random.pick(['abc', 'a.b.c', ...nastyStrings]))}`;
  if (cookies.length && random.chance(0.4)) headers.cookie = random.chance(0.8) ? random.pick(cookies) : `_interaction=${encodeURIComponent(random.pick(nastyStrings))}`;
  if (method === 'GET' || method === 'HEAD' || random.chance(0.2)) return { method, path: encoded ? `${path}?${encoded}` : path, headers };
  headers['content-type'] = random.chance(0.85) ? 'application/x-www-form-urlencoded' : random.pick(['application/json', 'text/plain', 'multipart/form-data']);
  const body = random.chance(0.9) ? encoded : random.pick(['{', '%%%', '\u0000', 'a=1&a=2&a=3', JSON.stringify(Object.fromEntries(pairs))]);
  return { method, path, headers, body };
}

for (const store of ['json', 'postgresql'] as const) {
  describe(`OpenID Connect fuzz: ${requestCount} malformed requests to the provider (seed ${seed}), on the ${store === 'json' ? 'JSON store' : 'PostgreSQL store'}`, function () {
    let server: TestGatehouse;
    let clients: RegisteredClient[];
    const cookies: string[] = [];
    const uids: string[] = [];

    before(async function () {
      this.timeout(120_000);
      const postgres = store === 'postgresql' ? await requirePostgres(this) : undefined;
      server = await startTestGatehouse((config) => {
        config.token = serviceToken;
        if (postgres) {
          config.storage.type = 'postgresql';
          config.storage.postgresql = postgres.settings(uniquePrefix('oidcfuzz'), 5);
        }
      });
      await registeredUser(server.gatehouse, server.baseUrl, 'kestrel', 'Kestrel');
      const scopes = ['profile', 'minecraft', 'operator', 'whitelist', 'email', 'offline_access'];
      clients = [
        await registerClient(server.baseUrl, serviceToken, { name: 'Live map', type: 'confidential', redirectUris: [redirectUri], scopes }),
        await registerClient(server.baseUrl, serviceToken, { name: 'Phone app', type: 'public', redirectUris: [redirectUri], scopes: ['minecraft'] }),
      ];
      // Sign-ins under way: their interaction cookies and ids, for the requests that resume one.
      for (const client of clients) {
        const started = await fetch(`${server.baseUrl}/oidc/auth?${new URLSearchParams(takenAuthorization(client.id))}`, { redirect: 'manual' });
        expect(started.status).to.equal(303);
        cookies.push(
          started.headers
            .getSetCookie()
            .map((line) => line.split(';')[0])
            .join('; '),
        );
        const uid = new URL(started.headers.get('location')!, server.baseUrl).searchParams.get('uid');
        if (uid) uids.push(uid);
      }
    });
    after(async function () {
      await server?.stop();
    });

    it('answers every one without a 5xx, logs no error, and still serves', async function () {
      this.timeout(120_000);
      const random = randomSource(seed);
      const all = endpoints(clients, uids);
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      await sendInTurns(requestCount, 4, async () => {
        const request = fuzzRequest(all, clients, cookies, random);
        const answer = await fetch(`${server.baseUrl}${request.path}`, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' });
        const text = await answer.text();
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) failures.push(`${request.method} ${request.path.slice(0, 300)} ${request.body?.slice(0, 300) ?? ''} → ${answer.status} ${text.slice(0, 200)}`);
      });
      expect(failures, [...statuses].map(([status, count]) => `${status}: ${count}`).join(', ')).to.deep.equal([]);
      expect(server.errors, 'errors logged').to.deep.equal([]);
      expect((await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`)).status).to.equal(200);
      expect(statuses.size, 'a spread of answers, not one').to.be.greaterThan(4);
    });
  });
}
