import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { openApiDocument, operations } from '../../src/http/openapi.js';
import { startTestGatehouse } from '../helpers/gatehouse.js';

describe('the OpenAPI document', function () {
  it('lists exactly the operations the router serves', async function () {
    const server = await startTestGatehouse();
    try {
      const routed = new Set(server.gatehouse.operations);
      const documented = new Set(operations.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`));
      expect([...documented].sort()).to.deep.equal([...routed].sort());
    } finally {
      await server.stop();
    }
  });

  it('is committed up to date in docs/openapi.json (run npm run openapi after a change)', async function () {
    const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    const committed = JSON.parse(await readFile('docs/openapi.json', 'utf8'));
    expect(committed).to.deep.equal(JSON.parse(JSON.stringify(openApiDocument(version))));
  });
});
