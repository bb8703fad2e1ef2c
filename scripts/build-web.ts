/**
 * Builds the portal (the pages under web/) into build/web/: one script and
 * one style sheet bundled and minified by esbuild, named by their content's
 * hash so they can be cached for a year, each beside its gzip and brotli
 * forms; and index.html naming them, which is never cached. Gatehouse
 * serves the folder at `/` (src/http/portal.ts); the plugin's jar carries a
 * copy beside the bundled sidecar. A list of the files and their sizes goes
 * to portal-manifest.json, read by the server and the benchmark.
 *
 * Run after tsc: `node build/scripts/build-web.js` (part of `npm run build`).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'esbuild';
import { root } from './plugin-paths.js';

export const portalDirectory = path.join(root, 'build', 'web');

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface PortalManifest {
  /** Every file served, by its path under `/`, with its size as sent plain, gzipped and in brotli. */
  files: Record<string, { bytes: number; gzip: number; brotli: number }>;
}

export async function buildWeb(outdir = portalDirectory): Promise<PortalManifest> {
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { portal: path.join(root, 'web', 'src', 'main.tsx') },
    outdir: path.join(outdir, 'assets'),
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['chrome111', 'firefox115', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    metafile: true,
    write: true,
    logLevel: 'warning',
    legalComments: 'eof',
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => path.relative(outdir, path.resolve(root, file)));
  const script = outputs.find((file) => file.endsWith('.js'));
  const style = outputs.find((file) => file.endsWith('.css'));
  if (!script || !style) throw new Error(`the portal's build made no script or no style sheet: ${outputs.join(', ')}`);
  const template = await readFile(path.join(root, 'web', 'index.html'), 'utf8');
  const page = template.replace('%STYLE%', `/${style}`).replace('%SCRIPT%', `/${script}`);
  if (page.includes('%')) throw new Error('web/index.html has a placeholder the build does not fill');
  await writeFile(path.join(outdir, 'index.html'), page);

  const manifest: PortalManifest = { files: {} };
  for (const file of ['index.html', ...outputs.filter((output) => !output.endsWith('.map'))]) {
    const content = await readFile(path.join(outdir, file));
    const zipped = await gzipAsync(content, { level: 9 });
    const brotli = await brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    await writeFile(path.join(outdir, `${file}.gz`), zipped);
    await writeFile(path.join(outdir, `${file}.br`), brotli);
    manifest.files[`/${file.split(path.sep).join('/')}`] = { bytes: content.length, gzip: zipped.length, brotli: brotli.length };
  }
  await mkdir(outdir, { recursive: true });
  await writeFile(path.join(outdir, 'portal-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  const manifest = await buildWeb();
  const total = Object.values(manifest.files).reduce((sum, file) => sum + file.brotli, 0);
  console.log(`portal built into ${path.relative(root, portalDirectory)}: ${Object.keys(manifest.files).length} files, ${(total / 1024).toFixed(1)} KiB in brotli`);
}
