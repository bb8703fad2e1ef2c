/**
 * The client's address, on which the login throttle and the audit log
 * depend: the socket's, unless the request comes from a trusted proxy
 * (http.trusted-proxies), whose X-Forwarded-For is then read from the right.
 * Over real HTTP from 127.0.0.1, which the first Gatehouse trusts as a proxy
 * and the second does not.
 */
import { expect } from 'chai';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

const token = 'client-address-service-token-0123456789';

describe('the client address behind trusted proxies', function () {
  let behindProxy: TestGatehouse;
  let direct: TestGatehouse;

  before(async function () {
    behindProxy = await startTestGatehouse((config) => {
      config.token = token;
      config.http.trustedProxies = ['127.0.0.1'];
      config.accounts.addressMaxFailedAttempts = 5;
    });
    direct = await startTestGatehouse((config) => {
      config.token = token;
    });
  });
  after(async function () {
    await behindProxy?.stop();
    await direct?.stop();
  });

  /** Makes an audited change with this X-Forwarded-For and answers the address the audit log recorded for it. */
  async function auditedAddress(gatehouse: TestGatehouse, forwardedFor: string | undefined): Promise<string> {
    const headers: Record<string, string> = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
    const change = await api(gatehouse.baseUrl, 'POST', '/api/admin/settings', { token, body: { maxPlayers: 21 }, headers });
    expect(change.status, JSON.stringify(change.body)).to.equal(200);
    const audit = await api(gatehouse.baseUrl, 'GET', '/api/admin/audit?limit=1', { token });
    expect(audit.body.entries[0].action).to.equal('settings.update');
    return audit.body.entries[0].ipAddress;
  }

  it('takes the nearest untrusted hop of X-Forwarded-For from a trusted proxy', async function () {
    expect(await auditedAddress(behindProxy, '203.0.113.9')).to.equal('203.0.113.9');
    // A client may put anything on the left; only the hops the proxies added count, read from the right.
    expect(await auditedAddress(behindProxy, '198.51.100.1, 203.0.113.9')).to.equal('203.0.113.9');
    // A chain of trusted proxies is passed over.
    expect(await auditedAddress(behindProxy, '203.0.113.9, 127.0.0.1, 127.0.0.1')).to.equal('203.0.113.9');
    expect(await auditedAddress(behindProxy, '::ffff:203.0.113.10')).to.equal('203.0.113.10');
  });

  it("keeps the proxy's own address when the header is missing, all trusted, or not an address", async function () {
    expect(await auditedAddress(behindProxy, undefined)).to.equal('127.0.0.1');
    expect(await auditedAddress(behindProxy, '127.0.0.1')).to.equal('127.0.0.1');
    expect(await auditedAddress(behindProxy, 'not-an-address')).to.equal('127.0.0.1');
    expect(await auditedAddress(behindProxy, '203.0.113.9, <script>')).to.equal('127.0.0.1');
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async function () {
    expect(await auditedAddress(direct, '203.0.113.9')).to.equal('127.0.0.1');
  });

  it('throttles failed logins per forwarded client, not per proxy', async function () {
    // Failures spread over accounts, so only the address's own count (accounts.address-max-failed-attempts, 5 here) can refuse.
    const login = (forwardedFor: string, username: string) =>
      api(behindProxy.baseUrl, 'POST', '/api/auth/login', { body: { username, password: 'wrong-password' }, headers: { 'x-forwarded-for': forwardedFor } });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login('203.0.113.20', `guess_${attempt}`)).status).to.equal(401);
    const throttled = await login('203.0.113.20', 'guess_next');
    expect(throttled.status).to.equal(429);
    expect(throttled.headers.get('retry-after')).to.match(/^\d+$/);
    // Another client behind the same proxy is not locked out by the first one's failures.
    expect((await login('203.0.113.21', 'guess_next')).status).to.equal(401);
  });
});
