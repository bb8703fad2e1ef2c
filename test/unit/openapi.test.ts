import { readFile } from 'node:fs/promises';
import Router from '@koa/router';
import { expect } from 'chai';
import { openApiDocument } from '../../src/http/openapi.js';
import { startTestGatehouse } from '../helpers/gatehouse.js';

describe('the OpenAPI document', function () {
  it('documents every route the features declare, each once, with its access and its answer', async function () {
    const server = await startTestGatehouse();
    try {
      const { routes } = server.gatehouse;
      const document = openApiDocument(routes, '0.0.0') as { paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, unknown> }>> };
      const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
      const declared = routes.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
      expect(documented.sort()).to.deep.equal([...declared].sort());
      expect(new Set(declared).size, 'no route declared twice').to.equal(declared.length);
      for (const route of routes) {
        const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;
        // A route any key may call (the event stream) names no scope for it; one whose whole answer is personal data needs personal:read beside its scope.
        const keyScopes = route.scope ? [route.scope, ...(route.personalAnswer ? ['personal:read'] : [])] : route.anyKey ? [] : undefined;
        const keySecurity = keyScopes ? [{ apiKey: keyScopes }, { apiKeyHeader: keyScopes }] : [];
        const security = route.checksServiceToken ? [{ serviceToken: [] }] : route.access === 'public' ? [] : [{ bearer: [] }, ...keySecurity];
        expect(operation.security, `${route.method} ${route.path}`).to.deep.equal(security);
        expect(operation.responses, `${route.method} ${route.path}`).to.have.property(String(route.status ?? 200));
        if (route.access === 'admin') expect(operation.responses).to.include.keys('401', '403', '503');
      }
    } finally {
      await server.stop();
    }
  });

  it('is served: a request to every documented operation reaches a route (no 404 or 405)', async function () {
    const server = await startTestGatehouse();
    try {
      // The router's own view of the paths, independent of the document.
      const router = new Router();
      for (const route of server.gatehouse.routes) router.register(route.path, [route.method], [() => undefined]);
      for (const route of server.gatehouse.routes) {
        const path = route.path.replace(/:(\w+)/g, '1');
        const response = await fetch(server.baseUrl + path, { method: route.method });
        expect([404, 405], `${route.method} ${route.path} answered ${response.status}`).to.not.include(response.status);
        expect(router.match(path, route.method).route, route.path).to.equal(true);
      }
    } finally {
      await server.stop();
    }
  });

  it('is committed up to date in docs/openapi.json (run npm run openapi after a change)', async function () {
    const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    const server = await startTestGatehouse((config) => (config.metrics.enabled = true));
    try {
      const committed = JSON.parse(await readFile('docs/openapi.json', 'utf8'));
      expect(committed).to.deep.equal(JSON.parse(JSON.stringify(openApiDocument(server.gatehouse.routes, version))));
    } finally {
      await server.stop();
    }
  });
});
