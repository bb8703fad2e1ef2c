/**
 * Sessions and second factors together: a login completed with a second
 * factor is a session like any other (the portal's with its refresh cookie,
 * the API's of 24 hours), and a change to an account's factors ends its
 * other sessions: one its owner adds or removes keeps the session that made
 * the change, an admin's reset ends them all.
 */
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { Secret, TOTP } from 'otpauth';
import { sessionsPart } from '../../src/features/sessions/store.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually } from '../helpers/bots.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { browserLogin, refresh, refreshCookieOf, samePage, setCookies } from '../helpers/sessions.js';

const serviceToken = 'sessions-factors-service-token-0123456789abcdef';
const password = 'password1';

/** The app's code for the time step `steps` away from now (a code is taken once, so each use takes another step's). */
const codeAt = (secret: string, steps: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

describe('sessions and second factors', function () {
  this.timeout(60_000);
  let server: TestGatehouse;
  let people = 0;

  before(async function () {
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
    });
  });
  after(async function () {
    await server?.stop();
  });

  const as = (token: string) => (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token, body });
  const sessionOf = (token: string) => (jwt.decode(token) as { sid: string }).sid;
  /** A new account with an app set up from `token`'s session (confirmed with the code one step back): its name, that token and the app's secret. */
  const withApp = async () => {
    people += 1;
    const username = `guarded${people}`;
    const token = await registeredUser(server.gatehouse, server.baseUrl, username, `Guarded${people}`, password);
    const started = await as(token)('POST', '/api/auth/factors/totp');
    const confirmed = await as(token)('POST', '/api/auth/factors/totp/confirm', { code: codeAt(started.body.secret, -1) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    return { username, token, secret: started.body.secret as string };
  };

  it('completes the portal login with the second factor into a session with its refresh cookie, and the API login into one of 24 hours', async function () {
    const { username, secret } = await withApp();
    const first = await api(server.baseUrl, 'POST', '/api/auth/session', { body: { username, password }, headers: samePage(server.baseUrl) });
    expect(first.status).to.equal(200);
    expect(first.body.secondFactor.methods).to.include('totp');
    expect(first.body.token, 'no token before the factor').to.equal(undefined);
    expect(first.headers.getSetCookie(), 'no cookie before the factor').to.deep.equal([]);

    const body = { ticket: first.body.secondFactor.ticket, code: codeAt(secret, 0) };
    const foreign = await api(server.baseUrl, 'POST', '/api/auth/session/second-factor', { body, headers: { origin: 'http://evil.example' } });
    expect(foreign.status, 'from another site').to.equal(403);
    expect(foreign.body.code).to.equal('cross_site_request');
    const second = await api(server.baseUrl, 'POST', '/api/auth/session/second-factor', { body, headers: samePage(server.baseUrl) });
    expect(second.status, JSON.stringify(second.body)).to.equal(200);
    expect(second.body).to.include({ success: true, username });
    expect(second.body.expiresAt).to.be.a('string');
    expect(setCookies(second).get('gatehouse_refresh')?.attributes).to.include.members(['HttpOnly', 'SameSite=Strict', 'Path=/api/auth/session']);
    const renewed = await refresh(server.baseUrl, refreshCookieOf(second));
    expect(renewed.status, 'the session goes on with its cookie').to.equal(200);
    const listed = await as(renewed.body.token)('GET', '/api/auth/sessions');
    expect(listed.body.sessions.find((session: { current: boolean }) => session.current)).to.include({ kind: 'portal', id: sessionOf(second.body.token) });

    const apiFirst = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username, password } });
    const apiSecond = await api(server.baseUrl, 'POST', '/api/auth/login/second-factor', { body: { ticket: apiFirst.body.secondFactor.ticket, code: codeAt(secret, 1) } });
    expect(apiSecond.status, JSON.stringify(apiSecond.body)).to.equal(200);
    expect(Object.keys(apiSecond.body).sort()).to.deep.equal(['gameUsername', 'isAdmin', 'success', 'token', 'username']);
    expect(apiSecond.headers.getSetCookie()).to.deep.equal([]);
    const claims = jwt.decode(apiSecond.body.token) as { exp: number; iat: number; sid: string };
    expect(claims.exp - claims.iat).to.equal(86_400);
    expect((await as(apiSecond.body.token)('GET', '/api/auth/me')).status).to.equal(200);
  });

  it('ends the other sessions when the owner adds an app, and again when they remove it, keeping the session that did it', async function () {
    people += 1;
    const username = `adder${people}`;
    const kept = await registeredUser(server.gatehouse, server.baseUrl, username, `Adder${people}`, password);
    const browser = await browserLogin(server.baseUrl, username, password);
    const script = (await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username, password } })).body.token as string;

    const started = await as(kept)('POST', '/api/auth/factors/totp');
    expect((await as(kept)('POST', '/api/auth/factors/totp/confirm', { code: codeAt(started.body.secret, -1) })).status).to.equal(200);
    // The event's listener ends them as the change is told, beside the answer: within moments.
    await eventually(async () => ((await as(script)('GET', '/api/auth/me')).status === 401 ? true : undefined), 2_000, 'the other sessions ended');
    for (const token of [browser.token, script]) expect((await as(token)('GET', '/api/auth/me')).body.code).to.equal('session_ended');
    expect((await refresh(server.baseUrl, browser.cookie)).status).to.equal(401);
    expect((await as(kept)('GET', '/api/auth/me')).status, 'the session that added it stays').to.equal(200);
    expect((await as(kept)('GET', '/api/auth/sessions')).body.sessions.map((session: { id: string }) => session.id)).to.deep.equal([sessionOf(kept)]);

    const first = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username, password } });
    const other = (await api(server.baseUrl, 'POST', '/api/auth/login/second-factor', { body: { ticket: first.body.secondFactor.ticket, code: codeAt(started.body.secret, 0) } }))
      .body.token as string;
    expect((await as(other)('GET', '/api/auth/me')).status).to.equal(200);
    expect((await as(kept)('POST', '/api/auth/factors/totp/remove', { password })).status).to.equal(200);
    await eventually(async () => ((await as(other)('GET', '/api/auth/me')).status === 401 ? true : undefined), 2_000, 'a removal ends the others too');
    expect((await as(kept)('GET', '/api/auth/me')).status).to.equal(200);
  });

  it("ends every session of the account at an admin's reset of its factors", async function () {
    const { username, token } = await withApp();
    const reset = await api(server.baseUrl, 'DELETE', `/api/admin/users/${username}/factors`, { token: serviceToken });
    expect(reset.status, JSON.stringify(reset.body)).to.equal(200);
    await eventually(async () => ((await as(token)('GET', '/api/auth/me')).status === 401 ? true : undefined), 2_000, 'the sessions ended');
    const ended = await server.gatehouse.store.part(sessionsPart).find(sessionOf(token));
    expect(ended?.endReason).to.equal('second-factors-reset');
  });
});
