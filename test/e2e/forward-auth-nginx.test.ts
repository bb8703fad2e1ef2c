/**
 * Forward authentication behind Debian's nginx: the nginx server block of
 * docs/sign-in.md, run as it is written (its listen address, Gatehouse's
 * address and the site's folder replaced with the test's), in an nginx of
 * the test's own (an unprivileged process with its own prefix and
 * configuration, on 127.0.0.1) in front of a static page that names the
 * player. Someone not signed in is sent to the portal's login; a player
 * signed in sees the page with their name; an operator's path refuses a
 * player (403) and opens to an operator. Once over plain HTTP, step by
 * step, and once in a real Chromium through the portal's login page.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { Secret, TOTP } from 'otpauth';
import { codeFor } from '../helpers/accounts.js';
import { type HeadlessChromium, requireChromium, startChromium } from '../helpers/chromium.js';
import { freePort } from '../helpers/free-port.js';
import { phone, screenshotFor, seriousAxeFindings } from '../helpers/portal.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { nginxTool, skipForMissingTool } from '../helpers/missing-tool.js';

const nginxPath = process.env.GATEHOUSE_NGINX ?? '/usr/sbin/nginx';
/** Who nginx runs as when the tests run as root: Debian's nobody, so the proxy holds no privilege. */
const nobody = { uid: 65534, gid: 65534 };
const password = 'password1';

/** The nginx server block of docs/sign-in.md, with the test's addresses and folder; fails when the example no longer has what it replaces. */
async function documentedServerBlock(listen: string, gatehouse: string, site: string): Promise<string> {
  const doc = await readFile('docs/sign-in.md', 'utf8');
  const block = /## nginx \(tested\)[\s\S]*?```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/sign-in.md has no nginx block under "## nginx (tested)"');
  const replace = (text: string, from: string, to: string) => {
    const count = text.split(from).length - 1;
    if (count === 0) throw new Error(`the nginx example of docs/sign-in.md no longer has ${from}`);
    return text.split(from).join(to);
  };
  return replace(replace(replace(block, 'listen 80;', `listen ${listen};`), 'http://127.0.0.1:8080', gatehouse), 'root /srv/map;', `root ${site};`);
}

/** nginx.conf around the server block: everything nginx writes in `prefix`, its log on stderr, in the foreground. */
function nginxConf(prefix: string, server: string): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, 'temp', name)};`;
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 64; }',
    'http {',
    '  access_log off;',
    '  default_type text/html;',
    `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
    server,
    '}',
    '',
  ].join('\n');
}

