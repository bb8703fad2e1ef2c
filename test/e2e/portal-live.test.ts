/**
 * The pages that take the live event stream, in Chromium: a player's
 * balance after an admin's payment, the console's list of who is online
 * as a bot joins and leaves, and the restart countdown as another admin
 * schedules and cancels, each within 2 s and without a reload (a mark left
 * on the page's window must still be there, and no page was loaded again).
 * Their polling, the fallback, is 10 to 15 s: a page that still polled would
 * fail here.
 */
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { Page } from 'playwright-core';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { joinBot, leave } from '../helpers/bots.js';
import { type HeadlessChromium, requireChromium, startChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { desktop, openPortal, phone, screenshotFor, unexpectedProblems } from '../helpers/portal.js';
import { adminAccount, goInPortal, logInThroughPortal } from '../helpers/portal-admin.js';

const serviceToken = 'portal-live-service-token-0123456789abcdef';

/** Leaves a mark on the page's window: a reload would lose it. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMark: boolean }).liveMark = true;
  });
}
async function stillSameWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark === true);
}

/** Resolves with the milliseconds until `text()` matches, or fails past `withinMs`. */
async function within(withinMs: number, what: string, text: () => Promise<string | null>, wanted: (text: string) => boolean): Promise<number> {
  const started = Date.now();
  let last: string | null = null;
  while (Date.now() - started < withinMs) {
    last = await text();
    if (last !== null && wanted(last)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what} did not change within ${withinMs} ms (last: ${JSON.stringify(last)})`);
}

describe('live pages in Chromium: the balance, the online list and the restart countdown follow the event stream', function () {
  this.timeout(120_000);
  let server: TestGatehouse;
  let browser: HeadlessChromium;
  const bots: Bot[] = [];
  const asService = (method: string, path: string, body?: unknown) => api(server.baseUrl, method, path, { token: serviceToken, body });

  before(async function () {
    requireChromium(this);
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      config.settings.economy.startingBalance = 100;
    });
    browser = await startChromium();
  });
  after(async function () {
    await Promise.all(bots.map((bot) => leave(bot)));
    await browser?.close();
    await server?.stop();
  });

  it("shows a player's new balance and history within 2 s of an admin's payment, without a reload", async function () {
    await registeredUser(server.gatehouse, server.baseUrl, 'livia', 'Livia', 'livia-pass');
    const { page, problems } = await openPortal(browser, server.baseUrl, '/login', desktop);
    await logInThroughPortal(page, server.baseUrl, { username: 'livia', password: 'livia-pass' }, '/account');
    const balance = page.getByTestId('balance');
    await within(
      10_000,
      'the first balance',
      () => balance.textContent(),
      (text) => text.includes('100.00'),
    );
    // The stream is open once the page says nothing of polling; give it its first read.
    await page.waitForResponse((response) => response.url().endsWith('/api/events'), { timeout: 5000 }).catch(() => undefined);
    await markWindow(page);
    let loads = 0;
    page.on('load', () => (loads += 1));

    expect((await asService('POST', '/api/admin/economy/adjust', { username: 'Livia', amount: 25.5, reason: 'Event prize' })).status).to.equal(200);
    const took = await within(
      2000,
      'the balance',
      () => balance.textContent(),
      (text) => text.includes('125.50'),
    );
    await within(
      2000,
      'the history',
      () => page.getByTestId('history').textContent(),
      (text) => text.includes('Event prize'),
    );
    expect(await stillSameWindow(page), 'the page was not loaded again').to.equal(true);
    expect(loads).to.equal(0);
    console.log(`      the balance changed on the page ${took} ms after the payment's answer`);
    expect(unexpectedProblems(problems)).to.deep.equal([]);
    await page.close();
  });

  it("lists a bot that joins on the console's overview within 2 s, and takes it off when it leaves, without a reload", async function () {
    const admin = await adminAccount(server, 'boss', 'Boss', 'boss-pass-1');
    const { page, problems } = await openPortal(browser, server.baseUrl, '/login', desktop);
    await logInThroughPortal(page, server.baseUrl, admin, '/admin');
    await within(
      10_000,
      'the overview',
      () => page.locator('#online-title').textContent(),
      (text) => text.includes('Who is online'),
    );
    await within(
      5000,
      'the live note',
      () => page.locator('.admin-intro').textContent(),
      (text) => text.includes('Live'),
    );
    await markWindow(page);
    const online = () => page.locator('main').textContent();

    const bot = await joinBot((server.gatehouse.game as EmbeddedGameServer).port, 'Visitor');
    bots.push(bot);
    const joined = Date.now();
    await within(
      2000,
      'the online list',
      () =>
        page
          .getByTestId('online-players')
          .textContent()
          .catch(() => null),
      (text) => text.includes('Visitor'),
    );
    console.log(`      Visitor listed ${Date.now() - joined} ms after its spawn`);
    await page.setViewportSize(phone);
    await screenshotFor(page, 'admin-overview-live-phone');
    await page.setViewportSize(desktop);
    await leave(bots.pop()!);
    await within(2000, 'the online list after the leave', online, (text) => !text.includes('Visitor'));
    expect(await stillSameWindow(page)).to.equal(true);

    // The restart page: another admin (the service token) schedules and cancels; the countdown comes and goes.
    await goInPortal(page, '/admin/restart');
    await within(5000, 'the restart page', online, (text) => text.includes('No restart is scheduled'));
    await markWindow(page);
    expect((await asService('POST', '/api/admin/restart', { delay: 900, reason: 'new plugin' })).status).to.equal(200);
    await within(
      2000,
      'the countdown',
      () =>
        page
          .getByTestId('countdown')
          .textContent()
          .catch(() => null),
      (text) => /1[45]/.test(text),
    );
    expect(await online()).to.include('new plugin');
    expect((await asService('DELETE', '/api/admin/restart')).status).to.equal(200);
    await within(2000, 'the cancelled restart', online, (text) => text.includes('No restart is scheduled'));
    expect(await stillSameWindow(page), 'the page was not loaded again').to.equal(true);
    expect(unexpectedProblems(problems)).to.deep.equal([]);
    await page.close();
  });
});
