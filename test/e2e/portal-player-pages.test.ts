/**
 * The player's pages say what is so, in real Chromium against a Gatehouse
 * with its embedded game and a mineflayer bot: each item under one name,
 * offers at the discount they give, a refusal at the field it is about (on
 * the player's forms and the console's), back where the player was after
 * logging in again, the figures of every table in sight on a phone. Each test logs in on its own page, so
 * any one of them runs alone (`--grep`).
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import type { Bot } from 'mineflayer';
import type { Locator, Page } from 'playwright-core';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { adminAccount } from '../helpers/portal-admin.js';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { requireChromium, startChromium, type HeadlessChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { desktop, openPortal, phone, screenshotFor, seriousAxeFindings, unexpectedProblems, type PortalPage } from '../helpers/portal.js';

const shopFile = `
weekly: { offers: 4, discount-percent: 25, limit-per-player: 10 }
deliveries: { retry-seconds: 3600 }
items:
  iron_ingot: { category: resources, price: 8.00, stock: 512, target-stock: 512 }
  diamond: { category: resources, price: 100.00, stock: 100, target-stock: 100 }
  cobblestone: { category: blocks, price: 0.25, stock: 5000, target-stock: 5000 }
  bread: { category: food, price: 3.00, stock: 100, target-stock: 100 }
`;

const serviceToken = 'portal-pages-test-service-token-0123456789abcdef';
const player = { username: 'pia', password: 'pia-pass-1' };

describe("the player's pages say what is so (Chromium, embedded server, a bot)", function () {
  this.timeout(120_000);
  let server: TestGatehouse;
  let directory: string;
  let browser: HeadlessChromium;
  let bot: Bot;
  let token: string;
  const opened: PortalPage[] = [];
  /** Statuses the tests cause on purpose (the browser logs each failed fetch as a console error). */
  const expectedStatuses: number[] = [];
  const asPlayer = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token, body });
  const asService = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });

  /** A page logged in through the login page, at `next`. */
  async function loggedIn(next: string, viewport = desktop, account = player): Promise<Page> {
    const portal = await openPortal(browser, server.baseUrl, `/login?next=${encodeURIComponent(next)}`, viewport);
    opened.push(portal);
    const page = portal.page;
    page.setDefaultTimeout(10_000);
    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === next);
    await page.locator('#page-title').waitFor();
    return page;
  }

  /**
   * The error stands at the control and is tied to it: marked invalid, and
   * described by a text inside the control's own field that says `words`.
   */
  async function refusedAt(control: Locator, words: string): Promise<void> {
    await eventually(async () => ((await control.getAttribute('aria-invalid')) === 'true' ? true : undefined), 10_000, 'the control marked invalid');
    const described = await control.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id))
        .filter((said) => said !== null && said.closest('.field, form.buy') === element.closest('.field, form.buy'))
        .map((said) => said!.textContent)
        .join(' '),
    );
    expect(described).to.contain(words);
  }

  before(async function () {
    requireChromium(this);
    directory = await temporaryDirectory('gatehouse-portal-pages-');
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    server = await startTestGatehouse(
      (config) => {
        config.token = serviceToken;
        config.settings.economy.startingBalance = 100;
        config.shopFile = path.join(directory, 'shop.yml');
      },
      { dataDirectory: directory },
    );
    browser = await startChromium();
    bot = await joinBot((server.gatehouse.game as EmbeddedGameServer).port, 'Pia');
    token = await registeredUser(server.gatehouse, server.baseUrl, player.username, 'Pia', player.password);
  });
  afterEach(async function () {
    for (const portal of opened.splice(0)) {
      const problems = unexpectedProblems(portal.problems, expectedStatuses);
      await portal.page.close();
      expect(problems, server.errors.join('\n')).to.deep.equal([]);
    }
  });
  after(async function () {
    if (bot) await leave(bot);
    await browser?.close();
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('names each item as the shop does, on the market and the inventory pages', async function () {
    const page = await loggedIn('/market');
    await page
      .getByTestId('market')
      .getByRole('row', { name: /^Iron Ingot/ })
      .waitFor();
    await server.gatehouse.game.require('console').run('give Pia iron_ingot 2');
    await eventually(() => (bot.inventory.items().some((stack) => stack.name === 'iron_ingot') ? true : undefined), 10_000, 'the ingots in the client');
    await page.getByRole('link', { name: 'Inventory' }).click();
    await page
      .getByTestId('inventory')
      .getByRole('row', { name: /^Iron Ingot/ })
      .waitFor();
    expect((await asPlayer('GET', '/api/player/inventory')).body.items[0]).to.include({ item: 'iron_ingot', name: 'Iron Ingot' });
    expect(await page.locator('main').textContent()).not.to.contain('Iron ingot');
    expect(await seriousAxeFindings(page)).to.deep.equal([]);
  });

  it("says each of this week's offers at the discount it gives, never more", async function () {
    const weekly = (await asPlayer('GET', '/api/shop/weekly')).body as { offers: Array<{ name: string; price: number; regularPrice: number; discountPercent: number }> };
    expect(weekly.offers).to.have.length(4);
    const page = await loggedIn('/shop');
    const offers = page.getByRole('region', { name: "This week's offers" });
    for (const offer of weekly.offers) {
      // 25% off is configured, but a price never goes below what selling the unit back pays (the 20% spread): what is given is less.
      expect(offer.discountPercent).to.be.below(25);
      await offers
        .getByRole('row', { name: new RegExp(`^${offer.name}`) })
        .getByText(`${offer.discountPercent}% off`)
        .waitFor();
    }
    expect(await page.locator('main').textContent()).not.to.contain('25%');
  });

  it('shows each refusal that names a field at that field, tied to it: a transfer, a purchase, an admin adjustment', async function () {
    await registeredUser(server.gatehouse, server.baseUrl, 'ben', 'Ben');
    expectedStatuses.push(400, 404);
    const page = await loggedIn('/account');
    const form = page.getByRole('form', { name: 'Send money to a player' });
    await form.getByLabel('Player', { exact: true }).fill('Ben');
    await form.getByLabel('Amount', { exact: true }).fill('500');
    await form.getByLabel('Note (optional)').fill('too much');
    await form.getByRole('button', { name: 'Send' }).click();
    await refusedAt(form.getByLabel('Amount', { exact: true }), 'Insufficient funds');
    expect(await form.getByLabel('Note (optional)').getAttribute('aria-invalid')).to.equal(null);
    expect(await form.getByLabel('Player', { exact: true }).getAttribute('aria-invalid')).to.equal(null);
    expect(await form.getByRole('alert').count(), 'nothing said apart from the field').to.equal(0);

    await form.getByLabel('Player', { exact: true }).fill('Nobody');
    await form.getByLabel('Amount', { exact: true }).fill('1');
    await form.getByRole('button', { name: 'Send' }).click();
    await refusedAt(form.getByLabel('Player', { exact: true }), 'Nobody');
    expect(await form.getByLabel('Amount', { exact: true }).getAttribute('aria-invalid')).to.equal(null);
    expect(await seriousAxeFindings(page)).to.deep.equal([]);

    // A purchase of more than the balance pays for: at the quantity.
    await page.getByRole('link', { name: 'Shop' }).click();
    const diamond = page.getByTestId('catalogue').getByRole('row', { name: /^Diamond/ });
    await diamond.getByLabel('How many Diamond').fill('3');
    await diamond.getByRole('button', { name: /Buy Diamond/ }).click();
    await refusedAt(diamond.getByLabel('How many Diamond'), 'Insufficient funds');

    // The console's forms: the adjustment's player, then its amount.
    const admin = await adminAccount(server, 'boss', 'Boss');
    const console = await loggedIn('/admin/economy', desktop, admin);
    const adjust = console.getByRole('form', { name: 'Adjust a balance' });
    await adjust.getByLabel('Player', { exact: true }).fill('Nobody');
    await adjust.getByLabel('Amount', { exact: true }).fill('5');
    await adjust.getByLabel('Reason', { exact: true }).fill('a test');
    await adjust.getByRole('button', { name: 'Adjust' }).click();
    await refusedAt(adjust.getByLabel('Player', { exact: true }), 'Nobody');
    await adjust.getByLabel('Player', { exact: true }).fill('Ben');
    await adjust.getByLabel('Amount', { exact: true }).fill('-5000');
    await adjust.getByRole('button', { name: 'Adjust' }).click();
    await refusedAt(adjust.getByLabel('Amount', { exact: true }), 'Insufficient funds');
    expect(await adjust.getByLabel('Player', { exact: true }).getAttribute('aria-invalid')).to.equal(null);
  });

  it('brings the player back to the page they were on when their session expired, once they log in again', async function () {
    const page = await loggedIn('/market');
    // The session the page holds, with its token's end an hour ago (signed by the server, so only its age is wrong).
    const key = await server.gatehouse.store.keys.getOrCreate('jwt-signing', () => {
      throw new Error('the signing key should exist by now');
    });
    const session = JSON.parse((await page.evaluate(() => sessionStorage.getItem('gatehouse.session')))!) as { token: string };
    const claims = jwt.decode(session.token) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    const expired = jwt.sign({ ...claims, iat: now - 7200, exp: now - 3600 }, key, { algorithm: 'HS256' });
    await page.evaluate((value) => sessionStorage.setItem('gatehouse.session', value), JSON.stringify({ ...session, token: expired, expiresAt: (now - 3600) * 1000 }));
    await page.goto(`${server.baseUrl}/shop`);
    await page.getByText('Your session expired. Log in again to carry on.').waitFor();
    await page.getByLabel('Username', { exact: true }).fill(player.username);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(new URL(page.url()).pathname).to.equal('/shop');
    await page.getByRole('heading', { name: 'Shop', level: 1 }).waitFor();
  });

  it("shows every table's figures within a phone's width, with no sideways swipe: market, shop, history, inventory", async function () {
    await server.gatehouse.game.require('console').run('give Pia diamond 1');
    await asService('POST', '/api/admin/economy/adjust', { username: 'Pia', amount: 1234.5, reason: 'A welcome gift from the server owner' });
    const page = await loggedIn('/market', phone);
    const tables: Record<string, string[]> = {
      '/market': ['market'],
      '/shop': ['catalogue'],
      '/account': ['history'],
      '/inventory': ['inventory'],
    };
    const found: Record<string, string[]> = {};
    for (const [to, testIds] of Object.entries(tables)) {
      await page.getByRole('link', { name: to === '/account' ? 'Account' : to.charAt(1).toUpperCase() + to.slice(2) }).click();
      for (const testId of testIds) await page.getByTestId(testId).locator('tbody tr').first().waitFor();
      await page.waitForLoadState('networkidle');
      await screenshotFor(page, `pages${to.replace('/', '-')}-phone`);
      // Every cell, button and chart of each table inside the 375 px the phone shows, and no frame to swipe sideways.
      const outside = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const found: string[] = [];
        for (const frame of document.querySelectorAll<HTMLElement>('.table-scroll')) {
          if (frame.scrollWidth > frame.clientWidth + 1) found.push(`${frame.getAttribute('aria-label')}: scrolls sideways (${frame.scrollWidth} > ${frame.clientWidth})`);
        }
        for (const shown of document.querySelectorAll<HTMLElement>('table td, table th, table button, table input, table canvas')) {
          const box = shown.getBoundingClientRect();
          if (box.width > 0 && (box.left < -1 || box.right > width + 1))
            found.push(`${shown.tagName} "${(shown.textContent ?? '').trim().slice(0, 30)}" at ${Math.round(box.left)}..${Math.round(box.right)}`);
        }
        return found;
      });
      found[to] = outside;
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${to} page width`).to.be.at.most(0);
      expect(await seriousAxeFindings(page), to).to.deep.equal([]);
    }
    expect(found).to.deep.equal({ '/market': [], '/shop': [], '/account': [], '/inventory': [] });
    // On a desktop the same tables are tables: their column headers shown.
    await page.setViewportSize(desktop);
    for (const [to, testIds] of Object.entries(tables)) {
      await page.getByRole('link', { name: to === '/account' ? 'Account' : to.charAt(1).toUpperCase() + to.slice(2) }).click();
      for (const testId of testIds) expect((await page.getByTestId(testId).locator('thead').boundingBox())?.height, to).to.be.above(10);
      await screenshotFor(page, `pages${to.replace('/', '-')}-desktop`);
    }
  });
});
