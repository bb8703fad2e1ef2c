/**
 * The built plugin jar (npm run build): what it carries, and the sidecar it
 * hosts when dropped into the (fake) server with the default sidecar.launch.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { pluginJar, portalFiles, sidecarFiles } from '../../scripts/plugin-paths.js';
import { stubListMarkdown } from '../../scripts/stub-members.js';
import { eventually } from '../helpers/bots.js';
import { api, temporaryDirectory } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';
import { freePort } from '../helpers/free-port.js';

function jarEntries(): string[] {
  return execFileSync('jar', ['--list', '--file', pluginJar], { encoding: 'utf8' }).trim().split('\n');
}

let unpacked: string;
/** An entry's text, from a copy unpacked with the JDK's jar tool (the build needs the JDK anyway). */
function jarText(entry: string): Promise<string> {
  return readFile(path.join(unpacked, entry), 'utf8');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the plugin jar', function () {
  before(async function () {
    unpacked = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-jar-'));
    execFileSync('jar', ['--extract', '--file', pluginJar], { cwd: unpacked });
  });
  after(async function () {
    await rm(unpacked, { recursive: true, force: true });
  });

  it('carries plugin.yml, the plugin classes, the bundled sidecar and a default config, and no API stub', async function () {
    const entries = jarEntries();
    expect(entries).to.include.members([
      'plugin.yml',
      'config.yml',
      'dev/gatehouse/bridge/GatehousePlugin.class',
      'sidecar/manifest.txt',
      ...sidecarFiles.map((file) => `sidecar/${file}`),
      ...portalFiles().map((file) => `sidecar/${file}`),
    ]);
    expect(portalFiles(), 'the built portal').to.include.members(['web/index.html', 'web/portal-manifest.json']);
    expect(portalFiles().some((file) => /^web\/assets\/portal-[A-Z0-9]+\.js$/.test(file))).to.equal(true);
    expect(await jarText('plugin.yml')).to.equal(await readFile('plugin.yml', 'utf8'));
    const classes = entries.filter((entry) => entry.endsWith('.class'));
    expect(classes.length).to.be.at.least(10);
    expect(
      classes.filter((entry) => !entry.startsWith('dev/gatehouse/bridge/')),
      'classes outside the plugin (stubs)',
    ).to.deep.equal([]);
    expect(entries.filter((entry) => /^(org\/bukkit|net\/milkbowl|io\/papermc)\//.test(entry))).to.deep.equal([]);
    expect((await jarText('sidecar/manifest.txt')).trim().split('\n')).to.deep.equal([...sidecarFiles, ...portalFiles()]);
    expect(await jarText('config.yml')).to.match(/^ {2}connection: bridge$/m);
    expect(await jarText('META-INF/MANIFEST.MF')).to.match(/paperweight-mappings-namespace: mojang/);
  });

  it('is built against stubs that bridge/README.md lists member by member', async function () {
    const readme = await readFile('bridge/README.md', 'utf8');
    const listed = /<!-- stub-members:start -->\n([\s\S]*?)\n<!-- stub-members:end -->/.exec(readme)?.[1];
    expect(listed, 'run node build/scripts/stub-members.js and paste its output into bridge/README.md').to.equal(stubListMarkdown());
  });

  it('carries a sidecar without the embedded game server, as plain JavaScript', async function () {
    const bundle = await jarText('sidecar/gatehouse.mjs');
    expect(bundle).to.not.match(/flying-squid|prismarine-chunk|minecraft-protocol\//);
    expect(bundle).to.not.match(/\.node['"]\)/, 'no native addon is loaded');
    expect(bundle).to.match(/has no embedded game server/);
  });

  describe('dropped into a server, with sidecar.launch true', function () {
    let directory: string;
    let harness: PaperHarness | undefined;
    beforeEach(async function () {
      directory = await temporaryDirectory('gatehouse-hosting-');
    });
    afterEach(async function () {
      await harness?.stop();
      harness = undefined;
      await rm(directory, { recursive: true, force: true });
    });

    /** The API's address, from the newest "listening" line the sidecar printed into the server log. */
    const apiBase = (log: string[]) => {
      const lines = log.filter((line) => /\[sidecar\].*Gatehouse API listening on/.test(line));
      return lines.length ? /(http:\/\/127\.0\.0\.1:\d+)\/api/.exec(lines[lines.length - 1]!)![1] : undefined;
    };
    const sidecarPids = (log: string[]) => log.flatMap((line) => /Started the Gatehouse sidecar \(.*, pid (\d+)\)/.exec(line)?.[1] ?? []).map(Number);
    /** The pid of the `index`th sidecar the plugin started, which must be running now: a log line that stopped naming it fails here, not later as a "stopped" pid. */
    const runningSidecar = (log: string[], index: number) => {
      const pid = sidecarPids(log)[index];
      expect(pid, `the plugin's log names sidecar number ${index + 1}`)
        .to.be.a('number')
        .above(0);
      expect(isAlive(pid!), `sidecar ${pid} is running`).to.equal(true);
      return pid!;
    };

    it('starts the bundled sidecar, which serves the API and the game; restarts it when it dies; stops it with the server', async function () {
      const bridgePort = await freePort();
      // No token: the plugin makes one up and hands it to the sidecar it starts.
      const config = ['port: 0', 'host: 127.0.0.1', 'game:', '  bridge:', `    port: ${bridgePort}`, 'sidecar:', '  launch: true', `  node: ${process.execPath}`, ''].join('\n');
      harness = await PaperHarness.start({ directory, config });
      const log = harness.log;
      await eventually(() => (log.some((line) => /Connected to the Gatehouse sidecar/.test(line)) ? true : undefined), 20000, 'the plugin connected to its sidecar');
      expect(log.join('\n')).to.match(/No token in config\.yml: the plugin and its sidecar share a random one/);
      // The plugin may connect before the sidecar has printed where it listens.
      const base = await eventually(() => apiBase(log), 20000, 'the sidecar said where it listens');
      const health = await api(base, 'GET', '/api/health');
      expect(health.body).to.deep.include({ status: 'ok' });
      expect(health.body.game).to.deep.include({ connected: true, adapter: 'bridge' });
      // The reference, with Swagger UI's files carried beside the bundle.
      expect((await api(base, 'GET', '/api/openapi.json')).body.openapi).to.equal('3.1.0');
      expect((await api(base, 'GET', '/api/docs')).body).to.include('swagger-ui-bundle.js');
      for (const file of ['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']) {
        const asset = await fetch(base + file);
        expect(asset.status, file).to.equal(200);
        expect((await asset.text()).length, file).to.be.above(10_000);
      }
      // The portal, from the built pages carried beside the bundle: the page, and the script and style it names.
      const portal = await fetch(`${base}/`);
      expect(portal.status).to.equal(200);
      expect(portal.headers.get('content-security-policy')).to.match(/script-src 'self'/);
      const page = await portal.text();
      const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
      expect(assets, 'the script and the style sheet the page names').to.have.length(2);
      for (const file of assets) expect((await fetch(base + file)).status, file).to.equal(200);

      // A player registers through the hosted sidecar.
      await harness.request('join', { name: 'Hosted' });
      const code = await harness.registrationCode('Hosted', 10000);
      const registered = await api(base, 'POST', '/api/auth/register', { body: { code, username: 'hosted', email: 'hosted@example.com', password: 'password1' } });
      expect(registered.status).to.equal(201);
      // Acknowledged means in the store's journal (the users' files follow at the next checkpoint).
      const journal = path.join(PaperHarness.pluginFolder(directory), 'data', 'journal');
      const journalText = (await Promise.all((await readdir(journal)).filter((file) => file.endsWith('.jsonl')).map((file) => readFile(path.join(journal, file), 'utf8')))).join(
        '',
      );
      expect(journalText, 'the account stored in the plugin folder').to.match(/"username":"hosted"/);

      // The sidecar dies; the plugin starts it again, and the account is still there.
      const firstPid = runningSidecar(log, 0);
      process.kill(firstPid, 'SIGKILL');
      await eventually(() => (sidecarPids(log).length >= 2 ? true : undefined), 15000, 'a second sidecar');
      expect(log.join('\n')).to.match(/The Gatehouse sidecar exited with code -?\d+; starting it again/);
      await eventually(
        async () => {
          const base2 = apiBase(log);
          if (!base2 || base2 === base) return undefined;
          const again = await api(base2, 'GET', '/api/health').catch(() => undefined);
          return again?.body.game?.connected === true ? true : undefined;
        },
        20000,
        'the new sidecar serving, with the plugin connected',
      );
      const login = await api(apiBase(log)!, 'POST', '/api/auth/login', { body: { username: 'hosted', password: 'password1' } });
      expect(login.status).to.equal(200);

      const secondPid = runningSidecar(log, 1);
      await harness.stop();
      harness = undefined;
      expect(isAlive(secondPid), 'the sidecar outlived the server').to.equal(false);
      expect(log.join('\n')).to.match(/\[sidecar\].*Stopped\./);
    });

    it('leaves no sidecar behind when the server is killed with -9', async function () {
      const bridgePort = await freePort();
      const config = [
        'port: 0',
        'host: 127.0.0.1',
        'token: kill-test-token-for-tests-0123456789abcdef',
        'game:',
        '  bridge:',
        `    port: ${bridgePort}`,
        'sidecar:',
        `  node: ${process.execPath}`,
        '',
      ].join('\n');
      harness = await PaperHarness.start({ directory, config });
      const log = harness.log;
      await eventually(() => (log.some((line) => /Connected to the Gatehouse sidecar/.test(line)) ? true : undefined), 20000, 'the plugin connected to its sidecar');
      const pid = runningSidecar(log, 0);
      harness.kill();
      harness = undefined;
      await eventually(() => (isAlive(pid) ? undefined : true), 10000, 'the orphaned sidecar to stop');
    });
  });
});
