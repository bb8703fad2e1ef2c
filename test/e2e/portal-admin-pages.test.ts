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
import { joinBot, leave } from '../helpers/bots.js';
import { type HeadlessChromium, requireChromium, startChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, type TestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { desktop, openPortal, type PortalPage, unexpectedProblems } from '../helpers/portal.js';
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
});
