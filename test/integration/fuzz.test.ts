/**
 * A bounded, seeded fuzz of every route: a few thousand malformed requests
 * (methods, paths, headers, bodies, query strings) against a running
 * Gatehouse with a game, as an anonymous client, a player and an admin, on
 * each store: PostgreSQL refuses some text the JSON store takes (a NUL
 * character), so what reaches it is tried too. No answer may be a 5xx
 * other than the documented webhook failure, nothing may be logged as an
 * unexpected error, and the service must still serve at the end.
 */
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { Route } from '../../src/http/route.js';
import { registeredUser } from '../helpers/accounts.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { nastyStrings, type Random, randomSource, sendInTurns } from '../helpers/fuzz.js';
import { requirePostgres, uniquePrefix } from '../helpers/postgres.js';

const seed = Number(process.env.GATEHOUSE_FUZZ_SEED ?? 20261123);
const requestCount = Number(process.env.GATEHOUSE_FUZZ_REQUESTS ?? 3000);
const serviceToken = 'fuzz-service-token-for-tests-0123456789abcdef';

// biome-ignore lint/correctness/noPrecisionLoss: 1e309 is meant to overflow to Infinity, one of the values sent
const nastyValues = [null, true, false, 0, -1, 1.5, 1e309, -1e12, 2 ** 53 + 1, [], {}, [null], { __proto__: { isAdmin: true } }, 'x'.repeat(70000)];

/** A value for a schema: usually plausible, often subtly wrong, sometimes anything. */
function valueFor(schema: Record<string, unknown> | undefined, random: Random, depth = 0): unknown {
  if (!schema || depth > 4 || random.chance(0.15)) return random.chance(0.5) ? random.pick(nastyValues) : random.pick(nastyStrings);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (Array.isArray(schema.enum)) return random.chance(0.8) ? random.pick(schema.enum as unknown[]) : `${String(random.pick(schema.enum as unknown[]))}x`;
  switch (type) {
    case 'string':
      if (schema.format === 'http-url') return random.pick(['', 'http://example.invalid/hook', 'http://127.0.0.1:9/x', 'ftp://x', 'http://', 'https://10.0.0.1/']);
      if (schema.format === 'date-time') return random.pick([new Date(Date.now() + 3600_000).toISOString(), '2000-01-01T00:00:00Z', 'tomorrow', '2026-13-45T99:99:99Z']);
      if (schema.format === 'email') return random.pick(['a@b.co', 'not-an-email', '@', 'x@y']);
      return random.pick(['Steve', 'steve_builds', 'Alex', 'nobody', 'K7QW2MXP', 'password1', ...nastyStrings]);
    case 'integer':
    case 'number':
      return random.pick([0, 1, 5, 100, 3600, -5, 1.25, 0.001, 29_999_985, -64, 319, 1e12, Number(schema.minimum ?? 0), Number(schema.maximum ?? 10)]);
    case 'boolean':
      return random.chance(0.8) ? random.chance(0.5) : 'true';
    case 'array':
      return Array.from({ length: random.int(4) }, () => valueFor(schema.items as Record<string, unknown>, random, depth + 1));
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const object: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) if (random.chance(0.7)) object[name] = valueFor(property, random, depth + 1);
      if (random.chance(0.2)) object[random.pick(['extra', 'isAdmin', '__proto__', 'constructor'])] = random.pick(nastyValues);
      return object;
    }
    default:
      return random.pick(nastyValues);
  }
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

