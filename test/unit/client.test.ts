/**
 * The typed client: its types are those openapi-typescript makes of the
 * document the routes generate (a route added without `npm run openapi`
 * fails here), and the compiler holds callers to them (the lines marked
 * @ts-expect-error must stay errors, or this file does not compile).
 */
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { gatehouseClient } from '../../client/gatehouse-client.js';
import { clientTypes, clientTypesFile } from '../../scripts/write-client-types.js';
import { openApiDocument } from '../../src/http/openapi.js';
import { startTestGatehouse } from '../helpers/gatehouse.js';

describe('the typed client', function () {
  it('is generated from the document the routes make, and committed up to date (run npm run openapi after a change)', async function () {
    const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    const server = await startTestGatehouse((config) => (config.metrics.enabled = true));
    try {
      const expected = await clientTypes(JSON.parse(JSON.stringify(openApiDocument(server.gatehouse.routes, version))) as object);
      expect(await readFile(clientTypesFile, 'utf8')).to.equal(expected);
    } finally {
      await server.stop();
    }
  });

  it('holds calls to the document: paths, methods, bodies and answers', async function () {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const answering = (status: number, body: unknown) => async (url: string | URL | Request, init?: RequestInit) => {
      calls.push([String(url), init]);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    };
    const client = gatehouseClient('http://gatehouse.test', { token: 'ghk_example' }, answering(201, { success: true, secret: 'ghk_made' }) as typeof fetch);
    const made = await client.request('post', '/api/admin/keys', { body: { name: 'wall', scopes: ['players:read'] } });
    expect(made.ok && made.status).to.equal(201);
    if (made.ok) {
      const secret: string = made.data.secret;
      expect(secret).to.equal('ghk_made');
    }
    await client.request('delete', '/api/admin/keys/{id}', { params: { id: 'key_1' } });
    await client.request('get', '/api/admin/audit', { query: { limit: 5 } });
    expect(calls.map(([url, init]) => `${init?.method} ${url}`)).to.deep.equal([
      'POST http://gatehouse.test/api/admin/keys',
      'DELETE http://gatehouse.test/api/admin/keys/key_1',
      'GET http://gatehouse.test/api/admin/audit?limit=5',
    ]);
    expect(calls[0]![1]!.headers).to.deep.include({ authorization: 'Bearer ghk_example', 'content-type': 'application/json' });
    const typeChecks = async () => {
      // @ts-expect-error: no such path
      await client.request('get', '/api/nowhere');
      // @ts-expect-error: /api/players has no POST
      await client.request('post', '/api/players');
      // @ts-expect-error: a key's body needs its scopes
      await client.request('post', '/api/admin/keys', { body: { name: 'wall' } });
      // @ts-expect-error: the path names its key
      await client.request('delete', '/api/admin/keys/{id}');
    };
    expect(typeChecks).to.be.a('function');
  });
});
