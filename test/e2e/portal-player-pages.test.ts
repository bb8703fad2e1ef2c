/**
 * The player's pages say what is so, in real Chromium against a Gatehouse
 * with its embedded game and a mineflayer bot: each item under one name,
 * offers at the discount they give. Each test logs in on its own page, so
 * any one of them runs alone (`--grep`).
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { Page } from 'playwright-core';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { requireChromium, startChromium, type HeadlessChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { desktop, openPortal, seriousAxeFindings, unexpectedProblems, type PortalPage } from '../helpers/portal.js';

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

  /** A page logged in through the login page, at `next`. */
  async function loggedIn(next: string, viewport = desktop): Promise<Page> {
    const portal = await openPortal(browser, server.baseUrl, `/login?next=${encodeURIComponent(next)}`, viewport);
    opened.push(portal);
    const page = portal.page;
    page.setDefaultTimeout(10_000);
    await page.getByLabel('Username', { exact: true }).fill(player.username);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === next);
    await page.locator('#page-title').waitFor();
    return page;
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
});
