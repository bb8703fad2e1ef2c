/**
 * `npm run openapi`: writes docs/openapi.json from the routes the features
 * declare. The routes are built by the features themselves, so this starts a
 * Gatehouse on a throwaway data directory and free ports (with the bridge
 * adapter, which only waits for a plugin, and metrics on), reads its route list, and stops it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/config.js';
import { startGatehouse } from '../src/gatehouse.js';
import { openApiDocument } from '../src/http/openapi.js';

const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
const dataDirectory = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-openapi-'));
try {
  const config = await loadConfig(
    {
      GATEHOUSE_DATA: dataDirectory,
      GATEHOUSE_BACKUPS_DIRECTORY: `${dataDirectory}-backups`,
      GATEHOUSE_PORT: '0',
      GATEHOUSE_HOST: '127.0.0.1',
      GATEHOUSE_GAME_CONNECTION: 'bridge',
      GATEHOUSE_BRIDGE_PORT: '0',
      GATEHOUSE_TOKEN: 'openapi-only-0123456789abcdef0123456789abcdef',
    },
    dataDirectory,
  );
  // The document describes every route Gatehouse can serve: /metrics too, which is off by default.
  config.metrics.enabled = true;
  const gatehouse = await startGatehouse(config, { info: () => undefined, error: (message) => console.error(message) });
  await gatehouse.stop();
  await writeFile('docs/openapi.json', `${JSON.stringify(openApiDocument(gatehouse.routes, version), null, 2)}\n`);
  console.log(`wrote docs/openapi.json (${gatehouse.routes.length} operations)`);
} finally {
  await rm(dataDirectory, { recursive: true, force: true });
}
