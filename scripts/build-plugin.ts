/**
 * `npm run build`, after tsc: bundles the sidecar into dist/sidecar/ with
 * esbuild (without the embedded game server, which only serves `npm start`
 * and tests, nor the RCON adapter: inside the plugin the game is the plugin), compiles the JVM bridge against its API stubs with javac, and
 * packs dist/Gatehouse-<version>.jar with plugin.yml, the plugin's classes,
 * its default config.yml and the bundled sidecar with the built portal
 * (build/web/, made by build-web.js, which runs first). The stubs are compiled to
 * build/bridge/stubs for compiling and for the test harness; they never go
 * into the jar. The harness is compiled to build/bridge/harness.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { swaggerFiles } from '../src/features/reference/assets.js';
import { ensureJdk } from './jdk.js';
import { harnessClasses, pluginJar, pluginVersion, portalBuild, portalFiles, root, sidecarFiles, stubClasses } from './plugin-paths.js';

const fromRoot = (...parts: string[]) => path.join(root, ...parts);

/** Swaps the embedded server's and the RCON adapters for modules that say they are not in this build. */
const onlyTheBridge: Plugin = {
  name: 'only-the-bridge',
  setup(builder) {
    builder.onResolve({ filter: /(^|\/)(embedded|rcon)\/adapter\.js$/ }, (args) => ({ path: args.path, namespace: 'not-bundled' }));
    const absent = (className: string, what: string) =>
      `export class ${className} {
        constructor() { throw new Error('this sidecar is the one bundled into the Gatehouse plugin: it has no ${what}; set game.connection to bridge'); }
      }`;
    builder.onLoad({ filter: /.*/, namespace: 'not-bundled' }, (args) => ({
      loader: 'js',
      contents: args.path.includes('rcon') ? absent('RconGameAdapter', 'RCON adapter') : absent('EmbeddedGameServer', 'embedded game server'),
    }));
  },
};

async function bundleSidecar(): Promise<void> {
  const outdir = fromRoot('dist', 'sidecar');
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { gatehouse: fromRoot('src', 'main.ts'), 'password-worker': fromRoot('src', 'lib', 'password-worker.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // CommonJS dependencies call require() for Node's own modules; an ES module bundle needs one made for it.
    banner: { js: "import { createRequire as gatehouseCreateRequire } from 'node:module'; const require = gatehouseCreateRequire(import.meta.url);" },
    plugins: [onlyTheBridge],
    metafile: true,
    logLevel: 'warning',
    legalComments: 'eof',
  });
  const inputs = Object.keys(result.metafile.inputs);
  const leaked = inputs.filter((input) => /flying-squid|minecraft-protocol|prismarine|rcon-client|node_modules\/ws\//.test(input));
  if (leaked.length > 0) throw new Error(`the sidecar bundle must carry only the bridge's adapter, but has ${leaked.slice(0, 3).join(', ')}`);
  // The reference page's files are served from beside the bundle (src/features/reference/assets.ts).
  for (const file of swaggerFiles) await cp(fromRoot('node_modules', 'swagger-ui-dist', file), path.join(outdir, file));
  // The portal's pages, served by the sidecar from web/ beside it (src/http/portal.ts); the Java side extracts every listed file.
  if (portalFiles().length === 0) throw new Error('the portal is not built: run node build/scripts/build-web.js before bundling the sidecar');
  await cp(portalBuild, path.join(outdir, 'web'), { recursive: true });
  await writeFile(path.join(outdir, 'manifest.txt'), `${[...sidecarFiles, ...portalFiles()].join('\n')}\n`);
}

function javac(output: string, classpath: string | undefined, sources: string[]): void {
  const args = ['--release', '17', '-encoding', 'UTF-8', '-Xlint:all', '-Werror', '-d', output];
  if (classpath) args.push('-cp', classpath);
  execFileSync('javac', [...args, ...sources], { stdio: 'inherit' });
}

async function javaSources(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.java')).map((entry) => path.join(entry.parentPath, entry.name));
}

/** The plugin's default config.yml: the sidecar's own, saying it is reached through the bridge. */
async function pluginConfig(): Promise<string> {
  const config = await readFile(fromRoot('config.yml'), 'utf8');
  const bridged = config.replace(/^(\s*)connection: embedded$/m, '$1connection: bridge');
  if (bridged === config) throw new Error('config.yml has no "connection: embedded" line to turn into "connection: bridge"');
  return bridged;
}

async function buildJar(): Promise<void> {
  const out = fromRoot('build', 'bridge');
  await rm(out, { recursive: true, force: true });
  const stubs = stubClasses;
  const classes = path.join(out, 'classes');
  const harness = harnessClasses;
  const resources = path.join(out, 'resources');
  javac(stubs, undefined, await javaSources(fromRoot('bridge', 'stubs')));
  javac(classes, stubs, await javaSources(fromRoot('bridge', 'src', 'main', 'java')));
  javac(harness, stubs, await javaSources(fromRoot('bridge', 'test', 'harness')));

  await mkdir(path.join(resources, 'sidecar'), { recursive: true });
  await cp(fromRoot('plugin.yml'), path.join(resources, 'plugin.yml'));
  await writeFile(path.join(resources, 'config.yml'), await pluginConfig());
  for (const file of [...sidecarFiles, ...portalFiles(), 'manifest.txt']) await cp(fromRoot('dist', 'sidecar', file), path.join(resources, 'sidecar', file));
  // Paper 1.20.5 to 1.21.x remaps plugin jars unless told they use Mojang's names; this plugin names no server internals.
  const manifest = path.join(out, 'MANIFEST.MF');
  await writeFile(manifest, `paperweight-mappings-namespace: mojang\nImplementation-Version: ${pluginVersion}\n`);

  await rm(pluginJar, { force: true });
  execFileSync('jar', ['--create', '--file', pluginJar, '--manifest', manifest, '-C', classes, '.', '-C', resources, '.'], { stdio: 'inherit' });
}

await bundleSidecar();
ensureJdk();
await buildJar();
console.log(`built ${path.relative(root, pluginJar)} and dist/sidecar/`);
