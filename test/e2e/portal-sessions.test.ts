/**
 * Sessions in the portal, in real Chromium against a Gatehouse with its
 * embedded game and a mineflayer bot: a new tab and a reload stay logged in
 * (the refresh cookie), "End all other sessions" logs a second browser out,
 * a password changed on the sessions page, and a forgotten password reset
 * with the code the bot was told in chat after /resetpassword. Steps run in
 * order and share one Gatehouse, two Chromiums (two devices) and one bot.
 */
import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { Page } from 'playwright-core';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { joinBot, leave, nextChat } from '../helpers/bots.js';
import { requireChromium, startChromium, type HeadlessChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { closeCheckingProblems, desktop, openPortal, phone, screenshotFor, seriousAxeFindings, type PortalPage } from '../helpers/portal.js';

describe('sessions in the portal in Chromium: new tabs, other devices, a changed and a forgotten password', function () {
  this.timeout(120_000);
  let server: TestGatehouse;
  let directory: string;
  let laptop: HeadlessChromium;
  let handset: HeadlessChromium;
  let bot: Bot;
  const account = { username: 'sora', password: 'sora-pass-1' };
  const opened: PortalPage[] = [];
  /** Statuses the steps cause on purpose (the browser logs each failed fetch as a console error). */
  const expectedStatuses: number[] = [];

  async function open(browser: HeadlessChromium, to: string, viewport = desktop): Promise<Page> {
    const portal = await openPortal(browser, server.baseUrl, to, viewport);
    opened.push(portal);
    portal.page.setDefaultTimeout(10_000);
    return portal.page;
  }

  async function logIn(page: Page, password = account.password): Promise<void> {
    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
  }

  async function accessible(page: Page, name: string): Promise<void> {
    await page.locator('#page-title').waitFor();
    expect(await seriousAxeFindings(page), `axe on ${name}`).to.deep.equal([]);
  }

  const balanceShown = (page: Page) => page.getByTestId('balance').filter({ hasText: '$' }).waitFor();

  before(async function () {
    requireChromium(this);
    directory = await temporaryDirectory('gatehouse-portal-sessions-');
    server = await startTestGatehouse(() => undefined, { dataDirectory: directory });
    laptop = await startChromium();
    handset = await startChromium();
    bot = await joinBot((server.gatehouse.game as EmbeddedGameServer).port, 'Sora');
    await registeredUser(server.gatehouse, server.baseUrl, account.username, 'Sora', account.password);
  });
  afterEach(async function () {
    await closeCheckingProblems(opened, expectedStatuses, server.errors);
  });
  after(async function () {
    if (bot) await leave(bot);
    await laptop?.close();
    await handset?.close();
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('stays logged in after a reload and in a new tab, with the token in no storage', async function () {
    const page = await open(laptop, '/login?next=%2Faccount');
    await logIn(page);
    await balanceShown(page);
    await page.reload();
    await balanceShown(page);
    expect(new URL(page.url()).pathname, 'a reload keeps the page').to.equal('/account');

    const tab = await open(laptop, '/account');
    await balanceShown(tab);
    expect(new URL(tab.url()).pathname, 'a new tab is logged in').to.equal('/account');
    await tab.getByRole('button', { name: 'Log out' }).waitFor();
    expect(await tab.evaluate(() => [sessionStorage.length, localStorage.length, document.cookie])).to.deep.equal([0, 0, 'gatehouse_signed_in=1']);
  });

  it("refuses the session's refresh to a page of another site and to one of another port of the same host, and the session goes on", async function () {
    const page = await open(laptop, '/account');
    await balanceShown(page);
    // Pages of two other origins: http://localhost:<port> is another site; http://127.0.0.1:<port> the same host on another port, which SameSite does not tell apart.
    const other = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Another site</title><p>Another site</p>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as AddressInfo).port;
    try {
      for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) {
        const foreign = await laptop.context.newPage();
        await foreign.goto(`${origin}/`);
        const answered = foreign.waitForResponse((response) => response.url().endsWith('/api/auth/session/refresh'));
        await foreign.evaluate(
          (url) => fetch(url, { method: 'POST', credentials: 'include', mode: 'no-cors' }).catch(() => undefined),
          `${server.baseUrl}/api/auth/session/refresh`,
        );
        // Refused by its Origin before anything else is looked at, with the cookie or without.
        expect((await answered).status(), `refused from ${origin}`).to.equal(403);
        await foreign.close();
      }
    } finally {
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
    // Nothing was used up: this browser's own page goes on with its session.
    await page.reload();
    await balanceShown(page);
  });

  it('renews a token the live event stream is refused with as expired, and opens the stream with the new one', async function () {
    const page = await open(laptop, '/forgot-password');
    let refused = false;
    await page.route(`${server.baseUrl}/api/events*`, async (route) => {
      if (refused) return route.continue();
      refused = true;
      await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Token expired; log in again', code: 'token_expired' }) });
    });
    expectedStatuses.push(403);
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/events' || path === '/api/auth/session/refresh') asked.push(path);
    });
    const opened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
    await page.goto(`${server.baseUrl}/account`);
    await balanceShown(page);
    await opened;
    // Refused, renewed with the cookie, asked again (a token issued within the same second as the last may read the same).
    const refusedAt = asked.indexOf('/api/events');
    expect(asked.slice(refusedAt, refusedAt + 3)).to.deep.equal(['/api/events', '/api/auth/session/refresh', '/api/events']);
    await page.unroute(`${server.baseUrl}/api/events*`);
  });

  it('lists the sessions, and "End all other sessions" logs the other device out', async function () {
    const other = await open(handset, '/login?next=%2Faccount', phone);
    await logIn(other);
    await balanceShown(other);

    const page = await open(laptop, '/account');
    await page.getByRole('link', { name: 'Sessions and password' }).click();
    await page.waitForURL(/\/account\/sessions$/);
    const rows = page.getByTestId('sessions').locator('tbody tr');
    await rows.first().waitFor();
    // The registration's API login, this browser's and the other device's.
    expect(await rows.count()).to.equal(3);
    expect(await rows.filter({ hasText: 'this browser' }).count()).to.equal(1);
    await accessible(page, 'the sessions page');

    await page.getByRole('button', { name: 'End all other sessions' }).click();
    await page.getByText('Ended 2 other sessions.').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="sessions"] tbody tr').length === 1);

    // The other device learns it without a step of its own: its page's live stream is closed when the session ends,
    // and the stream's reconnection is refused (a click raced that and sometimes found the login page already there).
    expectedStatuses.push(401);
    await other.waitForURL(/\/login\?reason=ended/);
    await other.getByText('Your session has ended').waitFor();
    await page.reload();
    await page.getByTestId('sessions').waitFor();
    expect(new URL(page.url()).pathname, 'this device stays').to.equal('/account/sessions');
  });

  it('changes the password on the sessions page, with its errors at their fields, readable at 375 px', async function () {
    const other = await open(handset, '/login?next=%2Faccount', phone);
    await logIn(other);
    const page = await open(laptop, '/account/sessions', phone);
    await page.getByTestId('sessions').waitFor();

    expectedStatuses.push(400);
    await page.getByLabel('Current password').fill('not-it');
    await page.getByLabel('New password', { exact: true }).fill('sora-pass-2');
    await page.getByLabel('New password again').fill('sora-pass-2');
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    expect(await page.getByLabel('Current password').getAttribute('aria-invalid')).to.equal('true');

    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.getByText('Your password is changed. 1 other session ended.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).to.be.at.most(0);
    await screenshotFor(page, 'portal-sessions-phone');
    await accessible(page, 'the sessions page at 375 px');
    account.password = 'sora-pass-2';

    // The other device's page is sent to the login page by its live stream, as above.
    expectedStatuses.push(401);
    await other.waitForURL(/\/login\?reason=ended/);
    await other.getByText('Your session has ended').waitFor();
  });

  it('sets a forgotten password with the code the game told the bot, ending every session', async function () {
    const before = await open(laptop, '/account');
    await balanceShown(before);

    const told = nextChat(bot, /password reset code: ([A-Z0-9]{8})/);
    bot.chat('/resetpassword');
    const code = (await told)[1]!;
    // As the link in the game's answer opens it: the code filled in.
    const page = await open(laptop, `/forgot-password?code=${code}`, phone);
    await page.locator('#page-title').waitFor();
    expect(await page.getByLabel('Code from the game').inputValue()).to.equal(code);
    await page.getByLabel('New password', { exact: true }).fill('sora-pass-3');
    await page.getByLabel('New password again').fill('sora-pass-4');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    expect(await page.getByLabel('New password again').getAttribute('aria-invalid')).to.equal('true');
    await accessible(page, 'the forgotten password page');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).to.be.at.most(0);
    await screenshotFor(page, 'portal-forgot-password-phone');

    await page.getByLabel('New password again').fill('sora-pass-3');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.waitForURL(/\/login\?reset=1/);
    await page.getByText('Your password is changed, and every session of your account has ended.').waitFor();
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).to.equal(account.username);

    // The code works once, and the old password no more.
    expect((await api(server.baseUrl, 'POST', '/api/auth/password/reset', { body: { code, newPassword: 'sora-pass-5' } })).status).to.equal(400);
    expect((await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: account.username, password: account.password } })).status).to.equal(401);
    // The tab that was logged in before is not any more.
    expectedStatuses.push(401);
    await before.reload();
    await before.waitForURL(/\/login\?reason=ended/);

    await logIn(page, 'sora-pass-3');
    await balanceShown(page);
  });
});
