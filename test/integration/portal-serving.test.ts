/**
 * The portal as HTTP serves it, without a browser: the page for every GET
 * outside the API with its Content-Security-Policy and never cached, the
 * hashed assets cached for good and compressed as the client accepts, and
 * the API's own paths untouched. Needs the built portal (npm run build, which
 * `npm test` runs first).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import { loadPortal, portalDirectory, portalPolicy } from '../../src/http/portal.js';
import { startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

const metricsToken = 'portal-serving-service-token-0123456789abcdef';

/** A request with exactly these headers (Node's fetch would add its own Accept-Encoding). */
async function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') answerHeaders.set(name, value);
        resolve({ status: response.statusCode ?? 0, headers: answerHeaders, body: Buffer.concat(chunks) });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the portal over HTTP: the page, its assets, and the API beside it', function () {
  let server: TestGatehouse;
  let index: string;
  let script: string;
  let style: string;

  before(async function () {
    const directory = portalDirectory();
    if (!directory) throw new Error('the portal is not built: run npm run build first');
    const manifest = JSON.parse(await readFile(path.join(directory, 'portal-manifest.json'), 'utf8')) as { files: Record<string, unknown> };
    script = Object.keys(manifest.files).find((name) => /^\/assets\/portal-[A-Z0-9]+\.js$/.test(name))!;
    style = Object.keys(manifest.files).find((name) => /^\/assets\/portal-[A-Z0-9]+\.css$/.test(name))!;
    expect(script, 'the script in the manifest').to.be.a('string');
    expect(style, 'the style sheet in the manifest').to.be.a('string');
    index = await readFile(path.join(directory, 'index.html'), 'utf8');
    server = await startTestGatehouse((config) => {
      config.metrics.enabled = true;
      config.token = metricsToken;
    });
  });
  after(async function () {
    await server.stop();
  });

  for (const page of ['/', '/shop', '/account/anything?x=1']) {
    it(`answers ${page} with the page, its CSP, and no-cache`, async function () {
      const answer = await get(server.baseUrl + page);
      expect(answer.status).to.equal(200);
      expect(answer.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      expect(answer.headers.get('content-security-policy')).to.equal(portalPolicy);
      expect(answer.headers.get('content-security-policy')).to.contain("script-src 'self'");
      expect(answer.headers.get('cache-control')).to.equal('no-cache');
      expect(answer.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(answer.body.toString('utf8')).to.equal(index);
      expect(index).to.contain(`src="${script}"`);
      expect(index).not.to.match(/<script(?![^>]*\bsrc=)[^>]*>/);
    });
  }

  it('serves the assets cached for good, brotli or gzip as the client accepts, plain otherwise', async function () {
    const plain = await get(server.baseUrl + script);
    expect(plain.status).to.equal(200);
    expect(plain.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-encoding')).to.equal(null);
    expect(plain.headers.get('vary')).to.match(/Accept-Encoding/i);

    // What Chromium sends: brotli, the smaller, although gzip comes first.
    const brotli = await get(server.baseUrl + script, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers.get('content-encoding')).to.equal('br');
    expect(brotli.body.length).to.be.below(plain.body.length);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).to.equal(true);

    const gzip = await get(server.baseUrl + style, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).to.equal('gzip');
    expect(gzip.headers.get('content-type')).to.equal('text/css; charset=utf-8');
    expect(gunzipSync(gzip.body).equals((await get(server.baseUrl + style)).body)).to.equal(true);
  });

  it('answers a missing asset 404, not with the page, under the same headers', async function () {
    const missing = await get(`${server.baseUrl}/assets/portal-NOTHERE.js`);
    expect(missing.status).to.equal(404);
    expect(missing.body.toString('utf8')).not.to.contain('<html');
    expect(missing.headers.get('content-security-policy')).to.equal(portalPolicy);
    expect(missing.headers.get('x-content-type-options')).to.equal('nosniff');
  });

  it('answers HEAD with the headers of GET and no body', async function () {
    const page = await get(`${server.baseUrl}/shop`, {}, 'HEAD');
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(page.headers.get('content-security-policy')).to.equal(portalPolicy);
    expect(page.body.length).to.equal(0);
  });

  it('starts without the portal, saying why, when its build is broken (a listed file missing)', async function () {
    const broken = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-broken-portal-'));
    try {
      await writeFile(path.join(broken, 'portal-manifest.json'), JSON.stringify({ files: { '/index.html': {}, '/assets/portal-GONE.js': {} } }));
      await writeFile(path.join(broken, 'index.html'), '<!doctype html>');
      const said: string[] = [];
      expect(loadPortal(broken, (message) => said.push(message))).to.equal(undefined);
      expect(said.join('\n')).to.match(/cannot be read .*portal-GONE\.js.*serving the API without it/);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });

  it('leaves the API its own: an unknown /api path is a JSON 404, and a POST to / is not the page', async function () {
    const unknown = await get(`${server.baseUrl}/api/no-such-thing`);
    expect(unknown.status).to.equal(404);
    expect(unknown.headers.get('content-type')).to.match(/^application\/json/);
    expect(JSON.parse(unknown.body.toString('utf8'))).to.include({ success: false });
    expect(unknown.headers.get('content-security-policy')).not.to.equal(portalPolicy);

    // The API's router matches paths in any letter case: so does the line between the API and the page.
    for (const apiPath of ['/API/health', '/Api/Health']) {
      const health = await get(`${server.baseUrl}${apiPath}`);
      expect(health.headers.get('content-type'), apiPath).to.match(/^application\/json/);
      expect(JSON.parse(health.body.toString('utf8')), apiPath).to.include({ success: true, status: 'ok' });
    }

    const posted = await get(`${server.baseUrl}/`, { 'Content-Type': 'application/json' }, 'POST');
    expect(posted.status).to.be.within(400, 499);
    expect(posted.body.toString('utf8')).not.to.contain('<html');
  });

  it('leaves /metrics as it was', async function () {
    const refused = await get(`${server.baseUrl}/metrics`);
    expect(refused.status).to.equal(403);
    expect((await get(`${server.baseUrl}/METRICS`)).status).to.equal(403);
    // With a trailing slash too, as the router matches it.
    expect((await get(`${server.baseUrl}/metrics/`)).status).to.equal(403);
    expect(refused.body.toString('utf8')).not.to.contain('<html');
    const metrics = await get(`${server.baseUrl}/metrics`, { Authorization: `Bearer ${metricsToken}` });
    expect(metrics.status).to.equal(200);
    expect(metrics.headers.get('content-type')).to.match(/^text\/plain/);
    expect(metrics.body.toString('utf8')).to.match(/^# (HELP|TYPE) /m);
  });
});
