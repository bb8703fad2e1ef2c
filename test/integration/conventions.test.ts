import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createHttpApp } from '../../src/http/app.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

describe('API conventions over HTTP', function () {
  let server: TestGatehouse;
  before(async function () {
    server = await startTestGatehouse();
  });
  after(async function () {
    await server.stop();
  });

  it('answers an unknown path with 404 in the error shape, whatever the method or body', async function () {
    for (const [method, urlPath] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/register/extra'],
      ['GET', '/api'],
      ['POST', '/'],
    ] as const) {
      const response = await api(server.baseUrl, method, urlPath, { rawBody: method === 'POST' ? '{broken' : undefined });
      expect(response.status, urlPath).to.equal(404);
      expect(response.body).to.include({ success: false });
      expect(response.body.error).to.be.a('string').and.not.equal('');
    }
  });

  it('answers a wrong method on a known path with 405 and an Allow header', async function () {
    const response = await api(server.baseUrl, 'PUT', '/api/auth/login');
    expect(response.status).to.equal(405);
    expect(response.headers.get('allow')).to.equal('POST');
    expect(response.body).to.include({ success: false });
    const onMe = await api(server.baseUrl, 'DELETE', '/api/auth/me');
    expect(onMe.status).to.equal(405);
    expect(onMe.headers.get('allow')).to.match(/GET/);
  });

  it('answers 400, not 500, for bodies that cannot be read: broken gzip, unknown encoding, deep nesting', async function () {
    const headers = { 'content-type': 'application/json' };
    const gzip = await api(server.baseUrl, 'POST', '/api/auth/login', { rawBody: 'not gzip', headers: { ...headers, 'content-encoding': 'gzip' } });
    expect(gzip.status).to.equal(400);
    expect(gzip.body).to.include({ success: false, code: 'unreadable_body' });
    const encoding = await api(server.baseUrl, 'POST', '/api/auth/login', { rawBody: '{}', headers: { ...headers, 'content-encoding': 'zstd-9' } });
    expect(encoding.status).to.equal(400);
    const deep = await api(server.baseUrl, 'POST', '/api/auth/login', { rawBody: '['.repeat(30000) + ']'.repeat(30000), headers });
    expect(deep.status).to.equal(400);
    const prototype = await api(server.baseUrl, 'POST', '/api/auth/login', { rawBody: '{"__proto__":{"isAdmin":true},"username":"a","password":"b"}', headers });
    expect(prototype.status).to.equal(400);
    expect(server.errors).to.deep.equal([]);
  });

  it('serves GET /api/health without a login', async function () {
    const response = await api(server.baseUrl, 'GET', '/api/health');
    expect(response.status).to.equal(200);
    expect(response.body).to.include({ success: true, status: 'ok' });
    expect(response.body.uptime).to.be.a('number');
    expect(response.body.game).to.deep.equal({ connected: true, adapter: 'embedded' });
  });

  it('serves GET /api/economy/symbol without a login', async function () {
    const response = await api(server.baseUrl, 'GET', '/api/economy/symbol');
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal({ success: true, symbol: '$', name: 'Dollars' });
  });

  it('sends the CORS headers of the API description by default', async function () {
    const preflight = await api(server.baseUrl, 'OPTIONS', '/api/auth/login', {
      headers: { origin: 'http://dashboard.lan:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(preflight.status).to.equal(204);
    expect(preflight.headers.get('access-control-allow-origin')).to.equal('*');
    expect(preflight.headers.get('access-control-allow-methods')).to.equal('GET, POST, PUT, DELETE, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).to.equal('Content-Type, Authorization, Idempotency-Key, X-API-Key');
    const simple = await api(server.baseUrl, 'GET', '/api/health', { headers: { origin: 'http://dashboard.lan:3000' } });
    expect(simple.headers.get('access-control-allow-origin')).to.equal('*');
    const failed = await api(server.baseUrl, 'GET', '/api/auth/me', { headers: { origin: 'http://dashboard.lan:3000' } });
    expect(failed.status).to.equal(401);
    expect(failed.headers.get('access-control-allow-origin')).to.equal('*');
  });
});

describe('unexpected errors', function () {
  it('become a 500 in the error shape, with the details in the log and not in the answer', async function () {
    const logged: string[] = [];
    const app = createHttpApp(
      { cors: { enabled: true, allowedOrigins: '*' } },
      () => {
        throw new Error('secret internal detail');
      },
      (message) => logged.push(message),
    );
    const http = createServer(app.callback());
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const response = await api(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, 'GET', '/api/boom');
      expect(response.status).to.equal(500);
      expect(response.body).to.deep.equal({ success: false, error: 'Internal server error', code: 'internal_error' });
      expect(logged.join('\n')).to.match(/GET \/api\/boom: Error: secret internal detail/);
    } finally {
      http.close();
    }
  });
});

describe('CORS configuration', function () {
  it('sends no CORS headers when cors.enabled is false', async function () {
    const server = await startTestGatehouse((config) => {
      config.cors.enabled = false;
    });
    try {
      const response = await api(server.baseUrl, 'GET', '/api/health', { headers: { origin: 'http://elsewhere.example' } });
      expect(response.status).to.equal(200);
      expect(response.headers.get('access-control-allow-origin')).to.equal(null);
    } finally {
      await server.stop();
    }
  });

  it('allows only the listed origins when cors.allowed-origins is a list', async function () {
    const server = await startTestGatehouse((config) => {
      config.cors.allowedOrigins = 'http://dash.lan:3000, http://other.lan';
    });
    try {
      const allowed = await api(server.baseUrl, 'GET', '/api/health', { headers: { origin: 'http://other.lan' } });
      expect(allowed.headers.get('access-control-allow-origin')).to.equal('http://other.lan');
      const refused = await api(server.baseUrl, 'GET', '/api/health', { headers: { origin: 'http://evil.example' } });
      expect(refused.headers.get('access-control-allow-origin')).to.equal(null);
    } finally {
      await server.stop();
    }
  });
});
