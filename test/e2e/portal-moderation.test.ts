/**
 * Moderation in the browser, against the embedded server with a mineflayer
 * bot: the console's list of who is online kicks the bot with a reason, then
 * bans it (refused at join with the reason and the time left); the banned
 * player logs in to the portal, reads their record and appeals; the admin
 * accepts the appeal on the console and the bot joins again. Hostile text
 * stays text on both pages; no serious axe-core finding, no sideways scroll
 * at 375 px.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { Page } from 'playwright-core';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { joinBot, leave, refusedJoin } from '../helpers/bots.js';
import { type HeadlessChromium, requireChromium, startChromium } from '../helpers/chromium.js';
import { startTestGatehouse, type TestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { desktop, openPortal, type PortalPage, phone, screenshotFor, seriousAxeFindings, settled, unexpectedProblems } from '../helpers/portal.js';
import { adminAccount, goInPortal, logInThroughPortal } from '../helpers/portal-admin.js';

/** The reason a kicked bot was given, as text. */
function kickedWith(bot: Bot): Promise<string> {
  return new Promise((resolve) => bot.once('kicked', (reason: unknown) => resolve(typeof reason === 'string' ? reason : JSON.stringify(reason))));
}

const fitsAcross = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('moderation in the browser (Chromium, the embedded server, a mineflayer bot)', function () {
  this.timeout(180_000);
  let server: TestGatehouse;
  let directory: string;
  let browser: HeadlessChromium;
  /** The player's own Chromium: a browser holds one portal session for all its tabs. */
  let playerBrowser: HeadlessChromium;
  let consolePortal: PortalPage;
  let playerPortal: PortalPage;
  let bot: Bot | undefined;
  const admin = { username: 'chief', password: 'admin-pass-1' };
  const player = { username: 'rowdy', password: 'player-pass-1' };
  const gamePort = () => (server.gatehouse.game as EmbeddedGameServer).port;
  const hostile = '<img src=x onerror="window.pwned=1">';

  before(async function () {
    requireChromium(this);
    directory = await temporaryDirectory('gatehouse-portal-moderation-');
    server = await startTestGatehouse(() => undefined, { dataDirectory: directory });
    browser = await startChromium();
    playerBrowser = await startChromium();
    await adminAccount(server, admin.username, 'Chief', admin.password);
    await registeredUser(server.gatehouse, server.baseUrl, player.username, 'Rowdy', player.password);
    bot = await joinBot(gamePort(), 'Rowdy');
    consolePortal = await openPortal(browser, server.baseUrl, '/login', desktop);
    await logInThroughPortal(consolePortal.page, server.baseUrl, admin, '/admin/moderation');
  });
  after(async function () {
    if (bot) await leave(bot);
    await browser?.close();
    await playerBrowser?.close();
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('kicks the bot from the list of who is online, with the reason, shown as text', async function () {
    const page = consolePortal.page;
    await page.getByRole('button', { name: 'Kick Rowdy' }).click();
    expect(await page.getByLabel('Player name').inputValue()).to.equal('Rowdy');
    await page.getByLabel('Reason').fill(`spamming ${hostile}`);
    await screenshotFor(page, 'moderation-console');
    const kicked = kickedWith(bot!);
    await page.getByRole('button', { name: 'Kick the player' }).click();
    expect(await kicked).to.contain('spamming');
    bot = undefined;
    await page.getByText('Rowdy was kicked.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).to.equal(undefined);
  });

  it('bans the bot from the list: removed at once, refused at join with the reason and the time left, listed in force', async function () {
    const page = consolePortal.page;
    bot = await joinBot(gamePort(), 'Rowdy');
    await page.getByRole('button', { name: 'Ban Rowdy' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Ban Rowdy' }).click();
    await page.getByLabel('Reason').fill('griefing the spawn');
    await page.getByLabel('Ban length').selectOption({ label: 'One hour' });
    const removed = kickedWith(bot);
    await page.getByRole('button', { name: 'Ban the player' }).click();
    expect(await removed).to.contain('griefing the spawn');
    bot = undefined;
    await page.getByRole('cell', { name: 'griefing the spawn' }).waitFor();
    const refusal = await refusedJoin(gamePort(), 'Rowdy');
    expect(refusal).to.contain('griefing the spawn');
    expect(refusal).to.match(/(59m \d+s|1h) more/);
    expect(await seriousAxeFindings(page)).to.deep.equal([]);
    await page.setViewportSize(phone);
    expect(await fitsAcross(page), 'the console at 375 px').to.equal(true);
    await screenshotFor(page, 'moderation-console-phone');
    await page.setViewportSize(desktop);
  });

  it('lets the banned player read their record and appeal once, saying they cannot join', async function () {
    playerPortal = await openPortal(playerBrowser, server.baseUrl, '/login', phone);
    const page = playerPortal.page;
    await logInThroughPortal(page, server.baseUrl, player, '/record');
    await page.getByText('Rowdy is banned: until the ban ends or is lifted you cannot join the game, move money, buy or sell').waitFor();
    await page.getByText('Reason: griefing the spawn').waitFor();
    await page.getByText('Reason: spamming').waitFor();
    expect(await page.locator('main img').count(), 'a reason is text').to.equal(0);
    await page.getByLabel('Your appeal (once for this ban)').fill(`I was testing a resource pack ${hostile}`);
    await page.getByRole('button', { name: 'Send the appeal' }).click();
    await page.getByText(/waiting for an answer/).waitFor();
    expect(await page.getByRole('button', { name: 'Send the appeal' }).count(), 'once').to.equal(0);
    expect(await seriousAxeFindings(page)).to.deep.equal([]);
    expect(await fitsAcross(page), 'the record at 375 px').to.equal(true);
    await screenshotFor(page, 'moderation-record-phone');
    // Where money moves, the pages say what a banned player cannot do there, and link the record.
    for (const where of ['/shop', '/inventory', '/account']) {
      await goInPortal(page, where);
      await page.getByText('You are banned: until the ban ends or is lifted you cannot move money, buy or sell.').waitFor();
      await page.getByRole('link', { name: 'Your record and its appeal' }).waitFor();
    }
    await goInPortal(page, '/record');
  });

  it('the admin sees the appeal arrive without a reload and accepts it; the player reads the answer and the bot joins again', async function () {
    const page = consolePortal.page;
    // Live: the console page stays as it was when the player appealed, and the appeal shows up by the event stream.
    await page.getByText(/I was testing a resource pack/).waitFor({ timeout: 5000 });
    expect(await page.locator('main img').count(), 'the appeal is text').to.equal(0);
    await page.getByLabel('Answer to Rowdy').fill('Fair enough: welcome back');
    await screenshotFor(page, 'moderation-console-appeal');
    await page.getByRole('button', { name: 'Accept and lift the ban' }).click();
    await page.getByText('Appeal accepted: ban').waitFor();
    await page.getByText('Nobody is banned.').waitFor();

    await playerPortal.page.reload();
    await playerPortal.page.getByText('Fair enough: welcome back').waitFor();
    await playerPortal.page.getByText('Rowdy is not banned.').waitFor();
    await screenshotFor(playerPortal.page, 'moderation-record-answered');
    await goInPortal(playerPortal.page, '/shop');
    await playerPortal.page.getByRole('heading', { name: 'Shop' }).waitFor();
    await settled(playerPortal.page);
    expect(await playerPortal.page.getByText(/You are banned/).count(), 'no longer banned').to.equal(0);

    bot = await joinBot(gamePort(), 'Rowdy');
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).to.equal(undefined);
    expect(await playerPortal.page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).to.equal(undefined);
    expect(unexpectedProblems(consolePortal.problems)).to.deep.equal([]);
    // The inventory page of a player not in the game: the API's 404 player_not_online, which the page words.
    expect(unexpectedProblems(playerPortal.problems, [404])).to.deep.equal([]);
  });
});
