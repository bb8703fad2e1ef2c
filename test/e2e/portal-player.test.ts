/**
 * The player portal in real Chromium against a Gatehouse with its embedded
 * game and a mineflayer bot: the player makes their account from the code
 * /register gave the bot, then uses every page, and what the page does is
 * checked where it lands (the bot's inventory, the balances through the API).
 * Steps run in order and share one Gatehouse, one Chromium and one bot.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { Request } from 'playwright-core';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually, joinBot, leave, registrationCodeFor } from '../helpers/bots.js';
import { requireChromium, startChromium, type HeadlessChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { desktop, openPortal, phone, screenshotFor, seriousAxeFindings, tabTo, unexpectedProblems, type PortalPage, settled } from '../helpers/portal.js';

const shopFile = `
deliveries: { retry-seconds: 3600 }
items:
  diamond: { category: resources, price: 100.00, stock: 100, target-stock: 100 }
  cobblestone: { category: blocks, price: 0.25, stock: 5000, target-stock: 5000 }
  bread: { category: food, price: 3.00, stock: 100, target-stock: 100 }
`;

const jobsFile = `jobs:
  miner:
    name: Miner
    description: Breaks stone.
    daily-cap: 100
    levels: { max: 5, first: 10, growth: 2, bonus-per-level: 0.1 }
    block-broken:
      stone: { money: 0.25, experience: 10 }
`;

const serviceToken = 'portal-player-test-service-token-0123456789abcdef';
/** Text a page must show as these very characters, never as markup. */
const hostile = '"><img src=x onerror=alert(1)>';

function held(bot: Bot, item: string): number {
  return bot.inventory
    .items()
    .filter((stack) => stack.name === item)
    .reduce((sum, stack) => sum + stack.count, 0);
}

