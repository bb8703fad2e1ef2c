/** Where `npm run build` puts the plugin and its parts; shared by the build, the tests and the benchmark. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { swaggerFiles } from '../src/features/reference/assets.js';

/** The repository root (this file runs from build/scripts/). */
export const root = path.resolve(import.meta.dirname, '..', '..');
export const pluginVersion = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
export const pluginJar = path.join(root, 'dist', `Gatehouse-${pluginVersion}.jar`);
/** The bundled sidecar's files, entry point first, as listed in the jar's sidecar/manifest.txt (Swagger UI's for the reference page last). */
export const sidecarFiles = ['gatehouse.mjs', 'password-worker.mjs', ...swaggerFiles];
/** The built portal (build/web/, by scripts/build-web.ts), which the bundled sidecar serves from web/ beside it. */
export const portalBuild = path.join(root, 'build', 'web');
/** The portal's files as the sidecar's manifest lists them (`web/index.html`, `web/assets/portal-<hash>.js`, ...); none before a build. */
export function portalFiles(): string[] {
  if (!existsSync(portalBuild)) return [];
  return readdirSync(portalBuild, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ['web', ...path.relative(portalBuild, path.join(entry.parentPath, entry.name)).split(path.sep)].join('/'))
    .sort();
}
/** Compiled API stubs (never packaged) and the JVM test harness. */
export const stubClasses = path.join(root, 'build', 'bridge', 'stubs');
export const harnessClasses = path.join(root, 'build', 'bridge', 'harness');
