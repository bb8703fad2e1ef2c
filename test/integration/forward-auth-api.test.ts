/**
 * Forward authentication over HTTP, on both stores, as a reverse proxy asks
 * it: who may see which page by the rules of forward-auth (anyone, any
 * player, a whitelisted player, an operator), the sign-in through a ticket
 * and the site's callback that sets its cookie, the cookie ending with the
 * session that made it, paths read as the proxy serves them, and every
 * address to come back to refused unless it is on a listed site.
 */
import { expect } from 'chai';
import type { Config } from '../../src/config/config.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { registeredUser } from '../helpers/accounts.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { requirePostgres, uniquePrefix } from '../helpers/postgres.js';

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A request whose redirects are answers, not followed (the callback sends the browser to another site). */
async function ask(url: string, headers: Record<string, string> = {}, init: { method?: string; body?: string } = {}): Promise<Answer> {
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body: init.body, redirect: 'manual' });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON.
  }
  return { status: response.status, headers: response.headers, body };
}

function forwardAuthConfig(config: Config): void {
  config.forwardAuth = {
    hosts: ['map.test', 'other.test:8443'],
    rules: [
      { path: '/admin/', need: 'operator' },
      { path: '/members/', need: 'whitelisted' },
      { path: '/public/', need: 'anyone' },
      { host: 'other.test:8443', path: '/open/', need: 'anyone' },
    ],
    defaultNeed: 'player',
    callbackPath: '/.gatehouse/callback',
  };
}