describe('the player portal in Chromium: a bot registers, and the player uses every page', function () {
  this.timeout(120_000);
  let server: TestGatehouse;
  let directory: string;
  let browser: HeadlessChromium;
  let bot: Bot;
  let portal: PortalPage;
  let token: string;
  const dialogs: string[] = [];
  /** Statuses the steps cause on purpose (the browser logs each failed fetch as a console error). */
  const expectedStatuses: number[] = [];
  const gamePort = () => (server.gatehouse.game as EmbeddedGameServer).port;
  const asService = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });
  const asPlayer = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token, body });
  const page = () => portal.page;

  async function checkAccessible(name: string): Promise<void> {
    await page().locator('#page-title').waitFor();
    expect(await seriousAxeFindings(page()), `axe on ${name}`).to.deep.equal([]);
  }

  async function go(to: string): Promise<void> {
    await page().goto(server.baseUrl + to);
    await page().locator('#page-title').waitFor();
  }

  before(async function () {
    requireChromium(this);
    directory = await temporaryDirectory('gatehouse-portal-player-');
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    await writeFile(path.join(directory, 'jobs.yml'), jobsFile);
    server = await startTestGatehouse(
      (config) => {
        config.token = serviceToken;
        config.settings.economy.startingBalance = 1_000;
        config.shopFile = path.join(directory, 'shop.yml');
        config.jobs.payoutIntervalMs = 3_600_000;
      },
      { dataDirectory: directory },
    );
    browser = await startChromium();
    bot = await joinBot(gamePort(), 'Portia');
  });
  after(async function () {
    if (bot) await leave(bot);
    await browser?.close();
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('makes the account from the code /register gave in the game, logs in and shows the balance', async function () {
    const code = await registrationCodeFor(bot);
    portal = await openPortal(browser, server.baseUrl, '/register', desktop);
    page().setDefaultTimeout(10_000);
    page().on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await checkAccessible('the register page');

    // A wrong code first: the error stands beside the field.
    await page().getByLabel('Code from the game').fill('WRONG123');
    await page().getByRole('button', { name: 'Check the code' }).click();
    await page().getByText('This code is not valid or has expired').waitFor();
    expect(await page().getByLabel('Code from the game').getAttribute('aria-invalid')).to.equal('true');

    await page().getByLabel('Code from the game').fill(code);
    await page().getByRole('button', { name: 'Check the code' }).click();
    await page().getByText('This code belongs to the player').waitFor();
    expect(await page().getByRole('status').textContent()).to.contain('Portia');
    expect(await page().getByLabel('Username for the web').inputValue()).to.equal('Portia');
    await page().getByLabel('Username for the web').fill('portia');
    await page().getByLabel('E-mail').fill('portia@example.com');
    // A password the API refuses: its error stands beside the password field, and the code is still good.
    expectedStatuses.push(400);
    await page().getByLabel('Password', { exact: true }).fill('short');
    await page().getByRole('button', { name: 'Make my account' }).click();
    await eventually(
      async () => ((await page().getByLabel('Password', { exact: true }).getAttribute('aria-invalid')) === 'true' ? true : undefined),
      10_000,
      'the password marked',
    );
    const passwordDescription = (await page().getByLabel('Password', { exact: true }).getAttribute('aria-describedby'))!.split(' ');
    expect(
      await page()
        .locator(`[id="${passwordDescription.at(-1)}"]`)
        .textContent(),
    ).to.equal('password must be at least 6 characters');
    expect(await page().getByLabel('E-mail').getAttribute('aria-invalid')).to.equal(null);
    await page().getByLabel('Password', { exact: true }).fill('portia-pass');
    await checkAccessible('the register page, second step');
    await page().getByRole('button', { name: 'Make my account' }).click();

    await page().waitForURL(/\/login\?registered=1/);
    await checkAccessible('the login page');
    expect(await page().getByLabel('Username', { exact: true }).inputValue()).to.equal('portia');
    await page().getByLabel('Password', { exact: true }).fill('portia-pass');
    await page().getByRole('button', { name: 'Log in' }).click();
    await page().waitForURL(/\/account$/);
    await eventually(async () => ((await page().getByTestId('balance').textContent()) === '$1,000.00' ? true : undefined), 10_000, 'the balance on the page');
    const profile = page().getByRole('definition');
    expect(await profile.allTextContents()).to.include.members(['Portia', 'portia', 'portia@example.com']);
    await checkAccessible('the account page');

    const login = await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'portia', password: 'portia-pass' } });
    expect(login.body).to.include({ gameUsername: 'Portia', isAdmin: false });
    token = login.body.token;
  });

  it("shows an admin's adjustment in the history and the chart, still logged in after a reload", async function () {
    const adjusted = await asService('POST', '/api/admin/economy/adjust', { username: 'Portia', amount: 250, reason: 'A welcome gift' });
    expect(adjusted.status, JSON.stringify(adjusted.body)).to.equal(200);
    await page().reload();
    await page().waitForURL(/\/account$/);
    await eventually(async () => ((await page().getByTestId('balance').textContent()) === '$1,250.00' ? true : undefined), 10_000, 'the new balance');
    const history = page().getByTestId('history');
    await history.getByText('A welcome gift').waitFor();
    expect(await history.locator('tbody tr').count()).to.equal((await asPlayer('GET', '/api/economy/history')).body.transactions.length);
    expect(await history.locator('tbody tr').first().textContent()).to.contain('$250.00');
    const chart = page().getByRole('img', { name: /Your balance over your last/ });
    expect(await chart.getAttribute('aria-label')).to.contain('to $1,250.00');
    expect(await chart.locator('canvas').count()).to.equal(1);
  });

  it('buys in the shop page, and the bot gets the items exactly once', async function () {
    await go('/shop');
    await checkAccessible('the shop page');
    // The catalogue by category, then by search, then whole again.
    const names = () => page().getByTestId('catalogue').locator('tbody th').allInnerTexts();
    await page().getByLabel('Category', { exact: true }).selectOption('food');
    await eventually(async () => ((await names()).join() === 'Bread\nfood' ? true : undefined), 10_000, 'only the food');
    await page().getByLabel('Category', { exact: true }).selectOption('');
    await page().getByLabel('Search', { exact: true }).fill('cobble');
    await eventually(async () => ((await names()).join() === 'Cobblestone\nblocks' ? true : undefined), 10_000, 'only the cobblestone');
    await page().getByLabel('Search', { exact: true }).fill('');
    await eventually(async () => ((await names()).length === 3 ? true : undefined), 10_000, 'the whole catalogue');
    const row = page()
      .getByTestId('catalogue')
      .getByRole('row', { name: /Diamond/ });
    await row.getByLabel('How many Diamond').fill('2');
    await row.getByRole('button', { name: /Buy Diamond/ }).dblclick();
    await page()
      .getByText(/Bought 2 Diamond for \$/)
      .waitFor();
    await eventually(() => (held(bot, 'diamond') === 2 ? true : undefined), 10_000, 'two diamonds in the client');
    const deliveries = (await asPlayer('GET', '/api/shop/deliveries')).body.deliveries;
    expect(deliveries).to.have.length(1);
    expect(deliveries[0]).to.include({ item: 'diamond', quantity: 2, state: 'delivered' });
    await page().getByTestId('deliveries').getByText('Delivered').waitFor();
    // A second click that slipped through would have delivered two more by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(held(bot, 'diamond')).to.equal(2);
    // This week's offer: at its price, within the player's limit, which the page then counts down.
    const offer = page().getByRole('region', { name: "This week's offers" }).getByRole('row', { name: /Bread/ });
    const limit = Number(/of (\d+)/.exec((await offer.locator('td').nth(1).textContent()) ?? '')?.[1]);
    await offer.getByRole('button', { name: /Buy Bread/ }).click();
    await page()
      .getByText(/Bought 1 Bread for \$/)
      .waitFor();
    await eventually(async () => ((await offer.locator('td').nth(1).textContent()) === `${limit - 1} of ${limit}` ? true : undefined), 10_000, 'the limit counted down');
    await eventually(() => (held(bot, 'bread') === 1 ? true : undefined), 10_000, 'the bread in the client');
    expect((await asPlayer('GET', '/api/shop/weekly')).body.offers.find((entry: { item: string }) => entry.item === 'bread')).to.include({ bought: 1, remaining: limit - 1 });
    await screenshotFor(page(), 'portal-shop');
  });

  it('sells from the inventory page, with the price shown before the sale', async function () {
    await go('/inventory');
    const row = await eventually(
      async () => {
        const candidate = page()
          .getByTestId('inventory')
          .getByRole('row', { name: /Diamond/ });
        return (await candidate.count()) === 1 ? candidate : undefined;
      },
      10_000,
      'the diamonds on the inventory page',
    );
    await checkAccessible('the inventory page');
    const inventory = (await asPlayer('GET', '/api/player/inventory')).body.items as Array<{ item: string; count: number; sellPrice: number }>;
    const diamonds = inventory.find((stack) => stack.item === 'diamond')!;
    const shown = `$${(diamonds.sellPrice * 2).toFixed(2)}`; // the whole stack, as the form starts
    expect(await row.getByRole('button', { name: /Sell Diamond/ }).textContent()).to.contain(shown);
    const before = (await asPlayer('GET', '/api/economy/balance')).body.balance as number;
    await screenshotFor(page(), 'portal-inventory');
    // Some of the stack first: the button says the price of that many before the sale.
    await row.getByLabel('How many Diamond to sell').fill('1');
    expect(await row.getByRole('button', { name: /Sell Diamond/ }).textContent()).to.contain(`$${diamonds.sellPrice.toFixed(2)}`);
    await row.getByRole('button', { name: /Sell Diamond/ }).click();
    await page()
      .getByText(/Sold 1 Diamond for \$/)
      .waitFor();
    await eventually(() => (held(bot, 'diamond') === 1 ? true : undefined), 10_000, 'one diamond left in the client');
    // Then everything the market buys.
    const everything = page().getByRole('button', { name: /Sell everything sellable/ });
    await eventually(
      async () =>
        (await page()
          .getByTestId('inventory')
          .getByRole('row', { name: /Diamond/ })
          .locator('td')
          .first()
          .textContent()) === '1'
          ? true
          : undefined,
      10_000,
      'the page showing one diamond',
    );
    await everything.click();
    await page().getByText('Your inventory is empty.').waitFor();
    await eventually(() => (held(bot, 'diamond') === 0 ? true : undefined), 10_000, 'the diamonds gone from the client');
    // Everything sellable: the diamond left and this week's bread, each its own SALE.
    const sales = async () =>
      ((await asPlayer('GET', '/api/economy/history')).body.transactions as Array<{ type: string; item: string; quantity: number }>)
        .filter((movement) => movement.type === 'SALE')
        .map((sale) => `${sale.quantity} ${sale.item}`)
        .sort();
    await eventually(async () => ((await sales()).length === 3 ? true : undefined), 10_000, 'three sales paid');
    expect(await sales()).to.deep.equal(['1 bread', '1 diamond', '1 diamond']);
    expect(held(bot, 'bread')).to.equal(0);
    expect((await asPlayer('GET', '/api/economy/balance')).body.balance).to.be.above(before);
  });

  it('shows a purchase made while the player is out of the game as pending, then delivered once they join', async function () {
    await leave(bot);
    await eventually(async () => ((await server.gatehouse.game.onlinePlayers()).some((player) => player.name === 'Portia') ? undefined : true), 10_000, 'Portia out of the game');
    await go('/shop');
    const row = page()
      .getByTestId('catalogue')
      .getByRole('row', { name: /Cobblestone/ });
    await row.getByLabel('How many Cobblestone').fill('3');
    await row.getByRole('button', { name: /Buy Cobblestone/ }).click();
    await page()
      .getByText(/Bought 3 Cobblestone for \$[\d.,]+\. It waits for you: it arrives when you are in the game\./)
      .waitFor();
    const delivery = page().getByTestId('deliveries').getByRole('row').filter({ hasText: '3 × Cobblestone' });
    await delivery.getByText('Pending: join the game to receive it').waitFor();

    bot = await joinBot(gamePort(), 'Portia');
    await eventually(() => (held(bot, 'cobblestone') === 3 ? true : undefined), 15_000, 'the cobblestone in the client');
    // No reload: the page reads the deliveries again by itself (every 10 s while shown).
    await delivery.getByText('Delivered').waitFor({ timeout: 15_000 });
    expect(await delivery.getByText('Pending').count()).to.equal(0);
  });

  it("joins a job on the jobs page and sees the bot's digging paid", async function () {
    await go('/jobs');
    await checkAccessible('the jobs page');
    await page().getByRole('button', { name: 'Join Miner' }).click();
    await page().getByRole('button', { name: 'Leave Miner' }).waitFor();
    await page().getByTestId('earned-miner').waitFor();
    expect(await page().getByTestId('earned-miner').textContent()).to.contain('$0.00 of $100.00');

    await eventually(() => (bot.entity.onGround ? true : undefined), 5000, 'the bot on the ground');
    const at = bot.entity.position.floored().offset(2, -1, 0);
    const console = (line: string) => server.gatehouse.game.require('console').run(line);
    await console(`give Portia diamond_pickaxe 1`);
    const pickaxe = await eventually(() => bot.inventory.items().find((item) => item.name === 'diamond_pickaxe'), 5000, 'a pickaxe');
    await bot.equip(pickaxe, 'hand');
    await console(`setblock ${at.x} ${at.y} ${at.z} stone`);
    const stone = await eventually(() => (bot.blockAt(at)?.name === 'stone' ? bot.blockAt(at)! : undefined), 5000, 'the stone in sight');
    await bot.dig(stone, true);
    await eventually(async () => ((await asPlayer('GET', '/api/jobs/details?job=miner')).body.you.experience > 0 ? true : undefined), 10_000, 'the dig counted');
    await server.gatehouse.services.get('jobs').payouts.run();

    await page().reload();
    await eventually(async () => ((await page().getByTestId('earned-miner').textContent())?.startsWith('$0.25 of $100.00') ? true : undefined), 10_000, 'the pay on the jobs page');
    // The level and the experience toward the next one, as the API counts them.
    const you = (await asPlayer('GET', '/api/jobs/details?job=miner')).body.you as { level: number; experience: number; nextLevelAt: number | null };
    const standing = await page().getByTestId('standing-miner').locator('dd').allTextContents();
    expect(standing[0]).to.match(new RegExp(`^${you.level} \\(pay × `));
    expect(standing[1]).to.equal(you.nextLevelAt === null ? `${you.experience} (the last level)` : `${you.experience} of ${you.nextLevelAt} for the next level`);
    expect(you.experience).to.be.above(0);
    await screenshotFor(page(), 'portal-jobs');
  });

  it('moves money once for a double-clicked transfer, and shows a hostile note as text', async function () {
    const payeeToken = await registeredUser(server.gatehouse, server.baseUrl, 'payee', 'Payee');
    const payeeBefore = (await api(server.baseUrl, 'GET', '/api/economy/balance', { token: payeeToken })).body.balance as number;
    const before = (await asPlayer('GET', '/api/economy/balance')).body.balance as number;
    const countBefore = (await asPlayer('GET', '/api/economy/history')).body.pagination.total as number;

    await go('/account');
    await page().getByLabel('Player', { exact: true }).fill('Payee');
    await page().getByLabel('Amount', { exact: true }).fill('12.5');
    await page().getByLabel('Note (optional)').fill(hostile);
    await page().getByRole('button', { name: 'Send' }).dblclick();
    await page().getByText('Sent $12.50 to Payee.').waitFor();

    expect((await asPlayer('GET', '/api/economy/balance')).body.balance).to.equal(before - 12.5);
    expect((await api(server.baseUrl, 'GET', '/api/economy/balance', { token: payeeToken })).body.balance).to.equal(payeeBefore + 12.5);
    expect((await asPlayer('GET', '/api/economy/history')).body.pagination.total).to.equal(countBefore + 1);
    const payeeHistory = (await api(server.baseUrl, 'GET', '/api/economy/history', { token: payeeToken })).body.transactions as Array<{ type: string }>;
    expect(payeeHistory.filter((movement) => movement.type === 'TRANSFER')).to.have.length(1);

    await page().getByTestId('history').getByText(hostile, { exact: false }).first().waitFor();
    expect(await page().locator('img').count()).to.equal(0);
    expect(dialogs).to.deep.equal([]);
    await checkAccessible('the account page after a transfer');
    await screenshotFor(page(), 'portal-account');
  });

  it('refuses a transfer it can say why about, beside the field', async function () {
    expectedStatuses.push(404);
    await page().getByLabel('Player', { exact: true }).fill('Nobody');
    await page().getByLabel('Amount', { exact: true }).fill('1');
    await page().getByRole('button', { name: 'Send' }).click();
    await eventually(
      async () => ((await page().getByLabel('Player', { exact: true }).getAttribute('aria-invalid')) === 'true' ? true : undefined),
      10_000,
      'the player field marked',
    );
    await checkAccessible('the account page with an error');
  });

  it("writes money in the server's currency, and shows the history a page at a time", async function () {
    // More movements than a page of the history holds (10).
    const total = (await asPlayer('GET', '/api/economy/history')).body.pagination.total as number;
    for (let count = total; count < 13; count++) {
      expect((await asService('POST', '/api/admin/economy/adjust', { username: 'Portia', amount: 1, reason: `Filler ${count}` })).status).to.equal(200);
    }
    expect((await asService('POST', '/api/admin/settings', { economy: { currencySymbol: '€' } })).status).to.equal(200);
    try {
      await go('/account');
      const balance = (await asPlayer('GET', '/api/economy/balance')).body as { formatted: string };
      expect(balance.formatted).to.match(/^€/);
      await page().getByTestId('balance').filter({ hasText: balance.formatted }).waitFor();
      const history = page().getByTestId('history');
      await history.locator('tbody tr').first().waitFor();
      // The page writes these amounts itself, once it has read the symbol.
      await eventually(async () => (/^-?€/.test((await history.locator('tbody tr td.number').first().textContent()) ?? '') ? true : undefined), 10_000, 'the history in €');

      const pages = page().getByRole('navigation', { name: 'History pages' });
      const secondPage = (await asPlayer('GET', '/api/economy/history?page=2&limit=10')).body as {
        transactions: Array<{ description: string }>;
        pagination: { pages: number; total: number };
      };
      await pages.getByText(`Page 1 of ${secondPage.pagination.pages} (${secondPage.pagination.total} in all)`).waitFor();
      await pages.getByRole('button', { name: 'Next' }).click();
      await pages.getByText(`Page 2 of ${secondPage.pagination.pages}`).waitFor();
      await eventually(async () => ((await history.locator('tbody tr').count()) === secondPage.transactions.length ? true : undefined), 10_000, 'the second page');
      expect(await history.locator('tbody tr').first().textContent()).to.contain(secondPage.transactions[0]!.description);
      await pages.getByRole('button', { name: 'Previous' }).click();
      await pages.getByText(`Page 1 of ${secondPage.pagination.pages}`).waitFor();
      await checkAccessible('the account page on the second history page');
    } finally {
      await asService('POST', '/api/admin/settings', { economy: { currencySymbol: '$' } });
    }
  });

  it('shows market prices with a sparkline of each item, and the leaderboards with who is online', async function () {
    await go('/market');
    const market = page().getByTestId('market');
    await market.getByRole('row', { name: /Diamond/ }).waitFor();
    expect(await market.locator('tbody tr').count()).to.equal(3);
    expect(await market.locator('.sparkline canvas').count()).to.equal(3);
    // Two purchases and a sale moved the diamond's price this hour: its line says so.
    expect(
      await market
        .getByRole('row', { name: /Diamond/ })
        .getByRole('img')
        .getAttribute('aria-label'),
    ).to.match(/^Diamond: between \$[\d,.]+ and \$[\d,.]+ this hour/);
    // Each item's trend, in words, as the API reports it.
    const prices = (await asPlayer('GET', '/api/economy/market-prices')).body.prices as Record<string, { trend: string }>;
    for (const [item, entry] of Object.entries(prices)) {
      const word = entry.trend.charAt(0) + entry.trend.slice(1).toLowerCase();
      const shown = await market
        .getByRole('row', { name: new RegExp(`^${item.charAt(0).toUpperCase()}${item.slice(1)}`) })
        .locator('td.trend')
        .textContent();
      expect(shown, item).to.match(new RegExp(` ${word}$`));
    }
    await checkAccessible('the market page');
    await screenshotFor(page(), 'portal-market');

    await go('/leaderboards');
    await page().getByTestId('leaderboard').getByText('Portia').waitFor();
    await page().getByTestId('online').getByText('Portia').waitFor();
    await checkAccessible('the leaderboards page');
    await page().getByLabel('Board', { exact: true }).selectOption('jobs');
    await page().getByTestId('leaderboard').getByRole('columnheader', { name: 'Level' }).waitFor();
    await page().getByTestId('leaderboard').getByText('Portia').waitFor();
    await checkAccessible('the jobs leaderboard');
    // The bot left the game and came back earlier: that session counts as played time.
    await page().getByLabel('Board', { exact: true }).selectOption('playtime');
    await page().getByTestId('leaderboard').getByRole('columnheader', { name: 'Played' }).waitFor();
    await page().getByTestId('leaderboard').getByText('Portia').waitFor();
    await page()
      .getByTestId('your-rank')
      .getByText(/^You: rank 1, \d+ min\.$/)
      .waitFor();
  });

  it('leaves the job on the jobs page', async function () {
    await go('/jobs');
    await page().getByRole('button', { name: 'Leave Miner' }).click();
    await page().getByRole('button', { name: 'Join Miner' }).waitFor();
    expect(await page().getByTestId('standing-miner').count()).to.equal(0);
    const jobs = (await asPlayer('GET', '/api/jobs')).body.jobs as Array<{ id: string; joined: boolean }>;
    expect(jobs.find((job) => job.id === 'miner')).to.include({ joined: false });
  });

  it('reads at 375 px without scrolling sideways', async function () {
    await page().setViewportSize(phone);
    for (const to of ['/account', '/shop', '/inventory', '/market', '/jobs', '/leaderboards']) {
      await go(to);
      await settled(page());
      if (to === '/account' || to === '/shop') await screenshotFor(page(), `portal${to.replace('/', '-')}-phone`);
      const overflow = await page().evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `sideways scroll on ${to}`).to.be.at.most(0);
      await checkAccessible(`${to} at 375 px`);
    }
    await page().setViewportSize(desktop);
  });

  it('logs out: the session ends on the server and leaves the browser, a page that needs a login sends to the login page, and the token is no longer sent', async function () {
    const requests: Array<{ path: string; withToken: boolean }> = [];
    const record = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) requests.push({ path: url.pathname, withToken: request.headers().authorization !== undefined });
    };
    page().on('request', record);
    await go('/account');
    await page().getByTestId('balance').filter({ hasText: '$' }).waitFor();
    expect(
      requests.filter((request) => request.path === '/api/economy/balance' && request.withToken),
      'the token sent while logged in',
    ).to.have.length.at.least(1);
    // The token is kept in the page's memory only: no storage a script could read holds it, and its refresh cookie is HttpOnly.
    expect(await page().evaluate(() => [sessionStorage.length, localStorage.length])).to.deep.equal([0, 0]);
    expect(await page().evaluate(() => document.cookie)).to.equal('gatehouse_signed_in=1');
    const sessionsBefore = (await asPlayer('GET', '/api/auth/sessions')).body.sessions.length as number;

    await page().getByRole('button', { name: 'Log out' }).click();
    await page().waitForURL(/\/login\?reason=logged-out$/);
    await page().getByText('You are logged out.').waitFor();
    expect(await page().evaluate(() => document.cookie), 'the cookies removed').to.equal('');
    expect((await asPlayer('GET', '/api/auth/sessions')).body.sessions, 'the session ended on the server').to.have.length(sessionsBefore - 1);
    const otherTab = await browser.context.newPage();
    await otherTab.goto(`${server.baseUrl}/account`);
    await otherTab.waitForURL(/\/login\?reason=needed&next=%2Faccount$/);
    await otherTab.close();
    expect(await page().getByRole('button', { name: 'Log out' }).count()).to.equal(0);
    await checkAccessible('the login page after logging out');

    const sinceLogout = requests.length;
    for (const to of ['/account', '/shop']) {
      await page().goto(server.baseUrl + to);
      await page().waitForURL(new RegExp(`/login\\?reason=needed&next=${encodeURIComponent(to)}$`));
      await page().getByText('Log in to see this page.').waitFor();
    }
    await page().goBack();
    await page().waitForURL(/\/login\?reason=needed/);
    await settled(page());
    expect(requests.slice(sinceLogout).filter((request) => request.withToken)).to.deep.equal([]);
    page().off('request', record);
  });

  it('says in words when to try again after ten wrong passwords, without a raw answer', async function () {
    await registeredUser(server.gatehouse, server.baseUrl, 'guessed', 'Guessed', 'guessed-pass-1');
    expectedStatuses.push(401, 429);
    await go('/login');
    const password = page().getByLabel('Password', { exact: true });
    for (let attempt = 1; attempt <= 10; attempt++) {
      await page().getByLabel('Username', { exact: true }).fill('guessed');
      await password.fill(`wrong-${attempt}`);
      const answer = page().waitForResponse((response) => response.url().endsWith('/api/auth/session'));
      await page().getByRole('button', { name: 'Log in' }).click();
      expect((await answer).status(), `attempt ${attempt}`).to.equal(401);
      await page().getByRole('button', { name: 'Log in' }).waitFor();
    }
    expect(await password.getAttribute('aria-invalid')).to.equal('true');
    // The eleventh, even with the right password, waits out the lock (10 minutes from the first failure).
    await password.fill('guessed-pass-1');
    const refused = page().waitForResponse((response) => response.url().endsWith('/api/auth/session'));
    await page().getByRole('button', { name: 'Log in' }).click();
    expect((await refused).status()).to.equal(429);
    const alert = page().getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).to.equal('Too many failed attempts. Try again in 10 minutes.');
    expect(await page().locator('main').textContent()).not.to.match(/[{}"]|too_many_attempts/);
    await checkAccessible('the login page refusing for a while');
    expect(page().url()).to.match(/\/login/);
  });

  it('logs in and sends money with the keyboard alone', async function () {
    await go('/login');
    // The focus moves to the title in an effect, just after the page shows.
    await page().waitForFunction(() => document.activeElement?.id === 'page-title', null, { timeout: 5000 });
    await tabTo(page(), 'Username');
    await page().keyboard.type('portia');
    await tabTo(page(), 'Password');
    await page().keyboard.type('portia-pass');
    await page().keyboard.press('Enter');
    await page().waitForURL(/\/account$/);
    await page().getByTestId('balance').filter({ hasText: '$' }).waitFor();

    const before = (await asPlayer('GET', '/api/economy/balance')).body.balance as number;
    await tabTo(page(), 'Player');
    await page().keyboard.type('Payee');
    await tabTo(page(), 'Amount');
    await page().keyboard.type('2.5');
    await tabTo(page(), 'Note (optional)');
    await page().keyboard.type('typed, not clicked');
    await tabTo(page(), 'Send');
    await page().keyboard.press('Space');
    await page().getByText('Sent $2.50 to Payee.').waitFor();
    expect((await asPlayer('GET', '/api/economy/balance')).body.balance).to.equal(before - 2.5);
    await page().getByTestId('history').getByText('typed, not clicked').waitFor();
  });

  it('keeps a logged-in player logged in when a password typed on the login page is wrong', async function () {
    expectedStatuses.push(401);
    await go('/login');
    await page().getByLabel('Username', { exact: true }).fill('portia');
    await page().getByLabel('Password', { exact: true }).fill('not-the-password');
    const answer = page().waitForResponse((response) => response.url().endsWith('/api/auth/session'));
    await page().getByRole('button', { name: 'Log in' }).click();
    expect((await answer).status()).to.equal(401);
    await eventually(
      async () => ((await page().getByLabel('Password', { exact: true }).getAttribute('aria-invalid')) === 'true' ? true : undefined),
      10_000,
      'the password marked',
    );
    expect(new URL(page().url()).search, 'still on the login page as it was').to.equal('');
    expect(await page().getByRole('button', { name: 'Log out' }).count(), 'still logged in').to.equal(1);
    await go('/account');
    await page().getByTestId('balance').filter({ hasText: '$' }).waitFor();
  });

  it('renews an expired token with the refresh cookie and sends the request again, and sends a session ended elsewhere to the login page with the sentence', async function () {
    // The server refuses the page's token once, as expired: the page gets a new one with its cookie and asks again.
    let refusedOnce = false;
    await page().route(`${server.baseUrl}/api/economy/balance`, async (route) => {
      if (refusedOnce) return route.continue();
      refusedOnce = true;
      await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Token expired; log in again', code: 'token_expired' }) });
    });
    expectedStatuses.push(403);
    const renewed = page().waitForResponse((response) => response.url().endsWith('/api/auth/session/refresh'));
    await go('/account');
    expect((await renewed).status()).to.equal(200);
    await page().getByTestId('balance').filter({ hasText: '$' }).waitFor();
    expect(refusedOnce).to.equal(true);
    await page().unroute(`${server.baseUrl}/api/economy/balance`);

    // Ended from another device ("end all others" from an API login): the next request finds it over, and so does the cookie.
    expectedStatuses.push(401);
    expect((await asPlayer('POST', '/api/auth/sessions/end-others')).body.ended).to.be.at.least(1);
    await page().getByRole('link', { name: 'Shop' }).click();
    await page().waitForURL(/\/login\?reason=ended&next=%2Fshop/);
    await page().getByText('Your session has ended').waitFor();
    await checkAccessible('the login page after the session ended');

    expect(dialogs).to.deep.equal([]);
    expect(unexpectedProblems(portal.problems, expectedStatuses), server.errors.join('\n')).to.deep.equal([]);
  });
});