/** A request whose redirects are answers; `cookie` sent when given. */
async function get(url: string, cookie?: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { redirect: 'manual', headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  return { status: response.status, location: response.headers.get('location'), setCookies: response.headers.getSetCookie(), text: await response.text() };
}

describe("forward authentication behind nginx (Debian's package)", function () {
  this.timeout(120_000);
  let server: TestGatehouse;
  let nginx: ChildProcess | undefined;
  const nginxLog: string[] = [];
  let prefix: string;
  let site: string;
  let portal: string;
  let players = 0;

  const newPlayer = async () => {
    players += 1;
    const player = `Cartographer${players}`;
    const username = `carto${players}`;
    const code = await codeFor(server.gatehouse, player);
    const registered = await api(portal, 'POST', '/api/auth/register', { body: { username, password, email: `${username}@example.com`, code } });
    expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
    return { player, username };
  };

  before(async function () {
    if (!existsSync(nginxPath)) skipForMissingTool(this, nginxTool, `there is no nginx at ${nginxPath}`);
    const nginxPort = await freePort();
    const gatehousePort = await freePort();
    site = `http://127.0.0.1:${nginxPort}`;
    // The portal under another host name than the site, as on a real server: neither sees the other's cookies.
    portal = `http://localhost:${gatehousePort}`;
    server = await startTestGatehouse((config) => {
      config.port = gatehousePort;
      config.portal.publicUrl = portal;
      config.forwardAuth = { hosts: [`127.0.0.1:${nginxPort}`], rules: [{ path: '/admin/', need: 'operator' }], defaultNeed: 'player', callbackPath: '/.gatehouse/callback' };
    });

    prefix = await temporaryDirectory('gatehouse-nginx-');
    const root = path.join(prefix, 'site');
    await mkdir(path.join(root, 'world'), { recursive: true });
    await mkdir(path.join(root, 'admin'), { recursive: true });
    for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(prefix, 'temp', name), { recursive: true });
    // The stand-in for a live map: a static page that names the player nginx was told of.
    await writeFile(
      path.join(root, 'world', 'index.html'),
      '<!doctype html><title>Live map</title><h1>Live map</h1><p id="who">Signed in as <!--# echo var="gatehouse_player" --></p>\n',
    );
    await writeFile(path.join(root, 'admin', 'index.html'), '<!doctype html><title>Map tools</title><h1>Map tools</h1>\n');
    const conf = path.join(prefix, 'nginx.conf');
    await writeFile(conf, nginxConf(prefix, await documentedServerBlock(`127.0.0.1:${nginxPort}`, `http://127.0.0.1:${gatehousePort}`, root)));
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      for (const entry of [prefix, root, path.join(root, 'world'), path.join(root, 'admin'), path.join(prefix, 'temp')]) await chown(entry, nobody.uid, nobody.gid);
      for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await chown(path.join(prefix, 'temp', name), nobody.uid, nobody.gid);
    }
    nginx = spawn(nginxPath, ['-p', prefix, '-c', conf, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'], ...(asRoot ? nobody : {}) });
    nginx.stdout!.on('data', (chunk: Buffer) => nginxLog.push(chunk.toString()));
    nginx.stderr!.on('data', (chunk: Buffer) => nginxLog.push(chunk.toString()));
    // Until nginx answers (at most 10 s), or says why it stopped.
    for (let attempt = 0; ; attempt += 1) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited ${nginx.exitCode}: ${nginxLog.join('')}`);
      const answered = await fetch(`${site}/`, { redirect: 'manual' }).then(
        () => true,
        () => false,
      );
      if (answered) break;
      if (attempt >= 200) throw new Error(`nginx did not answer within 10 s: ${nginxLog.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  after(async function () {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    await server?.stop();
    if (prefix) await rm(prefix, { recursive: true, force: true });
  });

  it('runs nginx as an unprivileged process of its own', async function () {
    const status = await readFile(`/proc/${nginx!.pid}/status`, 'utf8');
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)![1]);
    expect(uid, 'nginx runs as nobody, or as the unprivileged user running the tests').to.not.equal(0);
  });

  it("sends someone not signed in to the portal's login, with the page to come back to", async function () {
    const anonymous = await get(`${site}/world/?zoom=3`);
    expect(anonymous.status, nginxLog.join('')).to.equal(302);
    expect(anonymous.location).to.equal(`${portal}/forward-auth?rd=${encodeURIComponent(`${site}/world/?zoom=3`)}`);
    expect((await get(`${site}/admin/`)).status, 'the admin path, anonymous').to.equal(302);
    const posted = await fetch(`${site}/world/`, { method: 'POST', body: 'a=1', redirect: 'manual' });
    expect(posted.status, "a POST is asked about as a GET (nginx's subrequest)").to.equal(302);
  });

  it('shows a player signed in through a ticket the page with their name, and refuses them the operator path until they are one', async function () {
    const { player, username } = await newPlayer();
    const login = await api(portal, 'POST', '/api/auth/login', { body: { username, password } });
    const rd = `${site}/world/`;
    const ticket = await api(portal, 'POST', '/api/forward-auth/ticket', { token: login.body.token, body: { returnTo: rd } });
    expect(ticket.status, JSON.stringify(ticket.body)).to.equal(200);
    expect(ticket.body.redirect.startsWith(`${site}/.gatehouse/callback?`)).to.equal(true);

    const back = await get(ticket.body.redirect);
    expect(back.status, nginxLog.join('')).to.equal(302);
    expect(back.location).to.equal(rd);
    const cookie = back.setCookies.find((line) => line.startsWith('gatehouse_forward='))!.split(';')[0]!;

    // A header of the browser's own naming someone else changes nothing: the name comes from Gatehouse.
    const page = await get(rd, cookie, { 'x-gatehouse-player': 'Notch' });
    expect(page.status).to.equal(200);
    expect(page.text).to.include(`<p id="who">Signed in as ${player}</p>`);
    const refused = await get(`${site}/admin/`, cookie);
    expect(refused.status).to.equal(403);
    expect(refused.text).to.not.include('Map tools');

    await server.gatehouse.game.operators.setOperator(player, true);
    try {
      const tools = await get(`${site}/admin/`, cookie);
      expect(tools.status).to.equal(200);
      expect(tools.text).to.include('Map tools');
    } finally {
      await server.gatehouse.game.operators.setOperator(player, false);
    }
    expect((await get(`${site}/world/../admin/`, cookie)).status, 'a path around the rule').to.equal(403);

    expect((await api(portal, 'DELETE', '/api/auth/session', { token: login.body.token })).status).to.equal(200);
    expect((await get(rd, cookie)).status, 'the session ended: to the login again').to.equal(302);
  });

  it('takes a person in a real Chromium from the site to the portal login and back to the page with their name', async function () {
    requireChromium(this);
    const { player, username } = await newPlayer();
    let browser: HeadlessChromium | undefined;
    try {
      browser = await startChromium();
      const page = await browser.context.newPage();
      await page.goto(`${site}/world/?zoom=3`);
      await page.waitForURL((url) => url.origin === portal && url.pathname === '/login');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL(`${site}/world/?zoom=3`);
      expect(await page.locator('#who').textContent()).to.equal(`Signed in as ${player}`);

      const tools = await page.goto(`${site}/admin/`);
      expect(tools?.status()).to.equal(403);

      // A crafted link to the portal's page naming another site: refused, said on the page, and nowhere is opened.
      await page.setViewportSize(phone);
      await page.goto(`${portal}/forward-auth?rd=${encodeURIComponent('https://evil.example/<b>x</b>')}`);
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).to.include("a site that is not one of this server's");
      expect(await page.locator('h1').textContent()).to.equal('Sign in to evil.example');
      expect(await page.getByRole('button', { name: 'Try again' }).count(), 'a refused site stays refused').to.equal(0);
      expect(new URL(page.url()).origin).to.equal(portal);
      expect(await seriousAxeFindings(page)).to.deep.equal([]);
      await screenshotFor(page, 'forward-auth-refused');

      // Logged out on the portal: the map sends them to the login again.
      await page.goto(`${portal}/account`);
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.goto(`${site}/world/`);
      await page.waitForURL((url) => url.origin === portal && url.pathname === '/login');
    } finally {
      await browser?.close();
    }
  });

  it("asks an account with an authenticator app for its code before the site sees the person: the portal's own login", async function () {
    requireChromium(this);
    const { player, username } = await newPlayer();
    const token = (await api(portal, 'POST', '/api/auth/login', { body: { username, password } })).body.token as string;
    const started = await api(portal, 'POST', '/api/auth/factors/totp', { token });
    const secret = started.body.secret as string;
    const codeAt = (steps: number) =>
      new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
    expect((await api(portal, 'POST', '/api/auth/factors/totp/confirm', { token, body: { code: codeAt(-1) } })).status).to.equal(200);

    let browser: HeadlessChromium | undefined;
    try {
      browser = await startChromium();
      const page = await browser.context.newPage();
      await page.goto(`${site}/world/`);
      await page.waitForURL((url) => url.origin === portal && url.pathname === '/login');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      // The password alone signs in nowhere: the site is still asking.
      await page.getByLabel('Code from your authenticator app').waitFor();
      const meanwhile = await browser.context.newPage();
      await meanwhile.goto(`${site}/world/`);
      await meanwhile.waitForURL((url) => url.origin === portal);
      await meanwhile.close();
      await page.getByLabel('Code from your authenticator app').fill(codeAt(0));
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL(`${site}/world/`);
      expect(await page.locator('#who').textContent()).to.equal(`Signed in as ${player}`);
    } finally {
      await browser?.close();
    }
  });
});
