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

/** The formats of JSON Schema 2020-12 and the OpenAPI 3.1 registry: what a validator of the document knows. */
const knownFormats = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
  'int32',
  'int64',
  'float',
  'double',
  'password',
]);

/** Every `format` anywhere in a document, with where it is. */
function formatsIn(value: unknown, at = ''): Array<{ format: string; at: string }> {
  if (typeof value !== 'object' || value === null) return [];
  const own = typeof (value as { format?: unknown }).format === 'string' ? [{ format: (value as { format: string }).format, at }] : [];
  return [...own, ...Object.entries(value).flatMap(([key, inner]) => formatsIn(inner, `${at}/${key}`))];
}

const serviceToken = 'reference-service-token-for-tests-0123456789abcdef';

describe('the API reference, served', function () {
  let server: TestGatehouse;
  before(async function () {
    server = await startTestGatehouse((config) => {
      config.metrics.enabled = true;
      config.token = serviceToken;
    });
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
    expect(body.components.securitySchemes).to.have.keys('bearer', 'apiKey', 'apiKeyHeader', 'serviceToken');
    expect(body.paths['/api/players'].get.security).to.deep.include({ apiKey: ['players:read'] });
    expect(body.paths['/api/admin/settings'].post['x-scope']).to.equal('settings:write');
    expect(body.paths['/api/economy/transfer'].post.security).to.deep.equal([{ bearer: [] }]);
    expect(operationIdOf({ method: 'POST', path: '/api/admin/keys/:id/rotate' })).to.equal('postAdminKeysByIdRotate');
  });

  it('describes every answer as it is sent: each route asked, its status documented with the Content-Type it came with', async function () {
    const { body: document } = await api(server.baseUrl, 'GET', '/api/openapi.json');
    const mismatches: string[] = [];
    for (const route of server.gatehouse.routes) {
      const withBody = route.method === 'POST';
      const response = await fetch(server.baseUrl + route.path.replace(/:(\w+)/g, 'key_0000000000000000'), {
        method: route.method,
        headers: { authorization: `Bearer ${serviceToken}`, ...(withBody ? { 'content-type': 'application/json' } : {}) },
        body: withBody ? '{}' : undefined,
      });
      // The event stream stays open by design: its status and headers are what is checked.
      if (response.headers.get('content-type')?.startsWith('text/event-stream')) await response.body?.cancel();
      else await response.arrayBuffer();
      const name = `${route.method} ${route.path} (${response.status})`;
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()];
      const documented = operation.responses[String(response.status)];
      if (!documented) {
        mismatches.push(`${name}: status not documented`);
        continue;
      }
      const sent = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const described = Object.keys(documented.content ?? {});
      if (!sent || !described.includes(sent)) mismatches.push(`${name}: sent ${sent}, documented ${described.join(', ') || 'no content'}`);
    }
    expect(mismatches).to.deep.equal([]);
    // /metrics without the token (no address is allowed here) is refused, and the document says a token is needed.
    const scraped = await fetch(`${server.baseUrl}/metrics`);
    expect(scraped.status).to.equal(403);
    expect(document.paths['/metrics'].get.security).to.deep.equal([{ serviceToken: [] }]);
    expect(document.components.securitySchemes.serviceToken).to.include({ type: 'http', scheme: 'bearer' });
    const unknownFormats = formatsIn(document).filter(({ format }) => !knownFormats.has(format));
    expect(unknownFormats, 'formats no validator knows').to.deep.equal([]);
    const validated = await new Validator().validate(document);
    expect(validated.errors ?? [], JSON.stringify(validated.errors)).to.deep.equal([]);
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
      // Every group of the document is there, folded; each opens to its operations (all at once, Swagger UI drew only two groups).
      const groups = (await api(server.baseUrl, 'GET', '/api/openapi.json')).body.tags.length as number;
      await tab.waitForFunction((count) => document.querySelectorAll('.opblock-tag').length === count, groups, { timeout: 30_000 });
      for (const group of ['moderation', 'whitelist']) {
        await tab.locator(`#operations-tag-${group}`).click();
        await tab.waitForSelector(`#operations-${group} .opblock, [id^="operations-${group}-"]`, { timeout: 10_000 });
      }
      expect(await tab.locator('.opblock').count()).to.be.at.least(5);
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
