/**
 * The router's shortcut for paths without parameters (one look-up of the
 * exact path) picks the same route as the full router: a route declared
 * earlier whose pattern also matches keeps the path, and what the shortcut
 * does not take (another method, HEAD, a trailing slash, other letter case)
 * is answered as before.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createHttpApp } from '../../src/http/app.js';
import { route } from '../../src/http/route.js';
import { routerFor } from '../../src/http/router.js';
import { t } from '../../src/lib/schema.js';

const answer = t.object({ served: t.string() });
const routes = [
  route({ method: 'GET', path: '/api/things/:name', access: 'public', summary: 'a thing by name', answer, handle: ({ params }) => ({ served: `thing ${params.name}` }) }),
  route({ method: 'GET', path: '/api/things/all', access: 'public', summary: 'declared after the pattern that matches it', answer, handle: () => ({ served: 'all' }) }),
  route({ method: 'GET', path: '/api/plain', access: 'public', summary: 'a path without parameters', answer, handle: () => ({ served: 'plain' }) }),
];

describe('the router: paths without parameters', function () {
  let server: Server;
  let base: string;

  before(async function () {
    const access = {
      authenticate: () => Promise.reject(new Error('no route here needs a caller')),
      authenticateKey: () => Promise.reject(new Error('no route here needs a caller')),
      requireAdmin: () => Promise.reject(new Error('no route here needs an admin')),
    };
    const router = routerFor(routes, { access, bodyLimitBytes: 1024, trustedProxies: new Set() });
    server = createServer(createHttpApp({ cors: { enabled: false, allowedOrigins: '*' } }, router, () => undefined).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(function () {
    server?.close();
  });

  it('serves a path without parameters, and leaves a path to the route declared first whose pattern matches it', async function () {
    expect(await (await fetch(`${base}/api/plain`)).json()).to.deep.equal({ served: 'plain' });
    expect(await (await fetch(`${base}/api/things/all`)).json()).to.deep.equal({ served: 'thing all' });
    expect(await (await fetch(`${base}/api/things/box`)).json()).to.deep.equal({ served: 'thing box' });
  });

  it('answers another method, HEAD, a trailing slash and another letter case as the full router does', async function () {
    const post = await fetch(`${base}/api/plain`, { method: 'POST' });
    expect(post.status).to.equal(405);
    expect(post.headers.get('allow')).to.equal('HEAD, GET');
    expect((await fetch(`${base}/api/plain`, { method: 'HEAD' })).status).to.equal(200);
    expect(await (await fetch(`${base}/api/plain/`)).json()).to.deep.equal({ served: 'plain' });
    expect(await (await fetch(`${base}/API/Plain`)).json()).to.deep.equal({ served: 'plain' });
    expect((await fetch(`${base}/api/nothing`)).status).to.equal(404);
  });
});
