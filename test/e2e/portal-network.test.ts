/**
 * The portal on a network of servers: two Gatehouse instances on one
 * PostgreSQL database, each with its own embedded game. The player's bot is
 * in the game of one (creative); the player logs in and buys through the
 * portal of the other (survival), and the item arrives in the bot's
 * inventory on creative, as the page says.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { eventually, joinBot, leave, registrationCodeFor } from '../helpers/bots.js';
import { requireChromium, startChromium, type HeadlessChromium } from '../helpers/chromium.js';
import { api, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { ownEmbeddedGame, startNetworkInstance } from '../helpers/network.js';
import { desktop, openPortal, seriousAxeFindings, unexpectedProblems } from '../helpers/portal.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

const shopFile = `deliveries: { retry-seconds: 3600 }
items:
  diamond: { category: resources, price: 10.00, stock: 1000, target-stock: 1000 }
  cobblestone: { category: blocks, price: 0.25, stock: 5000, target-stock: 5000 }
`;

function held(bot: Bot, item: string): number {
  return bot.inventory
    .items()
    .filter((stack) => stack.name === item)
    .reduce((sum, stack) => sum + stack.count, 0);
}

describe("the portal on a network: log in on one instance's portal, buy for the player on the other's game", function () {
  this.timeout(120_000);
  let postgres: ThrowawayPostgres;
  let prefix: string;
  let directory: string;
  let survival: TestGatehouse;
  let creative: TestGatehouse;
  let browser: HeadlessChromium;
  let bot: Bot | undefined;

  const start = (server: string) =>
    startNetworkInstance({ directory, postgres, prefix }, server, (config) => {
      config.settings.economy.startingBalance = 1000;
      config.shopFile = path.join(directory, 'shop.yml');
    });

  before(async function () {
    requireChromium(this);
    postgres = await requirePostgres(this);
    prefix = uniquePrefix('portal_network');
    directory = await temporaryDirectory('gatehouse-portal-network-');
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    [survival, creative] = await Promise.all([start('survival'), start('creative')]);
    browser = await startChromium();
  });
  after(async function () {
    if (bot) await leave(bot);
    await browser?.close();
    await Promise.all([survival?.stop(), creative?.stop()]);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("delivers a purchase made on survival's portal to the bot in creative's game, once", async function () {
    bot = await joinBot(ownEmbeddedGame(creative).port, 'Roamer');
    const code = await registrationCodeFor(bot);
    expect((await api(creative.baseUrl, 'POST', '/api/auth/register', { body: { code, username: 'roamer', password: 'password1', email: 'r@example.com' } })).status).to.equal(201);
    await eventually(
      async () => ((await survival.gatehouse.game.onlinePlayers()).some((player) => player.name === 'Roamer' && player.server === 'creative') ? true : undefined),
      10_000,
      'Roamer seen from survival on creative',
    );

    const { page, problems } = await openPortal(browser, survival.baseUrl, '/login', desktop);
    page.setDefaultTimeout(10_000);
    await page.getByLabel('Username', { exact: true }).fill('roamer');
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/account$/);
    await page.getByTestId('balance').getByText('$1,000.00').waitFor();

    await page.goto(`${survival.baseUrl}/shop`);
    const row = page.getByTestId('catalogue').getByRole('row', { name: /Diamond/ });
    await row.getByLabel('How many Diamond').fill('3');
    await row.getByRole('button', { name: /Buy Diamond/ }).click();
    await page.getByText(/Bought 3 Diamond for \$[\d.,]+\. It is in your inventory\./).waitFor();
    await eventually(() => (held(bot!, 'diamond') === 3 ? true : undefined), 15_000, "three diamonds in the bot's inventory on creative");
    await page.getByTestId('deliveries').getByText('Delivered').waitFor();
    expect(await seriousAxeFindings(page)).to.deep.equal([]);

    // Seen from either instance, the same single delivery, and the items stay three.
    const token = (await api(creative.baseUrl, 'POST', '/api/auth/login', { body: { username: 'roamer', password: 'password1' } })).body.token as string;
    for (const instance of [survival, creative]) {
      const deliveries = (await api(instance.baseUrl, 'GET', '/api/shop/deliveries', { token })).body.deliveries;
      expect(deliveries).to.have.length(1);
      expect(deliveries[0]).to.include({ item: 'diamond', quantity: 3, given: 3, state: 'delivered' });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(held(bot, 'diamond')).to.equal(3);
    expect(unexpectedProblems(problems)).to.deep.equal([]);
  });
});
