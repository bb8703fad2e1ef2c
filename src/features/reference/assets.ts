/**
 * The reference page's files: Swagger UI's bundle and style sheet from the
 * swagger-ui-dist package, and a page and a start-up script of ours (the
 * Content-Security-Policy allows no inline script). The bundled sidecar
 * (the plugin's jar) has Swagger UI's files beside it, copied there by the
 * build; elsewhere they are read from the installed package. Read once, on
 * first use.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's files the page needs, as the build copies them beside the bundled sidecar. */
export const swaggerFiles = ['swagger-ui-bundle.js', 'swagger-ui.css'] as const;
export type SwaggerFile = (typeof swaggerFiles)[number];

function swaggerDirectory(): string {
  const besideBundle = path.dirname(fileURLToPath(import.meta.url));
  if (existsSync(path.join(besideBundle, swaggerFiles[0]))) return besideBundle;
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

const loaded = new Map<SwaggerFile, Promise<string>>();

export function swaggerFile(name: SwaggerFile): Promise<string> {
  let file = loaded.get(name);
  if (!file) {
    file = readFile(path.join(swaggerDirectory(), name), 'utf8');
    file.catch(() => loaded.delete(name));
    loaded.set(name, file);
  }
  return file;
}

export const referencePage = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Gatehouse API reference</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/start.js"></script>
</body>
</html>
`;

/** Starts Swagger UI on the served document; no validator badge (it would call a public service) and no external anything. */
export const startScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
    persistAuthorization: false,
    tryItOutEnabled: false,
    // Every group folded, opened by a click: with the whole document open at once (120 operations and more),
    // Swagger UI 5.35 drew only the first two groups.
    docExpansion: 'none',
  });
});
`;

/** Only the page's own origin: scripts, styles, the document; data: for the images Swagger UI's style sheet embeds. */
export const referencePolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');
