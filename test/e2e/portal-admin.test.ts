import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import mc from 'minecraft-protocol';
import type { Page } from 'playwright-core';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { type MetricsSample, metricsHistoryPart } from '../../src/features/metrics/store.js';
import { runConsoleLine } from '../../src/console.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually, joinBot, leave, nextChat } from '../helpers/bots.js';
import { type HeadlessChromium, requireChromium, startChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, type TestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { desktop, openPortal, phone, type PortalPage, seriousAxeFindings, tabTo, unexpectedProblems, settled } from '../helpers/portal.js';
import { adminAccount, adminPaths, goInPortal, logInThroughPortal, recordApiRequests } from '../helpers/portal-admin.js';

const shopFile = `items:
  diamond: { category: resources, price: 100.00, stock: 100, target-stock: 100 }
  bread: { category: food, price: 3.00, stock: 100, target-stock: 100 }
`;
/** Text the console must show as these very characters, never as markup. */
const hostile = '"><img src=x onerror=alert(1)>';

/** A day of one-minute samples every five minutes and six days before it hourly, as the sampler would have left them (players rise in the evening). */
function earlierSamples(server: string, now: number): MetricsSample[] {
  const samples: MetricsSample[] = [];
  const sample = (at: number): MetricsSample => {
    const hour = new Date(at).getUTCHours();
    return {
      server,
      at: new Date(at).toISOString(),
      playersOnline: Math.round(3 + 4 * Math.sin(((hour - 12) / 24) * 2 * Math.PI) + 4),
      ticksPerSecond: 19 + (hour % 3) / 3,
      memoryUsedBytes: null,
      memoryMaxBytes: null,
      gatehouseRssBytes: (180 + hour * 2) * 1048576,
      requests: 40 + hour * 5,
    };
  };
  for (let at = now - 7 * 86_400_000; at < now - 86_400_000; at += 3_600_000) samples.push(sample(at));
  for (let at = now - 86_400_000 + 300_000; at < now - 120_000; at += 300_000) samples.push(sample(at));
  return samples;
}

describe('the admin console in Chromium (embedded server, a mineflayer bot)', function () {
  this.timeout(120_000);
  let server: TestGatehouse;
  let directory: string;
  let browser: HeadlessChromium;
  let bot: Bot;
  let portal: PortalPage;
  let page: Page;
  /** The admin's own token, for the test's checks through the API. */
  let adminToken: string;
  const admin = { username: 'boss', password: 'admin-pass-1' };
  const screenshots = process.env.GATEHOUSE_SCREENSHOTS;
  /** Browser dialogs any page opened (hostile text run as script would open one). */
  const dialogs: string[] = [];

  before(async function () {
    requireChromium(this);
    directory = await temporaryDirectory('gatehouse-portal-admin-');
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    server = await startTestGatehouse(
      (config) => {
        config.shopFile = path.join(directory, 'shop.yml');
      },
      { dataDirectory: directory },
    );
    browser = await startChromium();
    bot = await joinBot((server.gatehouse.game as EmbeddedGameServer).port, 'Walker');
    await adminAccount(server, admin.username, 'Boss', admin.password);
    adminToken = (await api(server.baseUrl, 'POST', '/api/auth/login', { body: admin })).body.token;
  });
  after(async function () {
    if (bot) await leave(bot);
    await browser?.close();
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('logs an operator in, marks the session as an admin’s and links the console', async function () {
    portal = await openPortal(browser, server.baseUrl, '/login', desktop);
    page = portal.page;
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await logInThroughPortal(page, server.baseUrl, admin);
    expect(await page.locator('header .admin-mark').textContent()).to.equal('Admin');
    expect(await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Admin' }).count()).to.equal(1);
    await page.getByRole('heading', { name: 'Admin overview' }).waitFor();
    await page.getByText('Players online', { exact: true }).first().waitFor();
  });

  it('draws the overview’s charts from the metrics history, for 24 hours and for 7 days', async function () {
    const history = server.gatehouse.store.part(metricsHistoryPart);
    await history.record(earlierSamples(server.config.serverId, Date.now()));
    // And one real sample, of the server as it is now (the bot online).
    const now = await server.gatehouse.services.get('metricsSampler').sampleNow();
    expect(now.playersOnline).to.equal(1);

    const dayAnswer = page.waitForResponse((response) => response.url().includes('/api/admin/metrics/history') && response.url().includes('resolution=5m'));
    await page.reload();
    const day = (await (await dayAnswer).json()) as { servers: Array<{ server: string; at: string[] }> };
    expect(day.servers.map((series) => series.server)).to.deep.equal([server.config.serverId]);
    expect(day.servers[0]!.at.length).to.be.within(280, 290);
    const playersChart = page.getByRole('img', { name: /^Players online on/ });
    await playersChart.waitFor();
    expect(await playersChart.getAttribute('aria-label')).to.equal(`Players online on ${server.config.serverId}, ${day.servers[0]!.at.length} points.`);
    expect(await page.locator('.chart canvas').count()).to.equal(4);
    if (screenshots) await page.screenshot({ path: path.join(screenshots, 'admin-overview.png'), fullPage: true });

    const weekAnswer = page.waitForResponse((response) => response.url().includes('/api/admin/metrics/history') && response.url().includes('resolution=1h'));
    await page.getByLabel('Range').selectOption('week');
    const week = (await (await weekAnswer).json()) as { servers: Array<{ at: string[] }> };
    expect(week.servers[0]!.at.length).to.be.within(165, 170);
    await eventually(
      async () => ((await playersChart.getAttribute('aria-label'))?.endsWith(`${week.servers[0]!.at.length} points.`) ? true : undefined),
      10_000,
      'the week’s chart',
    );
    if (screenshots) await page.screenshot({ path: path.join(screenshots, 'admin-overview-week.png'), fullPage: true });
  });

  it('keeps an edit made the moment the settings form shows (the loaded values do not overwrite it)', async function () {
    // Typed in the same task the form appeared in, before the page's effects ran: on a loaded machine a
    // person (or the next step of this file) can get there first, and the edit must not be lost.
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        const label = Array.from(document.querySelectorAll('label')).find((candidate) => candidate.textContent === 'Most players at once');
        const input = label ? (document.getElementById(label.htmlFor) as HTMLInputElement | null) : null;
        if (!input) return;
        observer.disconnect();
        input.value = '7';
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await goInPortal(page, '/admin/settings');
    await page.getByRole('button', { name: /^Save 1 change$/ }).waitFor({ timeout: 10_000 });
    expect(await page.getByLabel('Most players at once').inputValue()).to.equal('7');
    await page.getByRole('button', { name: 'Undo my edits' }).click();
    expect(await page.getByLabel('Most players at once').inputValue()).not.to.equal('7');
  });

  it('shows a refused setting beside its field, then changes the difficulty and the MOTD, which the game applies', async function () {
    await goInPortal(page, '/admin/settings');
    const maxPlayers = page.getByLabel('Most players at once');
    await maxPlayers.fill('0');
    await page.getByRole('button', { name: /^Save 1 change$/ }).click();
    await eventually(async () => ((await maxPlayers.getAttribute('aria-invalid')) === 'true' ? true : undefined), 10_000, 'the field marked invalid');
    const describedBy = (await maxPlayers.getAttribute('aria-describedby'))!.split(' ');
    expect(await page.locator(`[id="${describedBy.at(-1)}"]`).textContent()).to.match(/maxPlayers/);
    await page.getByRole('button', { name: 'Undo my edits' }).click();

    const difficulty = new Promise((resolve) => bot._client.on('difficulty', (packet: { difficulty: unknown }) => resolve(packet.difficulty)));
    await page.getByLabel('Difficulty').selectOption('hard');
    await page.getByLabel('Server name (the MOTD in the server list)').fill('Changed in the admin console');
    await page.getByRole('button', { name: /^Save 2 changes$/ }).click();
    const outcome = page.locator('.settings-outcome');
    await outcome.getByText('Difficulty: changed, and the game applied it').waitFor();
    await outcome.getByText('Server name (the MOTD in the server list): changed, and the game applied it').waitFor();
    expect(await difficulty).to.equal('hard');
    const ping = (await mc.ping({ host: '127.0.0.1', port: (server.gatehouse.game as EmbeddedGameServer).port, version: '1.21.4' })) as { description: unknown };
    expect(JSON.stringify(ping.description)).to.contain('Changed in the admin console');
  });

  it('schedules a restart the bot sees as a boss bar while the page counts down, then cancels it after a confirm step, all by keyboard', async function () {
    const bars: string[] = [];
    bot.on('bossBarCreated', () => {
      bars.push('created');
    });
    bot.on('bossBarDeleted', () => {
      bars.push('deleted');
    });
    await goInPortal(page, '/admin/restart');
    await page.getByText('No restart is scheduled.').waitFor();
    // The focus moves to the title (and below, to the confirm step's question) in an effect, just after the page shows.
    await page.waitForFunction(() => document.activeElement?.id === 'page-title', null, { timeout: 5000 });
    await tabTo(page, 'Delay (seconds)');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('600');
    await tabTo(page, 'Reason (shown to players)');
    // A reason with markup in it: shown on the page as those characters.
    await page.keyboard.type(`Trying the console ${hostile}`);
    await tabTo(page, 'Schedule the restart');
    await page.keyboard.press('Enter');
    await eventually(() => (bars.includes('created') ? true : undefined), 30_000, 'the boss bar');
    await page.getByText(`: Trying the console ${hostile}. Asked by`, { exact: false }).waitFor();
    expect(await page.locator('main img').count()).to.equal(0);

    const countdown = page.getByTestId('countdown');
    await countdown.waitFor();
    const first = await countdown.textContent();
    expect(first).to.match(/^(9|10) min \d\d s$/);
    await eventually(async () => ((await countdown.textContent()) !== first ? true : undefined), 5000, 'the countdown to move');

    // The focus went to the pending restart once it was scheduled; on to its Cancel. The confirm step takes the focus to its question.
    await tabTo(page, 'Cancel the restart');
    await page.keyboard.press('Enter');
    await page.getByText('Cancel the pending restart?').waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Cancel the pending restart?') === true, null, { timeout: 5000 });
    expect(bars).not.to.include('deleted');
    await tabTo(page, 'Yes, cancel it', { most: 1 });
    await page.keyboard.press('Space');
    await page.getByText('No restart is scheduled.').waitFor();
    await eventually(() => (bars.includes('deleted') ? true : undefined), 30_000, 'the boss bar gone');
    expect((await api(server.baseUrl, 'GET', '/api/admin/restart', { token: adminToken })).body.restart).to.equal(null);
  });

  it('shows another admin’s restart from the event stream, and reads nothing while the tab is hidden', async function () {
    const restartReads: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/admin/restart') restartReads.push(Date.now());
    });
    await page.getByText('No restart is scheduled.').waitFor();
    // Scheduled by someone else: the page learns of it from the stream, without a reload.
    await api(server.baseUrl, 'POST', '/api/admin/restart', { token: adminToken, body: { delay: 900, reason: 'From elsewhere' } });
    await page.getByTestId('countdown').waitFor({ timeout: 12_000 });
    await page.getByText(/From elsewhere/).waitFor();

    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const hiddenSince = Date.now();
    await api(server.baseUrl, 'DELETE', '/api/admin/restart', { token: adminToken });
    await new Promise((resolve) => setTimeout(resolve, 7000));
    expect(
      restartReads.filter((at) => at > hiddenSince),
      'no read while hidden',
    ).to.deep.equal([]);
    expect(await page.getByTestId('countdown').count(), 'still the last thing read').to.equal(1);

    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.getByText('No restart is scheduled.').waitFor({ timeout: 3000 });
  });

  it('teleports the bot to coordinates in the nether, chosen from the server’s worlds', async function () {
    const respawns: string[] = [];
    (bot._client as unknown as NodeJS.EventEmitter).on('respawn', (packet: { worldState: { name: string } }) => respawns.push(packet.worldState.name));
    await goInPortal(page, '/admin/teleports');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'A player to coordinates' }) });
    await form.getByLabel('Player to move').selectOption('Walker');
    expect(await form.getByLabel('World').locator('option').allTextContents()).to.deep.equal(['world', 'world_nether', 'world_the_end']);
    await form.getByLabel('World').selectOption('world_nether');
    await form.getByLabel('X', { exact: true }).fill('20.5');
    await form.getByLabel('Y', { exact: true }).fill('70');
    await form.getByLabel('Z', { exact: true }).fill('-7.5');
    await form.getByRole('button', { name: 'Teleport' }).click();
    await form.getByText(/world_nether 20\.5, 70\.0, -7\.5/).waitFor();
    await eventually(() => (respawns.at(-1) === 'minecraft:the_nether' ? true : undefined), 10_000, 'a respawn into the nether');
    await eventually(() => (Math.abs(bot.entity.position.x - 20.5) < 0.01 && Math.abs(bot.entity.position.z + 7.5) < 0.01 ? true : undefined), 10_000, 'the bot at 20.5, -7.5');
    const online = (await server.gatehouse.game.onlinePlayers()).find((player) => player.name === 'Walker');
    expect(online!.location.world).to.equal('world_nether');
    await page.getByRole('cell', { name: /^world_nether 20\.5, 70\.0, -7\.5$/ }).waitFor();
  });

  it('teleports the bot to another player who joined while the page was open, in another world', async function () {
    await goInPortal(page, '/admin/teleports');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'A player to a player' }) });
    await form.getByLabel('To the player').waitFor();
    const runner = await joinBot((server.gatehouse.game as EmbeddedGameServer).port, 'Runner');
    try {
      const respawns: string[] = [];
      (bot._client as unknown as NodeJS.EventEmitter).on('respawn', (packet: { worldState: { name: string } }) => respawns.push(packet.worldState.name));
      // No reload: the page reads who is online again by itself.
      await eventually(
        async () => ((await form.getByLabel('To the player').locator('option').allTextContents()).includes('Runner') ? true : undefined),
        15_000,
        'Runner among the players to choose',
      );
      await form.getByLabel('Player to move').selectOption('Walker');
      await form.getByLabel('To the player').selectOption('Runner');
      await form.getByRole('button', { name: 'Teleport' }).click();
      await form
        .getByRole('status')
        .getByText(/\(world -?[\d,.]+, -?[\d,.]+, -?[\d,.]+\)$/)
        .waitFor();
      await eventually(() => (respawns.at(-1) === 'minecraft:overworld' ? true : undefined), 10_000, 'a respawn into the overworld');
      await eventually(() => (bot.entity.position.distanceTo(runner.entity.position) < 1 ? true : undefined), 10_000, 'Walker beside Runner');
      await page.getByRole('cell', { name: /^Runner \(world / }).waitFor();
    } finally {
      await leave(runner);
    }
  });

  it('whitelists a name, checks names, turns the whitelist on and off, and removes the name', async function () {
    await goInPortal(page, '/admin/whitelist');
    await page.getByLabel('Player name', { exact: true }).fill('Newcomer');
    await page.getByRole('button', { name: 'Add to the whitelist' }).click();
    await page.getByRole('cell', { name: 'Newcomer', exact: true }).waitFor();
    const check = await api(server.baseUrl, 'GET', '/api/whitelist/check?username=Newcomer', { token: adminToken });
    expect(check.body.whitelisted).to.equal(true);

    const checkForm = page.locator('form', { has: page.getByRole('heading', { name: 'Check a player' }) });
    await checkForm.getByLabel('Player name to check').fill('Newcomer');
    await checkForm.getByRole('button', { name: 'Check' }).click();
    await checkForm.getByText('Newcomer is on the whitelist (which is off).').waitFor();
    await checkForm.getByLabel('Player name to check').fill('Stranger');
    await checkForm.getByRole('button', { name: 'Check' }).click();
    await checkForm.getByText('Stranger is not on the whitelist (which is off).').waitFor();

    await page.getByRole('button', { name: 'Turn the whitelist on' }).click();
    await page.getByRole('heading', { name: 'The whitelist is on' }).waitFor();
    expect((await api(server.baseUrl, 'GET', '/api/whitelist/check?username=Newcomer', { token: adminToken })).body.enabled).to.equal(true);
    await checkForm.getByLabel('Player name to check').fill('Newcomer');
    await checkForm.getByRole('button', { name: 'Check' }).click();
    await checkForm.getByText('Newcomer is on the whitelist.').waitFor();
    await page.getByRole('button', { name: 'Turn the whitelist off' }).click();
    await page.getByRole('heading', { name: 'The whitelist is off' }).waitFor();
    expect((await api(server.baseUrl, 'GET', '/api/whitelist/check?username=Newcomer', { token: adminToken })).body.enabled).to.equal(false);

    await page.getByRole('button', { name: 'Remove Newcomer from the whitelist' }).click();
    await page.getByRole('cell', { name: 'Newcomer', exact: true }).waitFor({ state: 'detached' });
    expect((await api(server.baseUrl, 'GET', '/api/whitelist/check?username=Newcomer', { token: adminToken })).body.whitelisted).to.equal(false);
  });

  it('adjusts a balance once for a double click (one Idempotency-Key), which the player’s page shows, then reverses it after a confirm step', async function () {
    const balance = async () => (await api(server.baseUrl, 'GET', '/api/economy/balance?username=Walker', { token: adminToken })).body.balance as number;
    const before = await balance();
    const keys: Array<string | undefined> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/economy/adjust')) keys.push(request.headers()['idempotency-key']);
    });
    await goInPortal(page, '/admin/economy');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Adjust a balance' }) });
    await form.getByLabel('Player').fill('Walker');
    await form.getByLabel('Amount').fill('125.5');
    await form.getByLabel('Reason').fill('Prize for the build contest');
    await form.getByRole('button', { name: 'Adjust' }).dblclick();
    const said = await form
      .getByRole('status')
      .getByText(/New balance/)
      .textContent();
    expect(keys.length).to.be.at.least(1);
    expect(keys[0]).to.match(/^portal-[0-9a-f]{32}$/);
    expect(new Set(keys).size, 'every request of the double click carries the same key').to.equal(1);
    expect(await balance()).to.equal(before + 125.5);
    const history = (await api(server.baseUrl, 'GET', '/api/economy/history?username=Walker', { token: adminToken })).body.transactions as Array<{
      id: number;
      type: string;
      description: string;
    }>;
    const adjustments = history.filter((move) => move.type === 'ADMIN' && /build contest/.test(move.description));
    expect(adjustments).to.have.length(1);
    expect(said).to.contain(`transaction ${adjustments[0]!.id}`);

    // The player's own account page shows the new balance, on the player's own device: a login in this browser would replace the admin's session in every tab of it.
    await registeredUser(server.gatehouse, server.baseUrl, 'walker', 'Walker', 'walker-pass-1');
    const playersBrowser = await startChromium();
    const player = await openPortal(playersBrowser, server.baseUrl, '/login', phone);
    await logInThroughPortal(player.page, server.baseUrl, { username: 'walker', password: 'walker-pass-1' }, '/account');
    const shown = `$${(before + 125.5).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await player.page.getByTestId('balance').filter({ hasText: shown }).waitFor();
    expect(player.problems).to.deep.equal([]);
    await playersBrowser.close();

    const reverse = page.locator('form', { has: page.getByRole('heading', { name: 'Reverse a transaction' }) });
    await reverse.getByLabel('Transaction number').fill(String(adjustments[0]!.id));
    await reverse.getByRole('button', { name: 'Reverse' }).click();
    expect(await balance(), 'nothing moves before the confirm step').to.equal(before + 125.5);
    await reverse.getByRole('button', { name: 'Yes, reverse it' }).click();
    await reverse
      .getByRole('status')
      .getByText(/-\$125\.50/)
      .waitFor();
    expect(await balance()).to.equal(before);
  });

  it('makes an API key with players:read whose secret is shown once and works, then revokes it after a confirm step', async function () {
    await goInPortal(page, '/admin/keys');
    await page.getByLabel('Name', { exact: true }).fill('status page');
    await page.getByLabel('players:read', { exact: true }).check();
    await page.getByRole('button', { name: 'Make the key' }).click();
    const secretField = page.getByLabel('Secret of “status page”');
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).to.match(/^ghk_/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText(/^(Copied\.|Selected: press Ctrl\+C)/).waitFor();

    const players = await api(server.baseUrl, 'GET', '/api/players', { token: secret });
    expect(players.status).to.equal(200);
    expect(players.body.players.map((player: { name: string }) => player.name)).to.include('Walker');
    expect((await api(server.baseUrl, 'GET', '/api/admin/users', { token: secret })).status, 'beyond its scope').to.equal(403);

    await page.reload();
    await page.getByRole('cell', { name: 'players:read' }).waitFor();
    expect(await page.getByText(secret).count(), 'the secret is not shown again').to.equal(0);
    await page.getByRole('button', { name: 'Revoke status page' }).click();
    await page.getByRole('button', { name: 'Yes, revoke it' }).click();
    await page.getByText('Key “status page” revoked.').waitFor();
    expect((await api(server.baseUrl, 'GET', '/api/players', { token: secret })).status).to.equal(401);
  });

  it('shows the users 25 a page', async function () {
    const existing = (await api(server.baseUrl, 'GET', '/api/admin/users?limit=1', { token: adminToken })).body.pagination.total as number;
    for (let count = existing; count < 27; count++) await registeredUser(server.gatehouse, server.baseUrl, `member${count}`, `Member${count}`);
    await goInPortal(page, '/admin/users');
    const pages = page.getByRole('navigation', { name: 'Pages of accounts' });
    await pages.getByText('Page 1 of 2 (27 in all)').waitFor();
    expect(await page.getByRole('table').locator('tbody tr').count()).to.equal(25);
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText('Page 2 of 2 (27 in all)').waitFor();
    await eventually(async () => ((await page.getByRole('table').locator('tbody tr').count()) === 2 ? true : undefined), 10_000, 'the second page');
    const second = (await api(server.baseUrl, 'GET', '/api/admin/users?page=2&limit=25', { token: adminToken })).body.users as Array<{ username: string }>;
    expect(await page.getByRole('table').locator('tbody tr td:first-child').allTextContents()).to.deep.equal(second.map((user) => user.username));
  });

  it('searches the users, filters the connection log, messages the bot, announces, and shows the audit, caches and shop reload', async function () {
    await goInPortal(page, '/admin/users');
    await page.getByLabel('Search accounts').fill('bos');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('cell', { name: 'boss', exact: true }).waitFor();
    await page.getByLabel('Search accounts').fill('nobody-like-this');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No account matches.').waitFor();

    await goInPortal(page, '/admin/connections');
    await page.getByLabel('Player', { exact: true }).fill('Walker');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('Connections of Walker, page 1').waitFor();
    expect(await page.getByRole('cell', { name: 'Walker', exact: true }).count()).to.be.at.least(1);
    await page.getByLabel('Outcome').selectOption('refused');
    await page.getByText('No connection matches.').waitFor();

    await goInPortal(page, '/admin/messages');
    const heard = nextChat(bot, /Hello from the console/);
    const direct = page.locator('form', { has: page.getByRole('heading', { name: 'Message a player' }) });
    await direct.getByLabel('Player online').selectOption('Walker');
    await direct.getByLabel('Message').fill('Hello from the console');
    await direct.getByRole('button', { name: 'Send' }).click();
    await heard;
    const announced = nextChat(bot, /\[Announcement\] Build night on Friday/);
    await page.getByLabel('Announcement').fill('Build night on Friday');
    await page.getByLabel('Shown to players who join for (hours)').fill('2');
    await page.getByRole('button', { name: 'Announce' }).click();
    await announced;
    const announcement = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Build night on Friday' }) });
    await announcement.waitFor();
    await page.getByRole('cell', { name: 'Hello from the console' }).waitFor();
    // Its expiry: two hours from now, as the list says and the API keeps.
    const listed = (await api(server.baseUrl, 'GET', '/api/admin/messages', { token: adminToken })).body.messages as Array<{ content: string; expiresAt: string | null }>;
    const expiresAt = Date.parse(listed.find((message) => message.content === 'Build night on Friday')!.expiresAt!);
    expect(expiresAt - Date.now()).to.be.within(2 * 3600_000 - 120_000, 2 * 3600_000);
    expect(await announcement.locator('td').nth(5).textContent()).not.to.equal('until removed');

    await goInPortal(page, '/admin/audit');
    await page.getByRole('row').filter({ hasText: 'settings.update' }).filter({ hasText: '"difficulty":"hard"' }).first().waitFor();

    await goInPortal(page, '/admin/caches');
    await page.getByRole('button', { name: 'Empty every cache' }).click();
    await page
      .locator('.notice.success')
      .filter({ hasText: /entries|nothing held/ })
      .waitFor();

    // A purchase for a player out of the game waits: the economy page lists it as pending.
    await api(server.baseUrl, 'POST', '/api/admin/economy/adjust', { token: adminToken, body: { username: 'Boss', amount: 50, reason: 'For a pending delivery' } });
    const bought = await api(server.baseUrl, 'POST', '/api/shop/purchase', { token: adminToken, body: { item: 'bread', quantity: 2 } });
    expect(bought.body.delivery, JSON.stringify(bought.body)).to.include({ state: 'pending' });
    await goInPortal(page, '/admin/economy');
    const pending = page.getByRole('region', { name: 'Pending deliveries' }).getByRole('row').filter({ hasText: 'Boss' });
    await pending.waitFor();
    expect((await pending.locator('td').allTextContents()).slice(1)).to.deep.equal(['Boss', 'Bread', '0 of 2', '2', String(bought.body.purchase.transactionId)]);

    // A catalogue with a mistake changes nothing, and the page shows the mistake; the file put right reloads.
    await writeFile(path.join(directory, 'shop.yml'), 'items:\n  diamond: { category: resources, price: -5, stock: 100, target-stock: 100 }\n');
    await page.getByRole('button', { name: 'Reload the catalogue' }).click();
    const mistake = page.locator('.notice.problem').filter({ hasText: /price/ });
    await mistake.waitFor();
    expect(await mistake.textContent()).to.match(/diamond/);
    expect((await api(server.baseUrl, 'GET', '/api/shop/items', { token: adminToken })).body.items.map((item: { item: string }) => item.item)).to.have.members([
      'diamond',
      'bread',
    ]);
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    await page.getByRole('button', { name: 'Reload the catalogue' }).click();
    await page
      .locator('.notice.success')
      .filter({ hasText: /2 items\)/ })
      .waitFor();
    expect(await mistake.count()).to.equal(0);
  });

  it('shows what admins type as text, never markup: an announcement, a search, a refused key name', async function () {
    await goInPortal(page, '/admin/messages');
    await page.getByLabel('Announcement').fill(hostile);
    await page.getByRole('button', { name: 'Announce' }).click();
    await page.getByRole('cell', { name: hostile, exact: true }).waitFor();
    expect(await page.locator('main img').count()).to.equal(0);

    await goInPortal(page, '/admin/users');
    await page.getByLabel('Search accounts').fill(hostile);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(`Accounts matching “${hostile}”`).waitFor();
    await page.getByText('No account matches.').waitFor();
    expect(await page.locator('main img').count()).to.equal(0);

    // A key's name allows letters, digits and . _ - only: refused beside the field, the typed text kept as text.
    await goInPortal(page, '/admin/keys');
    const keysBefore = (await api(server.baseUrl, 'GET', '/api/admin/keys?revoked=true', { token: adminToken })).body.pagination.total as number;
    const name = page.getByLabel('Name', { exact: true });
    await name.fill(hostile);
    await page.getByLabel('players:read', { exact: true }).check();
    await page.getByRole('button', { name: 'Make the key' }).click();
    await eventually(async () => ((await name.getAttribute('aria-invalid')) === 'true' ? true : undefined), 10_000, 'the name marked invalid');
    expect(await name.inputValue()).to.equal(hostile);
    const describedBy = (await name.getAttribute('aria-describedby'))!.split(' ');
    expect(await page.locator(`[id="${describedBy.at(-1)}"]`).textContent()).to.match(/^name /);
    expect(await page.locator('main img').count()).to.equal(0);
    expect((await api(server.baseUrl, 'GET', '/api/admin/keys?revoked=true', { token: adminToken })).body.pagination.total, 'no key made').to.equal(keysBefore);
    expect(dialogs).to.deep.equal([]);
  });

  it('finds no serious or critical axe-core violation and no sideways scroll on any admin page, on a phone and a desktop', async function () {
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      for (const adminPath of adminPaths) {
        await goInPortal(page, adminPath);
        await settled(page);
        expect(await seriousAxeFindings(page), `${adminPath} at ${viewport.width} px`).to.deep.equal([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
          `${adminPath} at ${viewport.width} px scrolls sideways`,
        ).to.equal(true);
      }
    }
    // The refused maxPlayers of the settings step is the only failed request.
    expect(unexpectedProblems(portal.problems, [400])).to.deep.equal([]);
  });

  it('tells an admin whose operator status was taken away, on the next request, that it is not allowed', async function () {
    const former = await adminAccount(server, 'former', 'Former', 'former-pass-1');
    const session = await openPortal(browser, server.baseUrl, '/login', desktop);
    await logInThroughPortal(session.page, server.baseUrl, former, '/admin/audit');
    await session.page.getByRole('cell', { name: 'settings.update' }).first().waitFor();
    expect(await runConsoleLine(server.gatehouse, 'deop Former', () => undefined)).to.equal('Made Former no longer a server operator');

    // The session still says admin (the portal cannot know) but the API refuses, and the page says what is not allowed.
    await goInPortal(session.page, '/admin/users');
    const refusal = session.page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.locator('p').textContent()).to.equal('Not allowed: Admin privileges required');
    expect(session.page.url()).to.match(/\/admin\/users$/);
    expect(await session.page.getByRole('table').count()).to.equal(0);
    expect(await seriousAxeFindings(session.page)).to.deep.equal([]);
    expect(unexpectedProblems(session.problems, [403])).to.deep.equal([]);
    await session.page.close();
  });

  it('tells a player who opens an admin address that it is not allowed, and fetches nothing of the admin API', async function () {
    await registeredUser(server.gatehouse, server.baseUrl, 'pat', 'Pat', 'player-pass-1');
    const player = await openPortal(browser, server.baseUrl, '/login', phone);
    const requests = recordApiRequests(player.page);
    await logInThroughPortal(player.page, server.baseUrl, { username: 'pat', password: 'player-pass-1' }, '/admin/settings');
    for (const adminPath of adminPaths) {
      await goInPortal(player.page, adminPath);
      await player.page.getByRole('heading', { name: 'Not allowed' }).waitFor();
      await player.page.getByText(/This page is for the server's admins/).waitFor();
    }
    expect(await player.page.locator('.admin-mark').count()).to.equal(0);
    expect(await player.page.getByRole('link', { name: 'Admin' }).count()).to.equal(0);
    expect(await seriousAxeFindings(player.page)).to.deep.equal([]);
    await settled(player.page);
    expect(requests.filter((request) => request.startsWith('/api/admin') || request.startsWith('/api/cache'))).to.deep.equal([]);
    expect(requests).to.include('/api/auth/session');
    expect(player.problems).to.deep.equal([]);
    await player.page.close();
  });
});
