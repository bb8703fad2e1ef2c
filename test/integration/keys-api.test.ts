/**
 * API keys over real HTTP: made by an admin, scoped, rate-limited, revoked,
 * expired, rotated; refused where the caller must be a player; their secret
 * found nowhere but in the answer that made it; and a browser's preflight
 * for a retried purchase.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { gatehouseClient } from '../../client/gatehouse-client.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually } from '../helpers/bots.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

const serviceToken = 'keys-api-service-token-for-tests-0123456789abcdef';

describe('API keys over HTTP', function () {
  let server: TestGatehouse;
  const logLines: string[] = [];
  const secrets: string[] = [];
  const answers: string[] = [];
  const asService = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });
  const withKey = async (secret: string, method: string, urlPath: string, body?: unknown) => {
    const response = await api(server.baseUrl, method, urlPath, { token: secret, body });
    answers.push(JSON.stringify(response.body));
    return response;
  };
  const makeKey = async (body: Record<string, unknown>) => {
    const made = await asService('POST', '/api/admin/keys', body);
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    secrets.push(made.body.secret as string);
    return made.body as { key: { id: string; prefix: string }; secret: string };
  };

  before(async function () {
    server = await startTestGatehouse((config) => (config.token = serviceToken), { onInfo: (line) => logLines.push(line) });
  });
  after(async function () {
    await server?.stop();
  });

  it('makes a key whose secret is long, random and prefixed, shown once, with Location; lists it without the secret', async function () {
    const made = await asService('POST', '/api/admin/keys', { name: 'wall dashboard', scopes: ['players:read'] });
    expect(made.status).to.equal(201);
    secrets.push(made.body.secret);
    expect(made.headers.get('location')).to.equal(`/api/admin/keys/${made.body.key.id}`);
    expect(made.body.secret).to.match(/^ghk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(made.body.secret.slice(4), 'base64url')).to.have.length(32);
    expect(made.body.key).to.include({ name: 'wall dashboard', createdBy: 'service', status: 'active', prefix: made.body.secret.slice(0, 10) });
    expect(made.body.key.scopes).to.deep.equal(['players:read']);
    const other = await makeKey({ name: 'other', scopes: ['players:read'] });
    expect(other.secret).to.not.equal(made.body.secret);

    const listed = await asService('GET', '/api/admin/keys');
    expect(listed.status).to.equal(200);
    expect(listed.body.pagination).to.deep.include({ page: 1, total: 2 });
    expect(listed.body.keys.map((key: { name: string }) => key.name)).to.have.members(['wall dashboard', 'other']);
    expect(JSON.stringify(listed.body)).to.not.include(made.body.secret.slice(10));
    const one = await asService('GET', made.headers.get('location')!);
    expect(one.body.key.id).to.equal(made.body.key.id);
    expect(one.body).to.not.have.property('secret');
  });

  it('lets a key with players:read list players, and answers 403 naming the scope on settings', async function () {
    const { secret } = await makeKey({ name: 'players only', scopes: ['players:read'] });
    const players = await withKey(secret, 'GET', '/api/players');
    expect(players.status, JSON.stringify(players.body)).to.equal(200);
    expect(players.body.success).to.equal(true);
    const settings = await withKey(secret, 'GET', '/api/admin/settings');
    expect(settings.status).to.equal(403);
    expect(settings.body).to.include({ code: 'scope_missing', scope: 'settings:read' });
    expect(settings.body.error).to.include('settings:read');
    // X-API-Key works the same as Authorization.
    const byHeader = await api(server.baseUrl, 'GET', '/api/players', { headers: { 'x-api-key': secret } });
    expect(byHeader.status).to.equal(200);
    const used = (await asService('GET', '/api/admin/keys')).body.keys.find((key: { name: string }) => key.name === 'players only');
    const seen = await eventually(async () => {
      const again = (await asService('GET', `/api/admin/keys/${used.id}`)).body.key;
      return again.lastUsedAt === null ? undefined : again;
    });
    expect(seen.lastUsedFrom).to.equal('127.0.0.1');
  });

  it('works through the typed client: a dashboard made with it lists players and is refused settings', async function () {
    const admin = gatehouseClient(server.baseUrl, { token: serviceToken });
    const made = await admin.request('post', '/api/admin/keys', { body: { name: 'typed dashboard', scopes: ['players:read', 'server:read'] } });
    if (!made.ok) throw new Error(made.error.error);
    secrets.push(made.data.secret);
    expect(made.data.key.scopes).to.deep.equal(['players:read', 'server:read']);
    const dashboard = gatehouseClient(server.baseUrl, { token: made.data.secret });
    const online = await dashboard.request('get', '/api/players');
    expect(online.ok && online.data.success).to.equal(true);
    const settings = await dashboard.request('get', '/api/admin/settings');
    expect(settings.ok).to.equal(false);
    if (!settings.ok) expect(settings.error).to.include({ code: 'scope_missing', scope: 'settings:read' });
    const revoked = await admin.request('delete', '/api/admin/keys/{id}', { params: { id: made.data.key.id } });
    expect(revoked.ok && revoked.data.key.status).to.equal('revoked');
    expect((await dashboard.request('get', '/api/players')).status).to.equal(401);
  });

  it("refuses a key on endpoints that act as the caller's own player, and on the profile", async function () {
    const { secret } = await makeKey({ name: 'everything', scopes: ['admin'] });
    for (const [method, urlPath, body] of [
      ['POST', '/api/economy/transfer', { to: 'Someone', amount: 1 }],
      ['POST', '/api/shop/purchase', { item: 'diamond', quantity: 1 }],
      ['POST', '/api/player/inventory/sell', { item: 'diamond', quantity: 1 }],
      ['POST', '/api/jobs/join', { job: 'miner' }],
      ['GET', '/api/auth/me', undefined],
    ] as const) {
      const response = await withKey(secret, method, urlPath, body);
      expect(response.status, `${method} ${urlPath}: ${JSON.stringify(response.body)}`).to.equal(403);
      expect(response.body.code).to.equal('key_not_allowed');
    }
    // With `admin`, every admin route is open.
    expect((await withKey(secret, 'GET', '/api/admin/settings')).status).to.equal(200);
  });

  it('answers 401 at once after a revocation, and 401 to an expired key', async function () {
    const { key, secret } = await makeKey({ name: 'to revoke', scopes: ['players:read'] });
    expect((await withKey(secret, 'GET', '/api/players')).status).to.equal(200);
    const revoked = await asService('DELETE', `/api/admin/keys/${key.id}`);
    expect(revoked.body.key.status).to.equal('revoked');
    const after = await withKey(secret, 'GET', '/api/players');
    expect(after.status).to.equal(401);
    expect(after.body.code).to.equal('key_revoked');

    const soon = new Date(Date.now() + 1500).toISOString();
    const expiring = await makeKey({ name: 'short lived', scopes: ['players:read'], expiresAt: soon });
    expect((await withKey(expiring.secret, 'GET', '/api/players')).status).to.equal(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const expired = await withKey(expiring.secret, 'GET', '/api/players');
    expect(expired.status).to.equal(401);
    expect(expired.body.code).to.equal('key_expired');
    expect((await asService('POST', '/api/admin/keys', { name: 'past', scopes: ['players:read'], expiresAt: '2020-01-01T00:00:00Z' })).status).to.equal(400);
    expect((await withKey('ghk_unknownunknownunknownunknownunknownunknown1', 'GET', '/api/players')).status).to.equal(401);
  });

  it('rotates a key: the new secret works, the old one gets 401 at once', async function () {
    const { key, secret } = await makeKey({ name: 'to rotate', scopes: ['players:read'] });
    const rotated = await asService('POST', `/api/admin/keys/${key.id}/rotate`);
    expect(rotated.status).to.equal(200);
    secrets.push(rotated.body.secret);
    expect(rotated.body.secret).to.not.equal(secret);
    expect(rotated.body.key.rotatedAt).to.be.a('string');
    expect((await withKey(secret, 'GET', '/api/players')).status).to.equal(401);
    expect((await withKey(rotated.body.secret, 'GET', '/api/players')).status).to.equal(200);
  });

  it('answers 429 over a key’s rate, with Retry-After and the RateLimit headers', async function () {
    const { secret } = await makeKey({ name: 'bot', scopes: ['players:read'], rateLimit: { requests: 3, windowSeconds: 60 } });
    for (let request = 0; request < 3; request += 1) {
      const allowed = await withKey(secret, 'GET', '/api/players');
      expect(allowed.status).to.equal(200);
      expect(allowed.headers.get('ratelimit-policy')).to.equal('"key";q=3;w=60');
      expect(allowed.headers.get('ratelimit')).to.match(new RegExp(`^"key";r=${2 - request};t=\\d+$`));
    }
    const refused = await withKey(secret, 'GET', '/api/players');
    expect(refused.status).to.equal(429);
    expect(refused.body.code).to.equal('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 20);
    expect(refused.headers.get('ratelimit')).to.match(/^"key";r=0;t=\d+$/);
    expect(refused.headers.get('ratelimit-policy')).to.equal('"key";q=3;w=60');
  });

  it('lets a key make keys only with keys:write, and only within its own scopes', async function () {
    const reader = await makeKey({ name: 'reader', scopes: ['players:read', 'keys:read'] });
    const refused = await withKey(reader.secret, 'POST', '/api/admin/keys', { name: 'child', scopes: ['players:read'] });
    expect(refused.status).to.equal(403);
    expect(refused.body.scope).to.equal('keys:write');
    expect((await withKey(reader.secret, 'GET', '/api/admin/keys')).status).to.equal(200);
    const maker = await makeKey({ name: 'maker', scopes: ['players:read', 'keys:write'] });
    const beyond = await withKey(maker.secret, 'POST', '/api/admin/keys', { name: 'child', scopes: ['settings:write'] });
    expect(beyond.status).to.equal(403);
    expect(beyond.body.scope).to.equal('settings:write');
    const child = await withKey(maker.secret, 'POST', '/api/admin/keys', { name: 'child', scopes: ['players:read'] });
    expect(child.status).to.equal(201);
    // The one answer allowed to carry a secret.
    answers.pop();
    secrets.push(child.body.secret);
    expect(child.body.key.createdBy).to.equal('key:maker');
    const unknown = await asService('POST', '/api/admin/keys', { name: 'bad', scopes: ['nothing:read'] });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.error).to.include('nothing:read');
  });

  it('makes a key made by a key live no longer, count no looser, and die with its maker; a key revokes only keys within its scopes', async function () {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const maker = await makeKey({ name: 'limited maker', scopes: ['players:read', 'keys:write'], expiresAt: tomorrow, rateLimit: { requests: 100, windowSeconds: 60 } });
    // Asked for nothing: it inherits its maker's expiry and rate.
    const child = await withKey(maker.secret, 'POST', '/api/admin/keys', { name: 'inheriting child', scopes: ['players:read'] });
    expect(child.status, JSON.stringify(child.body)).to.equal(201);
    answers.pop();
    secrets.push(child.body.secret);
    expect(child.body.key.expiresAt).to.equal(tomorrow);
    expect(child.body.key.rateLimit).to.deep.equal({ requests: 100, windowSeconds: 60 });
    // Asked for more: refused.
    const later = await withKey(maker.secret, 'POST', '/api/admin/keys', {
      name: 'outliving',
      scopes: ['players:read'],
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect([later.status, later.body.code]).to.deep.equal([403, 'key_limit_exceeded']);
    const looser = await withKey(maker.secret, 'POST', '/api/admin/keys', { name: 'looser', scopes: ['players:read'], rateLimit: { requests: 1000, windowSeconds: 60 } });
    expect([looser.status, looser.body.code]).to.deep.equal([403, 'key_limit_exceeded']);
    // Revoking the maker revokes what it made.
    expect((await withKey(child.body.secret, 'GET', '/api/players')).status).to.equal(200);
    expect((await asService('DELETE', `/api/admin/keys/${maker.key.id}`)).status).to.equal(200);
    const orphan = await withKey(child.body.secret, 'GET', '/api/players');
    expect([orphan.status, orphan.body.code]).to.deep.equal([401, 'key_revoked']);
    // A key that holds keys:write cannot revoke a key with scopes it lacks.
    const admin = await makeKey({ name: 'admin dashboard', scopes: ['admin'] });
    const revoker = await makeKey({ name: 'narrow revoker', scopes: ['keys:write'] });
    const refused = await withKey(revoker.secret, 'DELETE', `/api/admin/keys/${admin.key.id}`);
    expect([refused.status, refused.body.code]).to.deep.equal([403, 'scope_missing']);
    expect((await withKey(admin.secret, 'GET', '/api/players')).status, 'the admin key still works').to.equal(200);
  });

  it("keeps each key's Idempotency-Keys its own: two bots using the same key each move their money", async function () {
    await registeredUser(server.gatehouse, server.baseUrl, 'bank_holder', 'BankHolder');
    const first = await makeKey({ name: 'bot one', scopes: ['economy:admin'] });
    const second = await makeKey({ name: 'bot two', scopes: ['economy:admin'] });
    const adjust = (secret: string) =>
      api(server.baseUrl, 'POST', '/api/admin/economy/adjust', {
        token: secret,
        body: { username: 'BankHolder', amount: 5, reason: 'bonus' },
        headers: { 'idempotency-key': 'run-1' },
      });
    const one = await adjust(first.secret);
    const two = await adjust(second.secret);
    expect([one.status, two.status]).to.deep.equal([200, 200]);
    expect(two.headers.get('idempotent-replayed'), "the second bot's adjustment is its own, not the first one's replayed").to.equal(null);
    expect(two.body.balance).to.equal(one.body.balance + 5);
  });

  it("writes admin actions made with a key in the audit log under the key's name", async function () {
    const { secret } = await makeKey({ name: 'cache janitor', scopes: ['server:write'] });
    expect((await withKey(secret, 'POST', '/api/cache/invalidate', {})).status).to.equal(200);
    const audit = await asService('GET', '/api/admin/audit?limit=5');
    const entry = audit.body.entries.find((candidate: { action: string }) => candidate.action === 'cache.invalidate');
    expect(entry.actor).to.equal('key:cache janitor');
  });

  it('lists every scope with the operations it opens, read off the route list', async function () {
    const { body } = await asService('GET', '/api/admin/keys/scopes');
    const scopes = new Map<string, string[]>(body.scopes.map((entry: { scope: string; operations: string[] }) => [entry.scope, entry.operations]));
    for (const route of server.gatehouse.routes) {
      if (route.scope) expect(scopes.get(route.scope), route.scope).to.include(`${route.method} ${route.path}`);
      if (route.access === 'admin') expect(route.scope, `${route.method} ${route.path}`).to.be.a('string');
    }
    expect(scopes.has('admin')).to.equal(true);
  });

  it('lets a browser preflight a purchase retried with Idempotency-Key', async function () {
    const response = await fetch(`${server.baseUrl}/api/shop/purchase`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://dashboard.lan:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key' },
    });
    expect(response.status).to.equal(204);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).to.include('idempotency-key');
    expect(response.headers.get('access-control-allow-methods')).to.include('POST');
  });

  it('keeps every secret out of the store, the logs and every other answer', async function () {
    const player = await registeredUser(server.gatehouse, server.baseUrl, 'key_watcher', 'KeyWatcher');
    expect(player).to.be.a('string');
    answers.push(JSON.stringify((await asService('GET', '/api/admin/keys?limit=100')).body));
    answers.push(JSON.stringify((await asService('GET', '/api/admin/audit?limit=500')).body));
    await server.gatehouse.store.close().catch(() => undefined);
    const files = await filesUnder(server.dataDirectory);
    const stored = (await Promise.all(files.map((file) => readFile(file)))).map((content) => content.toString('latin1')).join('\n');
    const logs = [...logLines, ...server.errors].join('\n');
    expect(secrets.length).to.be.at.least(10);
    for (const secret of secrets) {
      expect(stored, 'the store').to.not.include(secret);
      expect(stored, 'the store').to.not.include(secret.slice(10));
      expect(logs, 'the logs').to.not.include(secret.slice(10));
      expect(answers.join('\n'), 'the answers').to.not.include(secret.slice(10));
    }
    expect(stored).to.include('wall dashboard');
  });
});

describe('the service token', function () {
  it('refuses to start with a service token shorter than 32 characters, saying why', async function () {
    const error = await startTestGatehouse((config) => (config.token = 'abc')).then(
      async (started) => {
        await started.stop();
        return undefined;
      },
      (failure: Error) => failure,
    );
    expect(error?.message).to.match(/token must be at least 32 characters \(it has 3\)/);
  });
});

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
