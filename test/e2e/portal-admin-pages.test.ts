/**
 * What the admin console's pages say, in Chromium against a fresh embedded
 * server with a mineflayer bot: each page tells what is true (settings that
 * override config.yml and giving one back, announcements until removed and
 * removing one, a scheduled restart said in game and shown as pending, a
 * pager that shows the page of its rows, teleports that never default to
 * moving a player to themselves, the charts of a fresh server).
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { Page } from 'playwright-core';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { chatLog, eventually, joinBot, leave, nextChat } from '../helpers/bots.js';
import { type HeadlessChromium, requireChromium, startChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, type TestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { desktop, openPortal, type PortalPage, seriousAxeFindings, unexpectedProblems } from '../helpers/portal.js';
import { adminAccount, goInPortal, logInThroughPortal } from '../helpers/portal-admin.js';

describe('what the admin console’s pages say (Chromium, a fresh embedded server, a mineflayer bot)', function () {
  this.timeout(120_000);
  let server: TestGatehouse;
  let directory: string;
  let browser: HeadlessChromium;
  let bot: Bot;
  let portal: PortalPage;
  let page: Page;
  let adminToken: string;
  const admin = { username: 'chief', password: 'admin-pass-1' };
  const asAdmin = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: adminToken, body });
  const gamePort = () => (server.gatehouse.game as EmbeddedGameServer).port;
  /** axe-core on the page as it is now, a state the tour of every page in portal-admin.test.ts does not reach. */
  const expectNoSeriousAxeFinding = async (state: string) => expect(await seriousAxeFindings(page), state).to.deep.equal([]);

  before(async function () {
    requireChromium(this);
    directory = await temporaryDirectory('gatehouse-portal-admin-pages-');
    server = await startTestGatehouse(() => undefined, { dataDirectory: directory });
    browser = await startChromium();
    bot = await joinBot(gamePort(), 'Walker');
    await adminAccount(server, admin.username, 'Chief', admin.password);
    adminToken = (await api(server.baseUrl, 'POST', '/api/auth/login', { body: admin })).body.token;
    portal = await openPortal(browser, server.baseUrl, '/login', desktop);
    page = portal.page;
    await logInThroughPortal(page, server.baseUrl, admin);
  });
  after(async function () {
    if (bot) await leave(bot);
    await browser?.close();
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  // First, while the server is fresh: the sampler's first sample is a minute after start, and this test takes one now.
  it('says on the overview why the charts of a fresh server are a single point, and when the next comes', async function () {
    const sample = await server.gatehouse.services.get('metricsSampler').sampleNow();
    // The login left the page on the overview: read again, with the sample. Its first read may still be on its way: the answer awaited is one asked for after the reload.
    const reloaded = Date.now();
    const answer = page.waitForResponse((response) => response.url().includes('/api/admin/metrics/history') && response.request().timing().startTime >= reloaded);
    await page.reload();
    const history = (await (await answer).json()) as { servers: Array<{ at: string[] }> };
    expect(history.servers.map((series) => series.at.length)).to.deep.equal([1]);
    await page.getByRole('img', { name: /^Players online on/ }).waitFor();
    const note = page.getByText(/^One point so far/);
    await note.waitFor({ timeout: 10_000 });
    const said = (await note.textContent()) ?? '';
    expect(said).to.match(/five minutes/);
    // The next point: the five minutes after the one shown.
    const next = new Date(Date.parse(history.servers[0]!.at[0]!) + 300_000);
    const time = await page.evaluate((iso) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }), next.toISOString());
    expect(said).to.include(time);
    expect(Date.parse(sample.at)).to.be.below(next.getTime());
    await expectNoSeriousAxeFinding('the overview with its note');
    expect(unexpectedProblems(portal.problems)).to.deep.equal([]);
  });

  it('shows which settings override config.yml and the value each hides, and gives one back, which the game applies', async function () {
    expect((await asAdmin('POST', '/api/admin/settings', { difficulty: 'hard', maxPlayers: 7 })).status).to.equal(200);
    await goInPortal(page, '/admin/settings');
    const intro = (await page.locator('.admin-intro').textContent()) ?? '';
    expect(intro, 'the old sentence').not.to.match(/until the next restart/);
    expect(intro).to.match(/config\.yml/);

    const giveBackDifficulty = page.getByRole('button', { name: 'Give Difficulty back to config.yml (normal)' });
    await giveBackDifficulty.waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Give Most players at once back to config.yml (20)' }).waitFor();
    expect(await page.getByText("Overrides config.yml's value: normal").count()).to.equal(1);
    await expectNoSeriousAxeFinding('the settings, some overridden');
    expect(await page.getByRole('button', { name: /^Give Game mode for new players back/ }).count(), 'not overridden').to.equal(0);

    const difficulty = new Promise((resolve) => bot._client.on('difficulty', (packet: { difficulty: unknown }) => resolve(packet.difficulty)));
    await giveBackDifficulty.click();
    expect(await difficulty).to.equal('normal');
    await page.getByRole('status').getByText('difficulty is back to its value from config.yml').waitFor();
    await giveBackDifficulty.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Difficulty').inputValue()).to.equal('normal');
    const read = (await asAdmin('GET', '/api/admin/settings')).body;
    expect(read.overridden).to.deep.equal(['maxPlayers']);
    expect(read.settings.difficulty).to.equal('normal');
    await page.getByRole('button', { name: 'Give Most players at once back to config.yml (20)' }).waitFor();
    expect(unexpectedProblems(portal.problems)).to.deep.equal([]);
  });

  it('announces until removed when the duration is left empty, and removes an announcement after a confirm step, which players who join then are not shown', async function () {
    await goInPortal(page, '/admin/messages');
    const text = 'Until someone removes it';
    const heard = nextChat(bot, /\[Announcement\] Until someone removes it/);
    await page.getByLabel('Announcement').fill(text);
    await page.getByLabel('Shown to players who join for (hours)').fill('');
    await page.getByRole('button', { name: 'Announce' }).click();
    await heard;
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
    await row.waitFor();
    await row.getByRole('cell', { name: 'until removed', exact: true }).waitFor({ timeout: 5000 });
    const listed = (await asAdmin('GET', '/api/admin/messages')).body.messages as Array<{ id: number; content: string; expiresAt: string | null }>;
    const announcement = listed.find((message) => message.content === text)!;
    expect(announcement.expiresAt).to.equal(null);
    const early = await joinBot(gamePort(), 'Early');
    try {
      await eventually(() => (chatLog(early).some((line) => line.includes(text)) ? true : undefined), 10_000, 'the announcement shown on joining');
    } finally {
      await leave(early);
    }

    await row.getByRole('button', { name: `Remove “${text}”` }).click();
    expect(
      (await asAdmin('GET', '/api/admin/messages')).body.messages.some((message: { id: number }) => message.id === announcement.id),
      'asked first',
    ).to.equal(true);
    await expectNoSeriousAxeFinding('the messages, asking to remove an announcement');
    await page.getByRole('button', { name: 'Yes, remove it' }).click();
    await page.getByRole('status').getByText(`Announcement ${announcement.id} removed`).waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await asAdmin('GET', '/api/admin/messages')).body.messages.some((message: { id: number }) => message.id === announcement.id)).to.equal(false);
    const [audit] = (await asAdmin('GET', '/api/admin/audit?limit=1')).body.entries;
    expect(audit).to.deep.include({ action: 'message.remove', actor: admin.username });

    // A player who joins now is not shown it: what they hear before a direct message sent after they joined holds no announcement.
    const late = await joinBot(gamePort(), 'Late');
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await asAdmin('POST', '/api/admin/messages/send', { username: 'Late', message: 'After joining' })).status).to.equal(200);
      await eventually(() => (chatLog(late).some((line) => line.includes('After joining')) ? true : undefined), 10_000, 'the direct message');
      expect(chatLog(late).filter((line) => line.includes(text))).to.deep.equal([]);
    } finally {
      await leave(late);
    }
    expect(unexpectedProblems(portal.problems)).to.deep.equal([]);
  });

  it('schedules a restart the players are told of in game, then shows the pending restart with the notice, not the filled form', async function () {
    await goInPortal(page, '/admin/restart');
    await page.getByText('No restart is scheduled.').waitFor();
    const told = nextChat(bot, /The server will restart in 10m: Trying the page/);
    await page.getByLabel('Delay (seconds)').fill('600');
    await page.getByLabel('Reason (shown to players)').fill('Trying the page');
    await page.getByRole('button', { name: 'Schedule the restart' }).click();
    await told;
    const pending = page.getByRole('region', { name: 'Pending restart' });
    await pending.getByTestId('countdown').waitFor();
    await pending.getByRole('status').getByText('Server restart scheduled in 600 seconds').waitFor();
    expect(await page.getByLabel('Reason (shown to players)').count(), 'the form is put away').to.equal(0);
    await expectNoSeriousAxeFinding('the pending restart, the form put away');
    expect(await page.getByText('Trying the page', { exact: false }).count(), 'the reason shown once, in the pending restart').to.equal(1);

    // Another, replacing it: the form comes back empty.
    await page.getByRole('button', { name: 'Schedule another instead' }).click();
    expect(await page.getByLabel('Reason (shown to players)').inputValue()).to.equal('');
    expect(await page.getByLabel('Delay (seconds)').inputValue()).to.equal('300');
    await expectNoSeriousAxeFinding('the pending restart with the form to replace it');
    await asAdmin('DELETE', '/api/admin/restart');
    await page.getByText('No restart is scheduled.').waitFor({ timeout: 10_000 });
    expect(unexpectedProblems(portal.problems)).to.deep.equal([]);
  });

  it('backs up now from the Backups page, lists the archive with its contents, downloads it, says how to restore, and deletes it', async function () {
    await goInPortal(page, '/admin/backups');
    await page.getByText('No backup has been taken yet.').waitFor();
    await expectNoSeriousAxeFinding('the Backups page with no archive');
    await page.getByRole('button', { name: 'Back up now' }).click();
    await page
      .getByRole('status')
      .getByText(/started: it is listed once complete/)
      .waitFor();
    const row = page.getByRole('row').filter({ hasText: /gatehouse-main-.*\.zip/ });
    await row.waitFor({ timeout: 30_000 });
    const state = (await asAdmin('GET', '/api/admin/backups')).body;
    const [listed] = state.backups;
    expect(await row.textContent())
      .to.contain(`${listed.counts.users} user${listed.counts.users === 1 ? '' : 's'}, `)
      .and.to.contain('Worlds: world');
    await page.getByRole('region', { name: 'Restoring a backup' }).getByText(`npm run restore -- ${state.directory}/${listed.name}`).waitFor();
    const [downloaded] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Download ${listed.name}` }).click()]);
    expect(downloaded.suggestedFilename()).to.equal(listed.name);
    await expectNoSeriousAxeFinding('the Backups page with an archive');
    if (process.env.GATEHOUSE_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.GATEHOUSE_SCREENSHOTS}/admin-backups.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 812 });
      await page.screenshot({ path: `${process.env.GATEHOUSE_SCREENSHOTS}/admin-backups-phone.png`, fullPage: true });
      await page.setViewportSize(desktop);
    }
    // Deleted after the confirm step.
    await row.getByRole('button', { name: `Delete ${listed.name}` }).click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.getByText('No backup has been taken yet.').waitFor();
    const audited = (await asAdmin('GET', '/api/admin/audit')).body.entries.map((entry: { action: string }) => entry.action);
    expect(audited).to.include('backup.create').and.to.include('backup.download').and.to.include('backup.delete');
    expect(unexpectedProblems(portal.problems)).to.deep.equal([]);
  });

  it('keeps the users pager on the page of the rows shown while the next loads, and says it is loading', async function () {
    const existing = (await asAdmin('GET', '/api/admin/users?limit=1')).body.pagination.total as number;
    for (let count = existing; count < 27; count++) await registeredUser(server.gatehouse, server.baseUrl, `member${count}`, `Member${count}`);
    // The second page's answer is held until the test lets it go, as a slow network would.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const secondPage = (url: URL) => url.pathname === '/api/admin/users' && url.searchParams.get('page') === '2';
    await page.route(secondPage, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await goInPortal(page, '/admin/users');
      const pages = page.getByRole('navigation', { name: 'Pages of accounts' });
      await pages.getByText('Page 1 of 2 (27 in all)').waitFor();
      const table = page.getByRole('table');
      const firstPage = await table.locator('tbody tr td:first-child').allTextContents();
      expect(firstPage).to.have.length(25);

      await pages.getByRole('button', { name: 'Next' }).click();
      await pages.getByText('Loading page 2…').waitFor();
      expect(await pages.getByText('Page 1 of 2 (27 in all)').count(), 'the number of the rows still shown').to.equal(1);
      expect(await page.getByText('Page 2 of 2').count()).to.equal(0);
      expect(await table.getAttribute('aria-busy')).to.equal('true');
      expect(await table.locator('tbody tr td:first-child').allTextContents()).to.deep.equal(firstPage);
      expect(await pages.getByRole('button', { name: 'Next' }).isDisabled(), 'no second request while one runs').to.equal(true);
      await expectNoSeriousAxeFinding('the users, a page loading');

      release();
      await pages.getByText('Page 2 of 2 (27 in all)').waitFor();
      expect(await table.locator('tbody tr').count()).to.equal(2);
      expect(await table.getAttribute('aria-busy')).not.to.equal('true');
      expect(await pages.getByText('Loading page 2…').count()).to.equal(0);
    } finally {
      release();
      await page.unroute(secondPage);
    }
    expect(unexpectedProblems(portal.problems)).to.deep.equal([]);
  });

  it('takes the focus to the field a refusal names, on the console’s forms as on the player’s', async function () {
    await goInPortal(page, '/admin/economy');
    const adjust = page.getByRole('form', { name: 'Adjust a balance' });
    await adjust.getByLabel('Player', { exact: true }).fill('Nobody');
    await adjust.getByLabel('Amount', { exact: true }).fill('5');
    await adjust.getByLabel('Reason', { exact: true }).fill('a test');
    await adjust.getByRole('button', { name: 'Adjust' }).click();
    const player = adjust.getByLabel('Player', { exact: true });
    await eventually(async () => ((await player.getAttribute('aria-invalid')) === 'true' ? true : undefined), 10_000, 'the player marked invalid');
    // A screen reader says the error with the field it lands on; a keyboard user types the correction at once.
    await eventually(async () => ((await player.evaluate((element) => element === document.activeElement)) ? true : undefined), 5000, 'the focus on the player refused');

    await goInPortal(page, '/admin/whitelist');
    const add = page.getByRole('form', { name: 'Add a player' });
    await add.getByRole('button', { name: 'Add to the whitelist' }).click();
    const name = add.getByLabel('Player name', { exact: true });
    await eventually(async () => ((await name.getAttribute('aria-invalid')) === 'true' ? true : undefined), 10_000, 'the empty name marked invalid');
    await eventually(async () => ((await name.evaluate((element) => element === document.activeElement)) ? true : undefined), 5000, 'the focus on the name refused');
    // The refusals asked for here are logged by the browser as failed requests: taken off the page's record, which the next test reads.
    expect(unexpectedProblems(portal.problems.splice(0), [400, 404])).to.deep.equal([]);
  });

  it('never offers to teleport a player to themselves: the player to move is not among those to move them to', async function () {
    await goInPortal(page, '/admin/teleports');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'A player to a player' }) });
    const who = form.getByLabel('Player to move');
    const to = form.getByLabel('To the player');
    await to.waitFor();
    const names = async () => (await to.locator('option').allTextContents()).filter((name) => /^[A-Za-z0-9_]{3,16}$/.test(name));
    // Walker alone online: nobody to move him to.
    expect(await who.inputValue()).to.equal('Walker');
    expect(await to.inputValue(), 'Walker to himself').not.to.equal('Walker');
    expect(await names()).to.deep.equal([]);
    await form.getByRole('button', { name: 'Teleport' }).click();
    await form.getByText('Nobody else is online to move Walker to.').waitFor();
    await expectNoSeriousAxeFinding('the teleports, nobody to move Walker to');
    expect((await asAdmin('GET', '/api/admin/teleports')).body.teleports, 'nothing moved').to.deep.equal([]);

    const runner = await joinBot(gamePort(), 'Runner');
    try {
      await eventually(async () => ((await names()).includes('Runner') ? true : undefined), 15_000, 'Runner among the players to choose');
      expect(await to.inputValue()).not.to.equal(await who.inputValue());
      await who.selectOption('Runner');
      expect(await names()).to.deep.equal(['Walker']);
      expect(await to.inputValue(), 'Runner to himself').not.to.equal('Runner');
      await who.selectOption('Walker');
      expect(await names()).to.deep.equal(['Runner']);
      expect(await to.inputValue()).not.to.equal('Walker');
    } finally {
      await leave(runner);
    }
    expect(unexpectedProblems(portal.problems)).to.deep.equal([]);
  });
});
