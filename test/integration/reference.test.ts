/**
 * The API's reference, served: /api/openapi.json is the document generated
 * from the route list and passes an OpenAPI 3.1 validator, and the page at
 * /api/docs loads in headless Chromium with every request staying on this
 * server, under a Content-Security-Policy of the page's own origin.
 */
import { mkdir } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'chai';
import { openApiDocument, operationIdOf } from '../../src/http/openapi.js';
import { gatehouseVersion } from '../../src/version.js';
import { requireChromium, startChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

describe('the API reference, served', function () {
  let server: TestGatehouse;
  before(async function () {
    server = await startTestGatehouse((config) => (config.metrics.enabled = true));
  });
  after(async function () {
    await server?.stop();
  });

  it('serves /api/openapi.json, generated from the route list, and it passes an OpenAPI 3.1 validator', async function () {
    const served = await api(server.baseUrl, 'GET', '/api/openapi.json');
    expect(served.status).to.equal(200);
    expect(served.headers.get('content-type')).to.match(/^application\/json/);
    expect(served.body).to.deep.equal(JSON.parse(JSON.stringify(openApiDocument(server.gatehouse.routes, gatehouseVersion))));
    const validator = new Validator();
    const result = await validator.validate(served.body);
    expect(result.errors ?? [], JSON.stringify(result.errors)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
    expect(validator.version).to.equal('3.1');
  });

  it('names every operation, tags it with its group, and says which scope a key needs; /metrics is in it', async function () {
    const { body } = await api(server.baseUrl, 'GET', '/api/openapi.json');
    const operations = Object.values(body.paths as Record<string, Record<string, { operationId: string; tags: string[]; security: unknown[]; 'x-scope'?: string }>>).flatMap(
      (methods) => Object.values(methods),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(ids).to.include.members(['getPlayers', 'postAdminKeys', 'deleteAdminKeysById', 'getMetrics', 'getOpenapiJson']);
    for (const operation of operations) expect(operation.tags, operation.operationId).to.have.length(1);
    expect(body.paths).to.have.property('/metrics');
    expect(body.servers).to.deep.equal([{ url: '/', description: 'The Gatehouse serving this document' }]);
    expect(body.components.securitySchemes).to.have.keys('bearer', 'apiKey', 'apiKeyHeader');
    expect(body.paths['/api/players'].get.security).to.deep.include({ apiKey: ['players:read'] });
    expect(body.paths['/api/admin/settings'].post['x-scope']).to.equal('settings:write');
    expect(body.paths['/api/economy/transfer'].post.security).to.deep.equal([{ bearer: [] }]);
    expect(operationIdOf({ method: 'POST', path: '/api/admin/keys/:id/rotate' })).to.equal('postAdminKeysByIdRotate');
  });

  it('loads the reference page in headless Chromium with no request leaving this server, under a same-origin CSP', async function () {
    this.timeout(60_000);
    requireChromium(this);
    const page = await api(server.baseUrl, 'GET', '/api/docs');
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-security-policy')).to.match(/default-src 'self'.*script-src 'self'/);
    expect(page.headers.get('content-security-policy')).to.not.match(/unsafe|https?:/);
    const browser = await startChromium();
    try {
      const requested: string[] = [];
      const problems: string[] = [];
      browser.context.on('request', (request) => requested.push(request.url()));
      const tab = await browser.context.newPage();
      tab.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      tab.on('pageerror', (error) => problems.push(error.message));
      await tab.goto(`${server.baseUrl}/api/docs`, { waitUntil: 'networkidle' });
      await tab.waitForSelector('.opblock', { timeout: 30_000 });
      expect(await tab.locator('.opblock').count()).to.be.at.least(50);
      expect(await tab.locator('.title').first().textContent()).to.include('Gatehouse API');
      await mkdir('build', { recursive: true });
      await tab.screenshot({ path: 'build/reference-page.png', fullPage: false });
      expect(problems, problems.join('\n')).to.deep.equal([]);
      expect(requested.length).to.be.at.least(4);
      const elsewhere = requested.filter((url) => !url.startsWith(`${server.baseUrl}/`) && !url.startsWith('data:'));
      expect(elsewhere, `requests leaving this server: ${elsewhere.join(', ')}`).to.deep.equal([]);
      expect(requested).to.include(`${server.baseUrl}/api/openapi.json`);
    } finally {
      await browser.close();
    }
  });
});
