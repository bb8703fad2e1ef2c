/**
 * The list endpoints agree: each takes `page` and `limit` (with the default
 * and maximum the API description gives) and answers `pagination`, and page
 * 2 holds the entries after page 1. A 201 for a created resource carries
 * Location. Read off the route list, so a new list endpoint is held to it.
 */
import { expect } from 'chai';
import { codeFor } from '../helpers/accounts.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

const serviceToken = 'list-conventions-service-token-for-tests-0123456789abcdef';

describe('list conventions over HTTP', function () {
  let server: TestGatehouse;
  const asService = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });

  before(async function () {
    server = await startTestGatehouse((config) => (config.token = serviceToken));
    // Something in every log: three audit entries and three announcements.
    for (let index = 0; index < 3; index += 1) {
      const made = await asService('POST', '/api/admin/messages', { content: `Notice ${index}`, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
    }
  });
  after(async function () {
    await server?.stop();
  });

  it('takes page and limit on every list endpoint (a query with a limit) and answers pagination', async function () {
    const lists = server.gatehouse.routes.filter((route) => route.method === 'GET' && (route.query as { properties?: Record<string, unknown> } | undefined)?.properties?.limit);
    expect(lists.map((route) => route.path)).to.include.members(['/api/admin/audit', '/api/admin/connections', '/api/admin/messages', '/api/admin/teleports', '/api/admin/users']);
    for (const route of lists) {
      const properties = (route.query as { properties: Record<string, unknown> }).properties;
      expect(properties, route.path).to.have.property('page');
    }
    for (const urlPath of ['/api/admin/audit', '/api/admin/connections', '/api/admin/messages', '/api/admin/teleports']) {
      const response = await asService('GET', `${urlPath}?page=1&limit=2`);
      expect(response.status, `${urlPath}: ${JSON.stringify(response.body)}`).to.equal(200);
      expect(response.body.pagination, urlPath).to.include({ page: 1, limit: 2 });
    }
  });

  it('answers page 2 with the entries after page 1 (audit?page=2 is no longer ignored)', async function () {
    for (const [urlPath, field] of [
      ['/api/admin/audit', 'entries'],
      ['/api/admin/messages', 'messages'],
    ] as const) {
      const all = await asService('GET', `${urlPath}?limit=3`);
      const first = await asService('GET', `${urlPath}?page=1&limit=2`);
      const second = await asService('GET', `${urlPath}?page=2&limit=2`);
      const ids = (response: { body: Record<string, Array<{ id: number }>> }) => response.body[field]!.map((entry) => entry.id);
      expect([...ids(first), ...ids(second)].slice(0, 3), urlPath).to.deep.equal(ids(all));
      expect(second.body.pagination, urlPath).to.deep.include({ page: 2, limit: 2 });
      expect(first.body.pagination.total, urlPath).to.be.at.least(3);
    }
  });

  it('sends Location with every 201 for a created resource', async function () {
    const made = await asService('POST', '/api/admin/messages', { content: 'One more', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(made.status).to.equal(201);
    expect(made.headers.get('location')).to.equal('/api/admin/messages');
    const code = await codeFor(server.gatehouse, 'Located');
    const registered = await api(server.baseUrl, 'POST', '/api/auth/register', { body: { username: 'located', password: 'password1', email: 'l@example.com', code } });
    expect(registered.status).to.equal(201);
    expect(registered.headers.get('location')).to.equal('/api/auth/me');
    const key = await asService('POST', '/api/admin/keys', { name: 'located', scopes: ['players:read'] });
    expect(key.headers.get('location')).to.equal(`/api/admin/keys/${key.body.key.id}`);
  });
});
