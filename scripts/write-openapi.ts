/** `npm run openapi`: writes docs/openapi.json from src/http/openapi.ts. */
import { readFile, writeFile } from 'node:fs/promises';
import { openApiDocument } from '../src/http/openapi.js';

const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
await writeFile('docs/openapi.json', JSON.stringify(openApiDocument(version), null, 2) + '\n');
console.log('wrote docs/openapi.json');
