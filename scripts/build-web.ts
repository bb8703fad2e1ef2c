/**
 * Builds the portal (the pages under web/) into build/web/: the script and
 * one style sheet bundled and minified by esbuild, named by their content's
 * hash so they can be cached for a year, each beside its gzip and brotli
 * forms; and index.html naming the script and the sheet, which is never
 * cached. What the script imports with `import()` (the pages fetched when
 * first opened, web/src/routes.ts) is a file of its own, with what only it
 * uses; the code the entry shares with them is in files the entry imports.
 * Gatehouse serves the folder at `/` (src/http/portal.ts); the plugin's jar
 * carries a copy beside the bundled sidecar. A list of the files and their
 * sizes, and of those the first load fetches, goes to portal-manifest.json,
 * read by the server.
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
  /** The files a first visit fetches before the page works: the page, its style sheet, the script and all it imports (not what it fetches later). */
  firstLoad: string[];
}

export async function buildWeb(outdir = portalDirectory): Promise<PortalManifest> {
  await rm(outdir, { recursive: true, force: true });
  const scriptEntry = path.join(root, 'web', 'src', 'main.tsx');
  const result = await build({
    // The script and the style sheet, each an entry: a sheet imported by a script would be copied into a sheet per file fetched later.
    entryPoints: [
      { in: scriptEntry, out: 'portal' },
      { in: path.join(root, 'web', 'src', 'styles.css'), out: 'portal' },
    ],
    outdir: path.join(outdir, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
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
  const served = (file: string) => `/${path.relative(outdir, path.resolve(root, file)).split(path.sep).join('/')}`;
  const outputs = Object.keys(result.metafile.outputs).map((file) => path.relative(outdir, path.resolve(root, file)));
  // The metafile's paths are relative to the working directory, the checkout's root.
  const [entry, built] = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint && path.resolve(root, output.entryPoint) === scriptEntry) ?? [];
  const styles = outputs.filter((file) => file.endsWith('.css'));
  if (!entry || !built || styles.length === 0) throw new Error(`the portal's build made no script or no style sheet: ${outputs.join(', ')}`);
  // index.html links one sheet: a sheet imported by a script would not be linked.
  if (styles.length > 1)
    throw new Error(`the portal's build made ${styles.length} style sheets (${styles.join(', ')}): @import every sheet in web/src/styles.css, none from a script`);
  // What the script imports, and what that imports in turn: the browser fetches it all before the first page draws.
  const imported = new Set<string>();
  const follow = (file: string) => {
    for (const next of result.metafile.outputs[file]?.imports ?? []) {
      if (next.kind === 'import-statement' && !imported.has(next.path)) {
        imported.add(next.path);
        follow(next.path);
      }
    }
  };
  follow(entry);
  const template = await readFile(path.join(root, 'web', 'index.html'), 'utf8');
  const page = template.replace('%STYLE%', `/${styles[0]}`).replace('%SCRIPT%', served(entry));
  if (page.includes('%')) throw new Error('web/index.html has a placeholder the build does not fill');
  await writeFile(path.join(outdir, 'index.html'), page);

  const manifest: PortalManifest = { files: {}, firstLoad: ['/index.html', `/${styles[0]}`, served(entry), ...[...imported].map(served)] };
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
  const kib = (files: string[]) => `${(files.reduce((sum, file) => sum + (manifest.files[file]?.brotli ?? 0), 0) / 1024).toFixed(1)} KiB`;
  console.log(
    `portal built into ${path.relative(root, portalDirectory)}: ${Object.keys(manifest.files).length} files, ${kib(Object.keys(manifest.files))} in brotli, ${kib(manifest.firstLoad)} of it in the first load`,
  );
}