for (const storage of ['json', 'postgresql'] as const) {
  describe(`forward authentication over HTTP (${storage === 'json' ? 'JSON files' : 'PostgreSQL'})`, function () {
    this.timeout(60_000);
    let server: TestGatehouse;
    let players = 0;
    const serviceToken = 'forward-auth-service-token-of-forty-chars';

    before(async function () {
      const postgres = storage === 'postgresql' ? await requirePostgres(this) : undefined;
      server = await startTestGatehouse((config) => {
        forwardAuthConfig(config);
        config.token = serviceToken;
        if (postgres) {
          config.storage.type = 'postgresql';
          config.storage.postgresql = postgres.settings(uniquePrefix('forward'), 5);
        }
      });
    });
    after(async function () {
      await server?.stop();
    });

    const newPlayer = async () => {
      players += 1;
      const player = `Mapper${players}`;
      const token = await registeredUser(server.gatehouse, server.baseUrl, `mapper${players}`, player);
      return { player, username: `mapper${players}`, token };
    };
    /** The proxy's question about `uri` on `host`, with the site's cookie if any. */
    const check = (uri: string, options: { cookie?: string; host?: string; proto?: string; mode?: string } = {}) =>
      ask(`${server.baseUrl}/api/forward-auth${options.mode ? `?mode=${options.mode}` : ''}`, {
        'x-forwarded-host': options.host ?? 'map.test',
        'x-forwarded-proto': options.proto ?? 'http',
        'x-forwarded-uri': uri,
        ...(options.cookie ? { cookie: options.cookie } : {}),
      });
    const ticket = (token: string, returnTo: string) => api(server.baseUrl, 'POST', '/api/forward-auth/ticket', { token, body: { returnTo } });
    /** The site's callback, as the proxy passes it on from `host`. */
    const callback = (redirect: string, host = new URL(redirect).host, proto = 'http') => {
      const query = new URL(redirect).search;
      return ask(`${server.baseUrl}/api/forward-auth/callback${query}`, { 'x-forwarded-host': host, 'x-forwarded-proto': proto });
    };
    /** Signs the token's session in on the site of `returnTo`: the cookie as the browser sends it back. */
    const signIn = async (token: string, returnTo = 'http://map.test/world/') => {
      const issued = await ticket(token, returnTo);
      expect(issued.status, JSON.stringify(issued.body)).to.equal(200);
      const back = await callback(issued.body.redirect);
      expect(back.status, JSON.stringify(back.body)).to.equal(302);
      const line = back.headers.getSetCookie().find((cookie) => cookie.startsWith('gatehouse_forward='))!;
      return line.split(';')[0]!;
    };

    it('sends someone not signed in to the login with the page to come back to: 401 for nginx, 302 for Traefik and Caddy', async function () {
      const refused = await check('/world/?zoom=2&x=1');
      expect(refused.status).to.equal(401);
      expect(refused.body).to.include({ success: false, code: 'login_required' });
      const login = `${server.baseUrl}/forward-auth?rd=${encodeURIComponent('http://map.test/world/?zoom=2&x=1')}`;
      expect(refused.headers.get('x-gatehouse-login')).to.equal(login);
      expect(refused.headers.get('cache-control')).to.equal('no-store');
      expect(refused.headers.get('x-gatehouse-user')).to.equal(null);

      const redirected = await check('/world/', { mode: 'redirect', proto: 'https' });
      expect(redirected.status).to.equal(302);
      expect(redirected.headers.get('location')).to.equal(`${server.baseUrl}/forward-auth?rd=${encodeURIComponent('https://map.test/world/')}`);
      expect((await check('/', { mode: 'sideways' })).status, 'an unknown mode').to.equal(400);
    });

    it('shows a page for anyone to someone not signed in, naming nobody', async function () {
      const open = await check('/public/index.html');
      expect(open.status).to.equal(200);
      expect(open.body).to.deep.equal({ success: true, user: null, player: null, uuid: null });
      expect(open.headers.get('x-gatehouse-player')).to.equal(null);
      expect((await check('/open/', { host: 'other.test:8443' })).status, "a rule of the other site's own").to.equal(200);
      expect((await check('/open/')).status, 'that rule is not for this site').to.equal(401);
    });

    it('signs a player in through a ticket and the site callback, and then names them in headers on every page they may see', async function () {
      const { player, username, token } = await newPlayer();
      const issued = await ticket(token, 'http://map.test/world/?zoom=2');
      expect(issued.status, JSON.stringify(issued.body)).to.equal(200);
      const redirect = new URL(issued.body.redirect);
      expect(`${redirect.origin}${redirect.pathname}`).to.equal('http://map.test/.gatehouse/callback');
      expect(redirect.searchParams.get('rd')).to.equal('http://map.test/world/?zoom=2');

      const told: Array<{ username: string; host: string }> = [];
      const tell = (signedIn: { username: string; host: string }) => told.push(signedIn);
      server.gatehouse.services.get('forwardAuth').events.on('signedIn', tell);
      const back = await callback(issued.body.redirect).finally(() => server.gatehouse.services.get('forwardAuth').events.off('signedIn', tell));
      expect(back.status).to.equal(302);
      expect(back.headers.get('location')).to.equal('http://map.test/world/?zoom=2');
      expect(told, "the sign-in told on the service's events").to.deep.equal([{ username, host: 'map.test' }]);
      const [line] = back.headers.getSetCookie();
      const attributes = line!.split(';').map((part) => part.trim());
      expect(attributes[0]).to.match(/^gatehouse_forward=ses_[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
      expect(attributes.slice(1)).to.include.members(['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${30 * 86_400}`]);
      expect(attributes, 'over plain HTTP').to.not.include('Secure');
      const cookie = attributes[0]!;

      const seen = await check('/world/?zoom=2', { cookie: `other=1; ${cookie}` });
      expect(seen.status).to.equal(200);
      expect(seen.headers.get('x-gatehouse-user')).to.equal(username);
      expect(seen.headers.get('x-gatehouse-player')).to.equal(player);
      const uuid = offlinePlayerUuid(player);
      expect(seen.headers.get('x-gatehouse-player-uuid')).to.equal(uuid);
      expect(seen.body).to.deep.equal({ success: true, user: username, player, uuid });
      expect((await check('/public/', { cookie })).headers.get('x-gatehouse-player'), 'named on a page for anyone too').to.equal(player);

      expect((await callback(issued.body.redirect)).body, 'a ticket is taken once').to.include({ code: 'invalid_ticket' });
      const secure = await callback((await ticket(token, 'https://map.test/')).body.redirect, 'map.test', 'https');
      expect(secure.headers.getSetCookie()[0]).to.include('; Secure');
    });

    it('keeps operator pages to operators now and whitelisted pages to players on the whitelist (or operators)', async function () {
      const { player, token } = await newPlayer();
      const cookie = await signIn(token);
      const refused = await check('/admin/tools', { cookie });
      expect(refused.status).to.equal(403);
      expect(refused.body).to.include({ code: 'admin_required' });
      const notListed = await check('/members/', { cookie });
      expect(notListed.status).to.equal(403);
      expect(notListed.body).to.include({ code: 'whitelist_required' });

      const whitelist = server.gatehouse.game.require('whitelist');
      await whitelist.add(player);
      try {
        expect((await check('/members/', { cookie })).status, 'on the whitelist').to.equal(200);
        expect((await check('/admin/tools', { cookie })).status, 'still no operator').to.equal(403);
      } finally {
        await whitelist.remove(player);
      }
      await server.gatehouse.game.operators.setOperator(player, true);
      try {
        expect((await check('/admin/tools', { cookie })).status, 'an operator now').to.equal(200);
        expect((await check('/members/', { cookie })).status, 'an operator is let in as the game lets them in').to.equal(200);
      } finally {
        await server.gatehouse.game.operators.setOperator(player, false);
      }
      expect((await check('/admin/tools', { cookie })).status, 'de-opped: refused at once').to.equal(403);
    });

    it('reads the path as the proxy serves it: dot segments, escapes and doubled slashes do not slip past a rule', async function () {
      const { token } = await newPlayer();
      const cookie = await signIn(token);
      for (const uri of ['/public/../admin/', '/public/%2e%2e/admin/x', '/%61dmin/', '//admin//x', '/public/..%2fadmin/', '/admin']) {
        const answer = await check(uri, { cookie });
        if (uri === '/admin') expect(answer.status, `${uri} is not under /admin/`).to.equal(200);
        else expect(answer.status, uri).to.equal(403);
      }
      expect((await check('/public/../world/')).status, 'out of the open part, anonymous').to.equal(401);
      const bad = await check('/world/%E0%A4%A', { cookie });
      expect(bad.status).to.equal(400);
      expect(bad.body).to.include({ code: 'invalid_forwarded_uri' });
      expect((await check('/a%00b', { cookie })).status).to.equal(400);
      // A page too long to come back to is still judged as itself, and the login comes back to its path.
      const long = await check(`/admin/?q=${'x'.repeat(5000)}`, { cookie });
      expect(long.status).to.equal(403);
      const longAnonymous = await check(`/world/?q=${'x'.repeat(5000)}`);
      expect(longAnonymous.headers.get('x-gatehouse-login')).to.equal(`${server.baseUrl}/forward-auth?rd=${encodeURIComponent('http://map.test/world/')}`);
      expect((await check(`/${'x'.repeat(17_000)}`, { cookie })).status, 'over 16 KiB (the limit of headers of Node refuses it first)').to.be.oneOf([400, 431]);
    });

    it("ends the site's sign-in with the session that made it, and keeps a cookie to the site it was made for", async function () {
      const { token } = await newPlayer();
      const cookie = await signIn(token);
      expect((await check('/world/', { cookie })).status).to.equal(200);
      expect((await check('/world/', { cookie, host: 'other.test:8443' })).status, "another site's cookie").to.equal(401);
      const forged = cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
      expect((await check('/world/', { cookie: forged })).status, 'a forged cookie').to.equal(401);

      expect((await api(server.baseUrl, 'DELETE', '/api/auth/session', { token })).status).to.equal(200);
      const ended = await check('/world/', { cookie });
      expect(ended.status, 'logged out on the portal').to.equal(401);
      expect(ended.body).to.include({ code: 'login_required' });
      expect((await check('/public/', { cookie })).body, 'an ended session names nobody').to.include({ user: null });
    });

    it('answers only for the listed sites, and says what a misconfigured proxy forgot', async function () {
      const { token } = await newPlayer();
      const cookie = await signIn(token);
      const unlisted = await check('/world/', { cookie, host: 'evil.test' });
      expect(unlisted.status).to.equal(403);
      expect(unlisted.body).to.include({ code: 'host_not_listed' });
      const none = await ask(`${server.baseUrl}/api/forward-auth`, { cookie });
      expect(none.status).to.equal(400);
      expect(none.body).to.include({ code: 'forwarded_host_missing' });
      const noPage = await ask(`${server.baseUrl}/api/forward-auth`, { cookie, 'x-forwarded-host': 'map.test' });
      expect(noPage.status, 'no page named is not judged as the root').to.equal(400);
      expect(noPage.body).to.include({ code: 'forwarded_uri_missing' });
      expect((await check('/world/', { cookie, host: 'MAP.TEST' })).status, 'host names in any case').to.equal(200);
    });

    it('never sends anyone to an address off the listed sites: hostile targets are refused at the ticket and at the callback', async function () {
      const { token } = await newPlayer();
      const hostile = [
        'https://evil.example/',
        '//evil.example/',
        '/world/',
        'javascript:alert(1)',
        'http://map.test@evil.example/',
        'http://user:pass@map.test/',
        'http://evil.example\\@map.test/',
        'http://evil.example\\.map.test/',
        'http://map.test.evil.example/',
        'http://map.test:81/',
        'ftp://map.test/',
        'http://other.test/',
        ' http://map.test/',
        `http://map.test/${'a'.repeat(4000)}`,
      ];
      for (const returnTo of hostile) {
        const refused = await ticket(token, returnTo);
        expect(refused.status, returnTo).to.be.oneOf([400, 403]);
        expect(refused.body.redirect, returnTo).to.equal(undefined);
        if (refused.status === 403) expect(refused.body, returnTo).to.include({ code: 'return_not_allowed', field: 'returnTo' });
      }

      const issued = (await ticket(token, 'http://map.test/world/')).body.redirect as string;
      const query = new URL(issued).searchParams;
      const withTarget = (rd: string, host = 'map.test') =>
        ask(`${server.baseUrl}/api/forward-auth/callback?${new URLSearchParams({ ticket: query.get('ticket')!, rd })}`, { 'x-forwarded-host': host });
      for (const rd of ['https://evil.example/', 'http://other.test:8443/', '//evil.example/', 'http://map.test@evil.example/']) {
        const refused = await withTarget(rd);
        expect(refused.status, rd).to.equal(403);
        expect(refused.headers.get('location'), rd).to.equal(null);
        expect(refused.headers.getSetCookie(), rd).to.deep.equal([]);
      }
      const elsewhere = await withTarget('http://other.test:8443/', 'other.test:8443');
      expect(elsewhere.status, 'a ticket for one site taken on another').to.equal(400);
      expect(elsewhere.body).to.include({ code: 'invalid_ticket' });
      expect((await withTarget('http://map.test/world/')).status, 'the ticket still good after the refusals').to.equal(302);
    });

    it('gives tickets only to a logged-in person: not anonymously, not to the service token or an API key', async function () {
      expect((await api(server.baseUrl, 'POST', '/api/forward-auth/ticket', { body: { returnTo: 'http://map.test/' } })).status).to.equal(401);
      const service = await ticket(serviceToken, 'http://map.test/');
      expect(service.status).to.equal(403);
      expect(service.body).to.include({ code: 'service_account' });
      const made = await api(server.baseUrl, 'POST', '/api/admin/keys', { token: serviceToken, body: { name: 'map', scopes: ['server:read'] } });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      const key = await ticket(made.body.secret, 'http://map.test/');
      expect(key.status).to.equal(403);
      expect(key.body).to.include({ code: 'key_not_allowed' });
      const forged = await ask(
        `${server.baseUrl}/api/forward-auth/callback?ticket=ses_${'0'.repeat(32)}.9999999999.${'0'.repeat(32)}.${'A'.repeat(43)}&rd=http%3A%2F%2Fmap.test%2F`,
        {
          'x-forwarded-host': 'map.test',
        },
      );
      expect(forged.status).to.equal(400);
      expect(forged.body).to.include({ code: 'invalid_ticket' });
    });
  });
}
