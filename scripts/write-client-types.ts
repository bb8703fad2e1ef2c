/**
 * Part of `npm run openapi`: writes client/openapi-types.ts, the TypeScript
 * types of the typed client, from docs/openapi.json with openapi-typescript.
 * A test regenerates them and compares, so a route added without running
 * this fails.
 */
import { readFile, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';

export const clientTypesFile = 'client/openapi-types.ts';

export async function clientTypes(document: object): Promise<string> {
  const header = '/**\n * The Gatehouse API as TypeScript types, generated from docs/openapi.json by\n * openapi-typescript (`npm run openapi`). Do not edit: regenerate.\n */\n';
  return header + astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
}

if (process.argv[1]?.endsWith('write-client-types.js')) {
  const document = JSON.parse(await readFile('docs/openapi.json', 'utf8')) as object;
  await writeFile(clientTypesFile, await clientTypes(document));
  console.log(`wrote ${clientTypesFile}`);
}