function fuzzRequest(routes: Route[], tokens: string[], random: Random): FuzzRequest {
  const route = random.pick(routes);
  const method = random.chance(0.8) ? route.method : random.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'BREW']);
  let path = route.path.replace(/:(\w+)/g, () => String(random.pick([1, 0, -1, 'abc', '99999999999'])));
  if (random.chance(0.1)) path = random.pick([`${path}/`, `${path}/extra`, path.toUpperCase(), `${path}%00`, '/api/', '/api/../etc', `/${'a/'.repeat(200)}`]);
  if (route.query || random.chance(0.2)) {
    const query = valueFor(route.query as Record<string, unknown> | undefined, random) as Record<string, unknown> | unknown;
    const pairs: Array<[string, unknown]> = typeof query === 'object' && query !== null && !Array.isArray(query) ? Object.entries(query) : [['limit', query]];
    if (random.chance(0.2)) pairs.push(['page', '1'], ['page', '2']);
    path += `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(typeof value === 'object' ? JSON.stringify(value) : String(value))}`).join('&')}`;
  }
  const headers: Record<string, string> = {};
  const token = random.pick([undefined, ...tokens, 'garbage', 'a.b.c']);
  if (token) headers.authorization = random.chance(0.9) ? `Bearer ${token}` : random.pick([token, `Basic ${token}`, 'Bearer']);
  let body: Buffer | undefined;
  if (route.body || random.chance(0.2)) {
    const value = random.chance(0.7) ? valueFor(route.body as Record<string, unknown> | undefined, random) : undefined;
    // Never schedule a restart that would come during the run.
    if (route.path === '/api/admin/restart' && typeof value === 'object' && value !== null && 'delay' in value) (value as { delay: unknown }).delay = 86400;
    const text = value === undefined ? random.pick(['{', '{"a":1', '[]', 'null', '"text"', `{"a":${'['.repeat(5000)}`, '\u0000', '']) : JSON.stringify(value);
    body = Buffer.from(text);
    headers['content-type'] = random.chance(0.85)
      ? 'application/json'
      : random.pick(['text/plain', 'application/json; charset=utf-16', 'application/json; charset=nope', 'multipart/form-data']);
    if (random.chance(0.05)) {
      headers['content-encoding'] = random.pick(['gzip', 'br', 'deflate', 'zstd']);
      if (headers['content-encoding'] === 'gzip' && random.chance(0.5)) body = gzipSync(body);
    }
    if (random.chance(0.03)) body = Buffer.alloc(70 * 1024, 'x');
  }
  return { method, path, headers, body };
}

function send(baseUrl: string, request: FuzzRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(baseUrl + request.path, { method: request.method, headers: request.headers }, (response) => {
      // The event stream (GET /api/events) stays open by design: its answer is its status and headers.
      if (String(response.headers['content-type']).startsWith('text/event-stream')) {
        resolve({ status: response.statusCode!, body: '' });
        response.destroy();
        return;
      }
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

for (const store of ['json', 'postgresql'] as const)
  describe(`fuzz: ${requestCount} malformed requests across every route (seed ${seed}), on the ${store === 'json' ? 'JSON store' : 'PostgreSQL store'}`, function () {
    let server: TestGatehouse;
    before(async function () {
      this.timeout(120_000);
      const postgres = store === 'postgresql' ? await requirePostgres(this) : undefined;
      server = await startTestGatehouse((config) => {
        config.token = serviceToken;
        config.chatAllowPrivateAddresses = false;
        if (postgres) {
          config.storage.type = 'postgresql';
          config.storage.postgresql = postgres.settings(uniquePrefix('fuzz'), 5);
        }
      });
    });
    after(async function () {
      await server?.stop();
    });

    it('answers every one without a 5xx (but the documented webhook failure), logs no unexpected error, and still serves', async function () {
      this.timeout(120_000);
      const player = await registeredUser(server.gatehouse, server.baseUrl, 'fuzzed', 'Fuzzed');
      const random = randomSource(seed);
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      // A few at a time, so requests also overlap each other.
      await sendInTurns(requestCount, 4, async () => {
        const request = fuzzRequest(server.gatehouse.routes, [serviceToken, player], random);
        const { status, body } = await send(server.baseUrl, request);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const webhookFailure = status === 500 && request.path.startsWith('/api/admin/chat/test') && /webhook_failed/.test(body);
        if (status >= 500 && !webhookFailure) failures.push(`${request.method} ${request.path} → ${status} ${body.slice(0, 200)}`);
        // The reference page's files are not JSON, and the OpenAPI document has OpenAPI's own shape.
        const referenceFile = status === 200 && /^\/api\/(docs|openapi\.json)/i.test(request.path);
        // A GET outside /api and /metrics (in any letter case, as the router matches them) is the portal's page, which routes in the browser.
        // The path as sent: the client resolves `..` segments before sending.
        const sentPath = new URL(request.path, server.baseUrl).pathname;
        const portalPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|metrics)(\/|$)/i.test(sentPath);
        if (portalPage && request.method === 'GET' && status === 200 && !body.startsWith('<!doctype html>')) {
          failures.push(`${request.method} ${request.path} → 200 and not the portal's page: ${body.slice(0, 100)}`);
        }
        if (request.method !== 'HEAD' && status !== 204 && body !== '' && !referenceFile && !portalPage) {
          let parsed: { success?: unknown };
          try {
            parsed = JSON.parse(body) as { success?: unknown };
          } catch {
            failures.push(`${request.method} ${request.path} → ${status}, not JSON: ${body.slice(0, 60)}`);
            return;
          }
          if (typeof parsed.success !== 'boolean') failures.push(`${request.method} ${request.path} → no success field`);
        }
      });
      expect(failures, [...statuses].map(([status, count]) => `${status}: ${count}`).join(', ')).to.deep.equal([]);
      expect(
        server.errors.filter((line) => !/chat webhook/.test(line)),
        'unexpected errors logged',
      ).to.deep.equal([]);
      expect((await api(server.baseUrl, 'GET', '/api/health')).body.status).to.equal('ok');
      expect(statuses.size, 'a spread of answers, not one').to.be.greaterThan(5);
    });
  });
