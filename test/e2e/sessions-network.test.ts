/**
 * Sessions on a network: two Gatehouse instances on one PostgreSQL
 * database. A session started on one works on the other (its token and its
 * refresh cookie), and a session ended on one is refused on the other from
 * the very next request, with no wait and no notice to miss.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { registeredUser } from '../helpers/accounts.js';
import { api, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { startNetworkInstance } from '../helpers/network.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';
import { browserLogin, refresh, refreshCookieOf } from '../helpers/sessions.js';

describe('sessions on a network of servers', function () {
  this.timeout(60_000);
  let postgres: ThrowawayPostgres;
  let prefix: string;
  let directory: string;
  let survival: TestGatehouse;
  let creative: TestGatehouse;

  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this);
    prefix = uniquePrefix('sessions_network');
    directory = await temporaryDirectory('gatehouse-sessions-network-');
    [survival, creative] = await Promise.all([
      startNetworkInstance({ directory, postgres, prefix }, 'survival'),
      startNetworkInstance({ directory, postgres, prefix }, 'creative'),
    ]);
    await registeredUser(survival.gatehouse, survival.baseUrl, 'nomad', 'Nomad', 'wandering');
  });
  after(async function () {
    await Promise.all([survival?.stop(), creative?.stop()]);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const me = (server: TestGatehouse, token: string) => api(server.baseUrl, 'GET', '/api/auth/me', { token });

  it('refuses on one instance, at the next request, a session ended on the other', async function () {
    const portal = await browserLogin(survival.baseUrl, 'nomad', 'wandering');
    const script = (await api(creative.baseUrl, 'POST', '/api/auth/login', { body: { username: 'nomad', password: 'wandering' } })).body.token as string;
    for (const server of [survival, creative]) {
      expect((await me(server, portal.token)).status).to.equal(200);
      expect((await me(server, script)).status).to.equal(200);
    }
    // The portal's cookie, issued by one instance, is taken by the other.
    const moved = await refresh(creative.baseUrl, portal.cookie);
    expect(moved.status, JSON.stringify(moved.body)).to.equal(200);

    // Ended on creative, the session made on survival: survival refuses it at once, and its cookie too.
    const sid = (jwt.decode(portal.token) as { sid: string }).sid;
    expect((await api(creative.baseUrl, 'DELETE', `/api/auth/sessions/${sid}`, { token: script })).status).to.equal(200);
    const refused = await me(survival, portal.token);
    expect(refused.status).to.equal(401);
    expect(refused.body.code).to.equal('session_ended');
    expect((await me(survival, moved.body.token)).status).to.equal(401);
    expect((await refresh(survival.baseUrl, refreshCookieOf(moved))).status).to.equal(401);

    // "End all others" on survival ends the script's session, made on creative, on creative.
    const desk = await browserLogin(survival.baseUrl, 'nomad', 'wandering');
    expect((await api(survival.baseUrl, 'POST', '/api/auth/sessions/end-others', { token: desk.token })).body.ended).to.be.at.least(1);
    expect((await me(creative, script)).status).to.equal(401);
    expect((await me(creative, desk.token)).status).to.equal(200);
  });

  it('ends a session on every instance when a refresh token is used twice, across instances', async function () {
    const portal = await browserLogin(survival.baseUrl, 'nomad', 'wandering');
    const next = await refresh(creative.baseUrl, portal.cookie);
    expect(next.status).to.equal(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The leeway for tabs refreshing at once is the shipped 10 s: a second use now is answered, and ends nothing.
    expect((await refresh(survival.baseUrl, portal.cookie)).status).to.equal(200);
    // A token two rotations old is nobody's second tab: the session ends, everywhere.
    const third = await refresh(survival.baseUrl, refreshCookieOf(next));
    expect(third.status).to.equal(200);
    const reused = await refresh(survival.baseUrl, portal.cookie);
    expect(reused.status).to.equal(401);
    expect(reused.body.code).to.equal('session_ended');
    expect((await me(creative, third.body.token)).status).to.equal(401);
    expect((await refresh(creative.baseUrl, refreshCookieOf(third))).status).to.equal(401);
  });
});
