/**
 * The player's pages say what is so, in real Chromium against a Gatehouse
 * with its embedded game and a mineflayer bot: each item under one name,
 * offers at the discount they give, a refusal at the field it is about (on
 * the player's forms and the console's), back where the player was after
 * logging in again, the figures of every table in sight on a phone, a
 * balance chart read at a glance. Each test logs in on its own page, so
 * any one of them runs alone (`--grep`).
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import type { Locator, Page } from 'playwright-core';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { adminAccount } from '../helpers/portal-admin.js';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { requireChromium, startChromium, type HeadlessChromium } from '../helpers/chromium.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { closeCheckingProblems, desktop, openPortal, phone, screenshotFor, seriousAxeFindings, type PortalPage, settled } from '../helpers/portal.js';

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
    await closeCheckingProblems(opened, expectedStatuses, server.errors);
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

  it('brings the player back to the page they were on when their session ended, once they log in again', async function () {
    const page = await loggedIn('/market');
    // The market's first reads done: one still in flight when the session ends would renew, be refused, and take the
    // session's cookie with it before the next page loads (that page would then ask for a login, not say one ended).
    await settled(page);
    // Ended from elsewhere: the player's API login ends the portal's sessions from the list.
    expectedStatuses.push(401);
    const portalSessions = ((await asPlayer('GET', '/api/auth/sessions')).body.sessions as Array<{ id: string; kind: string }>).filter((session) => session.kind === 'portal');
    expect(portalSessions).to.have.length.at.least(1);
    for (const session of portalSessions) expect((await asPlayer('DELETE', `/api/auth/sessions/${session.id}`)).status).to.equal(200);
    await page.goto(`${server.baseUrl}/shop`);
    await page.getByText('Your session has ended').waitFor();
    await page.getByLabel('Username', { exact: true }).fill(player.username);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(new URL(page.url()).pathname).to.equal('/shop');
    await page.getByRole('heading', { name: 'Shop', level: 1 }).waitFor();
  });

  it('says a page whose file cannot be fetched (the portal updated meanwhile) failed, with a way to reload, and the other pages still open', async function () {
    expectedStatuses.push(404);
    const page = await loggedIn('/account');
    // A page's code is fetched when it is first opened; after an update the old file is gone.
    await page.route(`${server.baseUrl}/assets/jobs-*.js`, (route) => route.fulfill({ status: 404, body: 'No such file\n' }));
    await page.getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { name: 'This page failed', level: 1 }).waitFor();
    expect(await page.getByRole('alert').textContent()).to.contain('This page could not be loaded: Gatehouse may have been updated since this tab opened. Reload the page.');
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await seriousAxeFindings(page)).to.deep.equal([]);
    await page.getByRole('link', { name: 'Market' }).click();
    await page.getByRole('heading', { name: 'Market prices', level: 1 }).waitFor();
  });

  it("fills in the code the game's link brings on the register page", async function () {
    const portal = await openPortal(browser, server.baseUrl, '/register?code=K7QW2MXP', desktop);
    opened.push(portal);
    await portal.page.locator('#page-title').waitFor();
    expect(await portal.page.getByLabel('Code from the game').inputValue()).to.equal('K7QW2MXP');
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
      await settled(page);
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

  it('draws the balance chart to be read at a glance: time labels for the span, apart; round axis bounds; a readout only over a point', async function () {
    for (const amount of [25, 312.5, -40]) {
      await asService('POST', '/api/admin/economy/adjust', { username: 'Pia', amount, reason: 'For the chart' });
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    const movements = (await asPlayer('GET', '/api/economy/history?limit=200')).body.transactions as Array<{ timestamp: string; balance: number }>;
    const spanSeconds = (Date.now() - Date.parse(movements.at(-1)!.timestamp)) / 1000;
    const portal = await openPortal(browser, server.baseUrl, '/login?next=%2Faccount', desktop);
    opened.push(portal);
    const page = portal.page;
    // What the chart draws on its canvas: every text with its place and width, and every line, since the last time it was cleared.
    await page.addInitScript(() => {
      const record: { texts: Array<{ text: string; x: number; y: number; width: number; align: string }>; lines: Array<[number, number, number, number]> } = {
        texts: [],
        lines: [],
      };
      (window as unknown as { drawn: typeof record }).drawn = record;
      const proto = CanvasRenderingContext2D.prototype;
      const { fillText, clearRect, moveTo, lineTo } = proto;
      const at = new WeakMap<CanvasRenderingContext2D, [number, number]>();
      const place = (context: CanvasRenderingContext2D, x: number, y: number): [number, number] => {
        const matrix = context.getTransform();
        return [matrix.a * x + matrix.c * y + matrix.e, matrix.b * x + matrix.d * y + matrix.f];
      };
      proto.clearRect = function (...args) {
        record.texts = [];
        record.lines = [];
        return clearRect.apply(this, args);
      };
      proto.fillText = function (text, x, y, ...rest) {
        const [left, top] = place(this, x, y);
        record.texts.push({ text: String(text), x: left, y: top, width: this.measureText(String(text)).width * this.getTransform().a, align: this.textAlign });
        return fillText.call(this, text, x, y, ...rest);
      };
      proto.moveTo = function (x, y) {
        at.set(this, place(this, x, y));
        return moveTo.call(this, x, y);
      };
      proto.lineTo = function (x, y) {
        const from = at.get(this);
        const to = place(this, x, y);
        if (from) record.lines.push([from[0], from[1], to[0], to[1]]);
        at.set(this, to);
        return lineTo.call(this, x, y);
      };
    });
    page.setDefaultTimeout(10_000);
    await page.reload();
    await page.getByLabel('Username', { exact: true }).fill(player.username);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    const chart = page.locator('figure.chart');
    await chart.locator('canvas').waitFor();
    await settled(page);
    const drawn = await page.evaluate(
      () =>
        (window as unknown as { drawn: { texts: Array<{ text: string; x: number; y: number; width: number; align: string }>; lines: Array<[number, number, number, number]> } })
          .drawn,
    );

    // The plot's bottom edge: where its vertical grid lines end.
    const bottom = Math.max(...drawn.lines.filter(([x1, y1, x2, y2]) => Math.abs(x1 - x2) < 0.5 && Math.abs(y1 - y2) > 50).map(([, y1, , y2]) => Math.max(y1, y2)));
    const valueLabels = drawn.texts.filter((text) => /^-?\$/.test(text.text));
    const timeLabels = drawn.texts.filter((text) => !/^-?\$/.test(text.text) && text.y > bottom);
    expect(valueLabels.length, JSON.stringify(drawn.texts)).to.be.at.least(3);
    expect(timeLabels.length, JSON.stringify(drawn.texts)).to.be.at.least(2);

    // The value axis: evenly spaced round steps (1, 2, 2.5 or 5 times a power of ten), its lowest label at the bottom edge, holding every balance.
    const values = valueLabels.map((label) => ({ value: Number(label.text.replace(/[$,]/g, '')), y: label.y })).sort((a, b) => a.value - b.value);
    const step = values[1]!.value - values[0]!.value;
    for (let index = 1; index < values.length; index += 1) expect(values[index]!.value - values[index - 1]!.value, 'even steps').to.be.closeTo(step, 0.001);
    const magnitude = 10 ** Math.floor(Math.log10(step));
    expect([1, 2, 2.5, 5, 10]).to.include(Math.round((step / magnitude) * 100) / 100);
    expect(values[0]!.y, 'the lowest value at the bottom edge').to.be.closeTo(bottom, 2);
    const balances = movements.map((movement) => movement.balance);
    expect(values[0]!.value).to.be.at.most(Math.min(...balances));
    expect(values.at(-1)!.value).to.be.at.least(Math.max(...balances));

    // The time axis: labels apart from each other, and, for a span of seconds, with the seconds.
    const lines = new Map<number, typeof timeLabels>();
    for (const label of timeLabels) lines.set(Math.round(label.y), [...(lines.get(Math.round(label.y)) ?? []), label]);
    for (const line of lines.values()) {
      const sorted = line.sort((a, b) => a.x - b.x);
      for (let index = 1; index < sorted.length; index += 1) {
        const [left, right] = [sorted[index - 1]!, sorted[index]!];
        expect(right.x - right.width / 2, `"${left.text}" and "${right.text}" apart`).to.be.above(left.x + left.width / 2 + 4);
      }
    }
    if (spanSeconds < 60) for (const label of lines.values().next().value!) expect(label.text, `a span of ${Math.round(spanSeconds)} s`).to.match(/\d:\d{2}:\d{2}/);

    // No readout while the pointer is elsewhere; over the line, the time and the balance there.
    expect(await chart.textContent()).not.to.match(/--/);
    const box = (await chart.locator('canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width - 40, box.y + box.height / 2);
    await eventually(async () => (/\$[\d,]+\.\d{2}/.test((await chart.locator('[data-readout]').textContent()) ?? '') ? true : undefined), 5000, 'the readout');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 300);
    await eventually(async () => (/\$[\d,]+\.\d{2}/.test((await chart.locator('[data-readout]').textContent()) ?? '') ? undefined : true), 5000, 'the readout gone');
    expect(await chart.textContent()).not.to.match(/--/);
  });
});
