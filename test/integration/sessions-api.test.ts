/**
 * Sessions over HTTP, on both stores: every login is a session that can be
 * listed and ended; the portal's login sets a refresh cookie (HttpOnly,
 * SameSite=Strict, scoped to the session paths) that is rotated at each
 * use, and a refresh token used twice ends its whole session; a request
 * from another site's page is refused with the cookie; a password change
 * ends the other sessions, and a reset with a code from /resetpassword
 * ends them all.
 */
import http from 'node:http';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import type { Config } from '../../src/config/config.js';
import { registeredUser, resetCodeFor } from '../helpers/accounts.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { requirePostgres, uniquePrefix } from '../helpers/postgres.js';
import { browserLogin, refresh, refreshCookieOf, samePage, setCookies } from '../helpers/sessions.js';

/** A request with a Host header of the test's choosing (fetch sets its own), as a proxy in front would send it. */
function rawRequest(
  baseUrl: string,
  method: string,
  urlPath: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; setCookies: string[] }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(urlPath, baseUrl), { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text, setCookies: response.headers['set-cookie'] ?? [] }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const chromeOnLinux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

for (const storage of ['json', 'postgresql'] as const) {
  describe(`sessions over HTTP (${storage === 'json' ? 'JSON files' : 'PostgreSQL'})`, function () {
    this.timeout(60_000);
    let server: TestGatehouse;
    let user = 0;

    const start = async (context: Mocha.Context, adjust: (config: Config) => void = () => undefined) => {
      const postgres = storage === 'postgresql' ? await requirePostgres(context) : undefined;
      return startTestGatehouse((config) => {
        // A refresh token used twice ends its session however soon (the leeway for tabs opened at once is its own test).
        config.sessions.refreshReuseLeewaySeconds = 0;
        if (postgres) {
          config.storage.type = 'postgresql';
          config.storage.postgresql = postgres.settings(uniquePrefix('sessions'), 5);
        }
        adjust(config);
      });
    };
    /** A new account of its own for each test: sessions of one never touch another's. */
    const newAccount = async (password = 'password1') => {
      user += 1;
      const username = `walker${user}`;
      const token = await registeredUser(server.gatehouse, server.baseUrl, username, `Walker${user}`, password);
      // The helper's own login is logged out: each test counts only the sessions it makes.
      expect((await api(server.baseUrl, 'DELETE', '/api/auth/session', { token })).status).to.equal(200);
      return { username, password };
    };
    const as = (token: string) => (method: string, urlPath: string, body?: unknown, headers?: Record<string, string>) =>
      api(server.baseUrl, method, urlPath, { token, body, headers });
    const apiLogin = async (account: { username: string; password: string }, userAgent = 'curl/8.5.0') => {
      const response = await api(server.baseUrl, 'POST', '/api/auth/login', { body: account, headers: { 'user-agent': userAgent } });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      return response;
    };

    before(async function () {
      server = await start(this);
    });
    after(async function () {
      await server?.stop();
    });

    it('answers the API login exactly as the description says, with no cookie, and makes it a session of 24 hours that is listed', async function () {
      const account = await newAccount();
      const login = await apiLogin(account);
      expect(Object.keys(login.body).sort()).to.deep.equal(['gameUsername', 'isAdmin', 'success', 'token', 'username']);
      expect(login.headers.getSetCookie(), 'an API client gets no cookie').to.deep.equal([]);
      const claims = jwt.decode(login.body.token) as { sid?: string; exp: number; iat: number };
      expect(claims.sid, 'the token names its session').to.be.a('string');
      expect(claims.exp - claims.iat).to.equal(86_400);

      const listed = await as(login.body.token)('GET', '/api/auth/sessions');
      expect(listed.status).to.equal(200);
      expect(listed.body.sessions).to.have.length(1);
      const [session] = listed.body.sessions;
      expect(session).to.include({ id: claims.sid, current: true, kind: 'api', device: 'curl 8.5', address: '127.0.0.1' });
      expect(Date.parse(session.expiresAt) - Date.parse(session.startedAt)).to.be.closeTo(86_400_000, 2_000);
      expect(session.lastUsedAt >= session.startedAt).to.equal(true);
    });

    it('logs the portal in with a refresh cookie that is HttpOnly, SameSite=Strict and scoped to the session paths, and an access token of 15 minutes', async function () {
      const account = await newAccount();
      const login = await browserLogin(server.baseUrl, account.username, account.password, { 'user-agent': chromeOnLinux });
      expect(login.response.body).to.include({ success: true, username: account.username, isAdmin: false });
      const claims = jwt.decode(login.token) as { sid: string; exp: number; iat: number };
      expect(claims.exp - claims.iat).to.equal(900);
      expect(Date.parse(login.response.body.expiresAt)).to.equal(claims.exp * 1000);
      const cookies = setCookies(login.response);
      const refreshCookie = cookies.get('gatehouse_refresh')!;
      expect(refreshCookie.attributes).to.include.members(['HttpOnly', 'SameSite=Strict', 'Path=/api/auth/session', `Max-Age=${30 * 86_400}`]);
      expect(refreshCookie.attributes, 'over plain HTTP').to.not.include('Secure');
      // The page can tell that a session is there to resume, and nothing more.
      const hint = cookies.get('gatehouse_signed_in')!;
      expect(hint.value).to.equal('1');
      expect(hint.attributes).to.include.members(['SameSite=Strict', 'Path=/']);
      expect(hint.attributes).to.not.include('HttpOnly');
      expect(refreshCookie.value).to.not.include(login.token);

      const me = await as(login.token)('GET', '/api/auth/me');
      expect(me.body.username).to.equal(account.username);
      const listed = await as(login.token)('GET', '/api/auth/sessions');
      expect(listed.body.sessions[0]).to.include({ id: claims.sid, kind: 'portal', device: 'Chrome 131 on Linux', current: true });

      // Behind a proxy serving HTTPS (the page's origin says so, its Host kept) the cookies are Secure too.
      const secure = await rawRequest(server.baseUrl, 'POST', '/api/auth/session', JSON.stringify(account), {
        'content-type': 'application/json',
        origin: 'https://gatehouse.example',
        host: 'gatehouse.example',
        'sec-fetch-site': 'same-origin',
      });
      expect(secure.status, secure.body).to.equal(200);
      const secureCookie = secure.setCookies.find((line) => line.startsWith('gatehouse_refresh='))!;
      expect(secureCookie.split('; ')).to.include('Secure');
    });

    it('rotates the refresh token at each use, and a token used twice ends the whole session', async function () {
      const account = await newAccount();
      const login = await browserLogin(server.baseUrl, account.username, account.password);
      const first = await refresh(server.baseUrl, login.cookie);
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      const second = refreshCookieOf(first);
      expect(second).to.not.equal(login.cookie);
      expect(first.body).to.include({ success: true, username: account.username });
      expect((await as(first.body.token)('GET', '/api/auth/me')).status).to.equal(200);
      const third = refreshCookieOf(await refresh(server.baseUrl, second));

      // The first cookie again: someone holds a copy. The session ends, every token of it with it.
      const reused = await refresh(server.baseUrl, login.cookie);
      expect(reused.status).to.equal(401);
      expect(reused.body).to.include({ success: false, code: 'session_ended' });
      expect(setCookies(reused).get('gatehouse_refresh')?.attributes, 'the cookie is cleared').to.include('Max-Age=0');
      const latest = await refresh(server.baseUrl, third);
      expect(latest.status, 'the newest cookie of the family is refused too').to.equal(401);
      const me = await as(first.body.token)('GET', '/api/auth/me');
      expect(me.status, 'and its access tokens at once').to.equal(401);
      expect(me.body.code).to.equal('session_ended');
      expect((await as(login.token)('GET', '/api/auth/me')).status).to.equal(401);

      // Without a cookie, or with one that was never issued: no session, and nothing ended.
      expect((await refresh(server.baseUrl, undefined)).body.code).to.equal('no_session');
      const forged = await refresh(server.baseUrl, `gatehouse_refresh=${login.cookie.split('=')[1]!.slice(0, -4)}AAAA`);
      expect(forged.status).to.equal(401);
      expect(forged.body.code).to.equal('invalid_session');
    });

    it('refuses the cookie on a request from another origin or site, and changes nothing then', async function () {
      const account = await newAccount();
      const login = await browserLogin(server.baseUrl, account.username, account.password);
      const foreign: Array<Record<string, string>> = [
        { origin: 'http://evil.example' },
        { origin: `http://127.0.0.1:${Number(new URL(server.baseUrl).port) + 1}` },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site', origin: 'http://other.127.0.0.1.example' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of foreign) {
        const refused = await refresh(server.baseUrl, login.cookie, headers);
        expect(refused.status, JSON.stringify(headers)).to.equal(403);
        expect(refused.body).to.include({ success: false, code: 'cross_site_request' });
        expect(refused.headers.getSetCookie(), JSON.stringify(headers)).to.deep.equal([]);
        const login2 = await api(server.baseUrl, 'POST', '/api/auth/session', { body: account, headers });
        expect(login2.status, `a login from ${JSON.stringify(headers)}`).to.equal(403);
        expect(login2.headers.getSetCookie()).to.deep.equal([]);
      }
      // The cookie was not used up: the portal's own page still refreshes with it, once.
      const own = await refresh(server.baseUrl, login.cookie);
      expect(own.status, JSON.stringify(own.body)).to.equal(200);
      // A client that is no browser (no Origin, no Sec-Fetch-Site) may use its own cookie.
      expect((await refresh(server.baseUrl, refreshCookieOf(own), {})).status).to.equal(200);
    });

    it('lists the sessions with device, address, start and last use; ends one, and all others', async function () {
      const account = await newAccount();
      const phone = await browserLogin(server.baseUrl, account.username, account.password, {
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      });
      const laptop = await browserLogin(server.baseUrl, account.username, account.password, { 'user-agent': firefoxOnWindows });
      const script = (await apiLogin(account, 'python-requests/2.31.0')).body.token as string;
      const desk = await browserLogin(server.baseUrl, account.username, account.password, { 'user-agent': chromeOnLinux });
      const other = await newAccount();
      const stranger = (await apiLogin(other)).body.token as string;

      const listed = await as(desk.token)('GET', '/api/auth/sessions');
      expect(listed.body.sessions.map((session: { device: string }) => session.device)).to.have.members([
        'Safari 17 on iOS',
        'Firefox 128 on Windows',
        'python-requests 2.31',
        'Chrome 131 on Linux',
      ]);
      expect(listed.body.sessions.filter((session: { current: boolean }) => session.current).map((session: { device: string }) => session.device)).to.deep.equal([
        'Chrome 131 on Linux',
      ]);
      const idOf = (token: string) => (jwt.decode(token) as { sid: string }).sid;
      // Last use first.
      expect(listed.body.sessions[0].id).to.equal(idOf(desk.token));

      // Another account's session is not one's own to end: it is not found.
      const notMine = await as(desk.token)('DELETE', `/api/auth/sessions/${idOf(stranger)}`);
      expect(notMine.status).to.equal(404);
      expect(notMine.body.code).to.equal('session_not_found');
      expect((await as(stranger)('GET', '/api/auth/me')).status).to.equal(200);

      const ended = await as(desk.token)('DELETE', `/api/auth/sessions/${idOf(laptop.token)}`);
      expect(ended.status, JSON.stringify(ended.body)).to.equal(200);
      expect((await as(laptop.token)('GET', '/api/auth/me')).body.code).to.equal('session_ended');
      expect((await refresh(server.baseUrl, laptop.cookie)).status, "the ended session's cookie is refused").to.equal(401);
      expect((await as(desk.token)('GET', '/api/auth/sessions')).body.sessions).to.have.length(3);

      const others = await as(desk.token)('POST', '/api/auth/sessions/end-others');
      expect(others.status).to.equal(200);
      expect(others.body).to.include({ success: true, ended: 2 });
      for (const token of [phone.token, script]) expect((await as(token)('GET', '/api/auth/me')).status).to.equal(401);
      expect((await refresh(server.baseUrl, phone.cookie)).status).to.equal(401);
      expect((await as(desk.token)('GET', '/api/auth/me')).status, 'the one asking stays').to.equal(200);
      expect((await as(desk.token)('GET', '/api/auth/sessions')).body.sessions.map((session: { id: string }) => session.id)).to.deep.equal([idOf(desk.token)]);
      expect((await as(stranger)('GET', '/api/auth/me')).status, "another account's sessions are untouched").to.equal(200);
    });

    it('refuses a session id with a NUL character (a 400 naming it, as any such text is), failing no request made at the same moment', async function () {
      const account = await newAccount();
      const token = (await apiLogin(account)).body.token as string;
      const others = await Promise.all([newAccount(), newAccount()].map(async (other) => (await apiLogin(await other)).body.token as string));
      const [bad, ...answers] = await Promise.all([
        as(token)('DELETE', '/api/auth/sessions/ses_%00'),
        ...[token, ...others, token, ...others].map((asking) => as(asking)('GET', '/api/auth/me')),
      ]);
      expect(`${bad!.status} ${bad!.body.code} ${bad!.body.field}`).to.equal('400 invalid_field id');
      expect(answers.map((answer) => answer.status)).to.deep.equal(answers.map(() => 200));
      expect((await as(token)('GET', '/api/auth/sessions')).body.sessions, 'nothing ended').to.have.length(1);
    });

    it('logs out: the session ends and its cookies are cleared', async function () {
      const account = await newAccount();
      const login = await browserLogin(server.baseUrl, account.username, account.password);
      const out = await as(login.token)('DELETE', '/api/auth/session', undefined, { ...samePage(server.baseUrl), cookie: login.cookie });
      expect(out.status).to.equal(200);
      expect(setCookies(out).get('gatehouse_refresh')?.attributes).to.include('Max-Age=0');
      expect(setCookies(out).get('gatehouse_signed_in')?.attributes).to.include('Max-Age=0');
      expect((await as(login.token)('GET', '/api/auth/me')).status).to.equal(401);
      expect((await refresh(server.baseUrl, login.cookie)).status).to.equal(401);
      // An API client logs its token out the same way.
      const token = (await apiLogin(account)).body.token as string;
      expect((await as(token)('DELETE', '/api/auth/session')).status).to.equal(200);
      expect((await as(token)('GET', '/api/auth/me')).status).to.equal(401);
    });

    it('refuses a token that names no session, as one from before sessions', async function () {
      const account = await newAccount();
      const token = (await apiLogin(account)).body.token as string;
      const key = await server.gatehouse.store.keys.getOrCreate('jwt-signing', () => {
        throw new Error('the signing key should exist by now');
      });
      const { sid: _sid, iat: _iat, exp: _exp, ...claims } = jwt.decode(token) as Record<string, unknown>;
      const withoutSession = jwt.sign(claims, key, { algorithm: 'HS256', expiresIn: 600 });
      const refused = await as(withoutSession)('GET', '/api/auth/me');
      expect(refused.status).to.equal(401);
      expect(refused.body.code).to.equal('invalid_token');
    });

    it('changes the password with the current one, ending the other sessions; a wrong current password counts as a failed login', async function () {
      const account = await newAccount('first-pass');
      const here = await browserLogin(server.baseUrl, account.username, account.password);
      const elsewhere = await browserLogin(server.baseUrl, account.username, account.password);
      const script = (await apiLogin(account)).body.token as string;

      const wrong = await as(here.token)('POST', '/api/auth/password', { currentPassword: 'not-it', newPassword: 'second-pass' });
      expect(wrong.status).to.equal(400);
      expect(wrong.body).to.include({ code: 'wrong_password', field: 'currentPassword' });
      const short = await as(here.token)('POST', '/api/auth/password', { currentPassword: 'first-pass', newPassword: 'short' });
      expect(short.status).to.equal(400);
      expect(short.body.field).to.equal('newPassword');

      const changed = await as(here.token)('POST', '/api/auth/password', { currentPassword: 'first-pass', newPassword: 'second-pass' });
      expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
      expect(changed.body).to.include({ success: true, endedSessions: 2 });
      expect((await as(here.token)('GET', '/api/auth/me')).status, 'the session that changed it stays').to.equal(200);
      expect((await refresh(server.baseUrl, here.cookie)).status).to.equal(200);
      for (const token of [elsewhere.token, script]) expect((await as(token)('GET', '/api/auth/me')).body.code).to.equal('session_ended');
      expect((await refresh(server.baseUrl, elsewhere.cookie)).status).to.equal(401);
      expect((await api(server.baseUrl, 'POST', '/api/auth/login', { body: { ...account, password: 'first-pass' } })).status).to.equal(401);
      expect((await api(server.baseUrl, 'POST', '/api/auth/login', { body: { ...account, password: 'second-pass' } })).status).to.equal(200);
    });

    it('resets a forgotten password with the code /resetpassword gave in game, once, ending every session', async function () {
      const account = await newAccount('forgotten');
      const player = `Walker${user}`;
      const here = await browserLogin(server.baseUrl, account.username, account.password);
      const script = (await apiLogin(account)).body.token as string;
      const code = await resetCodeFor(server.gatehouse, player);

      const weak = await api(server.baseUrl, 'POST', '/api/auth/password/reset', { body: { code, newPassword: '123' } });
      expect(weak.status).to.equal(400);
      expect(weak.body.field).to.equal('newPassword');
      const reset = await api(server.baseUrl, 'POST', '/api/auth/password/reset', { body: { code: code.toLowerCase(), newPassword: 'remembered' } });
      expect(reset.status, JSON.stringify(reset.body)).to.equal(200);
      expect(reset.body).to.include({ success: true, username: account.username });
      for (const token of [here.token, script]) expect((await as(token)('GET', '/api/auth/me')).body.code).to.equal('session_ended');
      expect((await refresh(server.baseUrl, here.cookie)).status).to.equal(401);
      expect((await api(server.baseUrl, 'POST', '/api/auth/login', { body: { ...account, password: 'forgotten' } })).status).to.equal(401);
      expect((await api(server.baseUrl, 'POST', '/api/auth/login', { body: { ...account, password: 'remembered' } })).status).to.equal(200);

      const again = await api(server.baseUrl, 'POST', '/api/auth/password/reset', { body: { code, newPassword: 'third-time' } });
      expect(again.status, 'a code works once').to.equal(400);
      expect(again.body).to.include({ code: 'invalid_code', field: 'code' });

      // A newer code replaces the older one.
      const older = await resetCodeFor(server.gatehouse, player);
      const newer = await resetCodeFor(server.gatehouse, player);
      expect((await api(server.baseUrl, 'POST', '/api/auth/password/reset', { body: { code: older, newPassword: 'third-time' } })).status).to.equal(400);
      expect((await api(server.baseUrl, 'POST', '/api/auth/password/reset', { body: { code: newer, newPassword: 'third-time' } })).status).to.equal(200);
    });

    it('tells a player without an account that there is nothing to reset', async function () {
      const reply = await server.gatehouse.services.get('passwords').handleResetCommand({ name: 'Nobody', uuid: '00000000-0000-3000-8000-000000000001' });
      expect(typeof reply === 'string' ? reply : reply.parts.map((part) => part.text).join('')).to.match(/no web account/);
    });

    it('ends the other sessions through the service, as a new second factor will', async function () {
      const account = await newAccount();
      const kept = await browserLogin(server.baseUrl, account.username, account.password);
      const other = await browserLogin(server.baseUrl, account.username, account.password);
      const sessions = server.gatehouse.services.get('sessions');
      const endedEvents: Array<{ reason: string }> = [];
      sessions.events.on('ended', (event) => endedEvents.push(event));
      const userId = (await server.gatehouse.store.users.findByUsername(account.username))!.id;
      expect(await sessions.endOtherSessions(userId, (jwt.decode(kept.token) as { sid: string }).sid)).to.equal(1);
      expect((await as(other.token)('GET', '/api/auth/me')).status).to.equal(401);
      expect((await as(kept.token)('GET', '/api/auth/me')).status).to.equal(200);
      expect(endedEvents.map((event) => event.reason)).to.deep.equal(['ended-by-others']);
    });

    describe('throttled like registration codes and wrong passwords', function () {
      let throttled: TestGatehouse;
      before(async function () {
        throttled = await start(this, (config) => {
          config.accounts.codeCheckMaxFailures = 3;
          config.accounts.maxFailedAttempts = 3;
        });
      });
      after(async function () {
        await throttled?.stop();
      });

      it('locks reset codes after the failed code checks, with registration codes, and counts a wrong current password as a failed login', async function () {
        const token = await registeredUser(throttled.gatehouse, throttled.baseUrl, 'guesser', 'Guesser', 'right-one');
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const wrong = await api(throttled.baseUrl, 'POST', '/api/auth/password/reset', { body: { code: 'WRONG234', newPassword: 'whatever' } });
          expect(wrong.status).to.equal(400);
        }
        const locked = await api(throttled.baseUrl, 'POST', '/api/auth/password/reset', { body: { code: 'WRONG234', newPassword: 'whatever' } });
        expect(locked.status).to.equal(429);
        expect(Number(locked.headers.get('retry-after'))).to.be.greaterThan(0);
        const verify = await api(throttled.baseUrl, 'POST', '/api/auth/verify-code', { body: { code: 'WRONG234' } });
        expect(verify.status, 'the same bucket as registration codes').to.equal(429);

        for (let attempt = 0; attempt < 3; attempt += 1) {
          const wrong = await api(throttled.baseUrl, 'POST', '/api/auth/password', { token, body: { currentPassword: `wrong-${attempt}`, newPassword: 'new-pass' } });
          expect(wrong.status).to.equal(400);
        }
        const change = await api(throttled.baseUrl, 'POST', '/api/auth/password', { token, body: { currentPassword: 'right-one', newPassword: 'new-pass' } });
        expect(change.status, 'locked even with the right password now').to.equal(429);
        const login = await api(throttled.baseUrl, 'POST', '/api/auth/login', { body: { username: 'guesser', password: 'right-one' } });
        expect(login.status, 'the same count as logins').to.equal(429);
      });
    });

    describe('with a leeway of one second for tabs refreshing at once', function () {
      let leeway: TestGatehouse;
      before(async function () {
        leeway = await start(this, (config) => {
          config.sessions.refreshReuseLeewaySeconds = 1;
        });
      });
      after(async function () {
        await leeway?.stop();
      });

      it('answers a second use within the leeway with a token and no new cookie, and ends the session on a use after it', async function () {
        await registeredUser(leeway.gatehouse, leeway.baseUrl, 'tabby', 'Tabby', 'password1');
        const login = await browserLogin(leeway.baseUrl, 'tabby', 'password1');
        const [one, two] = await Promise.all([refresh(leeway.baseUrl, login.cookie), refresh(leeway.baseUrl, login.cookie)]);
        expect([one.status, two.status]).to.deep.equal([200, 200]);
        const rotated = [one, two].filter((answer) => answer.headers.getSetCookie().length > 0);
        expect(rotated, 'one of the two rotated the cookie').to.have.length(1);
        expect((await api(leeway.baseUrl, 'GET', '/api/auth/me', { token: two.body.token })).status).to.equal(200);
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        const late = await refresh(leeway.baseUrl, login.cookie);
        expect(late.status).to.equal(401);
        expect((await refresh(leeway.baseUrl, refreshCookieOf(rotated[0]!))).status, 'the whole session ended').to.equal(401);
      });
    });
  });
}
