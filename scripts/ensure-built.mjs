/**
 * `npm start`'s first step, in plain JavaScript so that it runs without the
 * TypeScript compiler: compiles the server (tsconfig.build.json: src, and
 * the web portal's build script when there is one; never the tests or the
 * benchmarks) only when build/src/main.js is missing or older than a source
 * file, then builds the web portal when its output is missing or older than
 * a file under web/ (and esbuild is there to build it). On a built
 * checkout it only compares file times and starts at once, so a production
 * install (`npm ci --omit=dev` after a build) starts without TypeScript.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...parts) => path.join(root, ...parts);
const entry = at('build', 'src', 'main.js');
const webScript = { source: at('scripts', 'build-web.ts'), compiled: at('build', 'scripts', 'build-web.js'), output: at('build', 'web') };

/** The newest modification time of the files under `directory` whose names match `pattern` (TypeScript by default), 0 when there are none. */
function newestSource(directory, pattern = /\.ts$/) {
  if (!existsSync(directory)) return 0;
  let newest = 0;
  for (const item of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!item.isFile() || !pattern.test(item.name)) continue;
    newest = Math.max(newest, statSync(path.join(item.parentPath ?? item.path, item.name)).mtimeMs);
  }
  return newest;
}

const modified = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function compileReason() {
  if (!existsSync(entry)) return 'build/src/main.js is missing';
  const built = modified(entry);
  const sources = Math.max(newestSource(at('src')), modified(at('tsconfig.json')), modified(at('tsconfig.build.json')));
  if (sources > built) return 'a source file is newer than the build';
  if (existsSync(webScript.source) && modified(webScript.source) > modified(webScript.compiled)) return 'scripts/build-web.ts is newer than its build';
  return undefined;
}

/** A development dependency's file, or undefined in a production install. */
function installed(file) {
  try {
    return createRequire(at('package.json')).resolve(file);
  } catch {
    return undefined;
  }
}

function run(label, args) {
  console.log(`gatehouse: ${label}`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`gatehouse: ${label} failed (exit code ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

const reason = compileReason();
if (reason) {
  const tsc = installed('typescript/bin/tsc');
  if (tsc) {
    run(`compiling the server (${reason})`, [tsc, '-p', 'tsconfig.build.json']);
  } else if (existsSync(entry)) {
    // A production install after a build whose files were copied with new times: the build there is the one to run.
    console.warn(`gatehouse: ${reason}, and TypeScript is not installed (a production install); starting the existing build`);
  } else {
    console.error('gatehouse: there is no build (build/src/main.js) and TypeScript is not installed: run `npm install` and `npm start` (or `npm run build`) first');
    process.exit(1);
  }
}
const portalManifest = path.join(webScript.output, 'portal-manifest.json');
// The portal is built from web/ and the typed client it imports (client/).
const newestPortalSource = () => Math.max(newestSource(at('web'), /\.(tsx?|css|html|json)$/), newestSource(at('client')), modified(webScript.compiled));
if (existsSync(webScript.compiled)) {
  const stale = !existsSync(portalManifest)
    ? 'build/web is missing'
    : newestPortalSource() > modified(portalManifest)
      ? 'a file under web/ or client/ is newer than the build'
      : undefined;
  if (stale && installed('esbuild')) run(`building the web portal (${stale})`, [webScript.compiled]);
  // A production install has no esbuild: the API starts, and says the portal is not built.
  else if (stale) console.warn(`gatehouse: ${stale}, and esbuild is not installed (a production install); starting without building the portal`);
}
