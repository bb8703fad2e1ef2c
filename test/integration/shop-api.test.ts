/**
 * The market, the shop, deliveries and selling over real HTTP. The game is
 * the double of test/helpers/fake-game.ts with in-memory inventories
 * (test/helpers/fake-inventories.ts): these tests are about the shop's rules;
 * the embedded server and the plugin deliver for real in test/e2e and
 * test/integration/shop-bridge.test.ts.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { installationId } from '../../src/features/shop/installation.js';
import { marketPart } from '../../src/features/shop/store.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually } from '../helpers/bots.js';
import { FakeGame } from '../helpers/fake-game.js';
import { FakeInventories } from '../helpers/fake-inventories.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';

const serviceToken = 'shop-service-token-for-tests-0123456789abcdef';

const testShopFile = `
market: { elasticity: 1, drift-minutes: 10, drift-percent: 50, max-quantity: 500 }
weekly: { offers: 2, discount-percent: 25, limit-per-player: 3 }
selling: { daily-income-cap: 0 }
deliveries: { retry-seconds: 3600 }
items:
  diamond: { category: resources, price: 100.00, stock: 20, target-stock: 20 }
  iron_ingot: { category: resources, price: 8.00, stock: 200, target-stock: 200 }
  coal: { category: resources, price: 2.00, stock: 0, target-stock: 100 }
  oak_log: { category: resources, price: 1.50, stock: 100, target-stock: 100, trade: sell }
  cobblestone: { category: blocks, price: 0.25, stock: 1000, target-stock: 1000 }
  stone: { category: blocks, price: 0.50, stock: 5, target-stock: 100 }
  bread: { category: food, price: 3.00, stock: 100, target-stock: 100, name: Fresh Bread }
  iron_pickaxe: { category: tools, price: 40.00, stock: 10, target-stock: 10, trade: buy }
`;

/** The price curve, written out again here as the test's own oracle: cents of one unit at `stock`. */
function unitCents(price: number, target: number, stock: number, floor = Math.round(price * 25), ceiling = price * 400): number {
  return Math.min(ceiling, Math.max(floor, Math.round(price * 100 * Math.exp(1 - stock / target))));
}

function buyCents(price: number, target: number, stock: number, quantity: number): number {
  let total = 0;
  for (let unit = 0; unit < quantity; unit += 1) total += unitCents(price, target, stock - unit);
  return total;
}

/** What the market pays for `quantity` sold to it at `stock`: each unit what it would ask for it back, less the 20 % spread, rounded down. */
function sellCents(price: number, target: number, stock: number, quantity: number): number {
  let total = 0;
  for (let unit = 0; unit < quantity; unit += 1) total += Math.floor((unitCents(price, target, stock + unit + 1) * 80) / 100);
  return total;
}

describe('the market, the shop, deliveries and selling over HTTP', function () {
  let server: TestGatehouse;
  let game: FakeGame;
  let inventories: FakeInventories;
  let alice: string;
  let bob: string;
  const players = { alice: { name: 'Alice', uuid: offlinePlayerUuid('Alice') }, bob: { name: 'Bob', uuid: offlinePlayerUuid('Bob') } };

  let directory: string;
  const boot = async () => {
    game = new FakeGame();
    inventories = new FakeInventories((name) => game.online.some((player) => player.name.toLowerCase() === name.toLowerCase()));
    game.capabilities.inventories = inventories;
    const told: Array<[string, string]> = [];
    game.capabilities.messaging = { sendMessage: async (name, text) => void told.push([name, text]), broadcast: async () => undefined };
    server = await startTestGatehouse(
      (config) => {
        config.token = serviceToken;
        config.settings.economy.startingBalance = 10_000;
        config.shopFile = path.join(directory, 'shop.yml');
      },
      { game, dataDirectory: directory },
    );
    (server as unknown as { told: typeof told }).told = told;
  };
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-shop-');
    await writeFile(path.join(directory, 'shop.yml'), testShopFile);
    await boot();
    alice = await registeredUser(server.gatehouse, server.baseUrl, 'alice', 'Alice');
    bob = await registeredUser(server.gatehouse, server.baseUrl, 'bob', 'Bob');
  });
  afterEach(async function () {
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  });
  const told = () => (server as unknown as { told: Array<[string, string]> }).told;
  const as = (token: string) => (method: string, urlPath: string, body?: unknown, headers?: Record<string, string>) =>
    api(server.baseUrl, method, urlPath, { token, body, headers });
  const balance = async (token: string) => (await as(token)('GET', '/api/economy/balance')).body.balance as number;
  const stockOf = async (item: string) => (await as(alice)('GET', '/api/economy/market-prices')).body.prices[item].stock as number;

  it('lists market prices for every item: buy above sell, stock, trend, and when they last changed', async function () {
    const answer = await as(alice)('GET', '/api/economy/market-prices');
    expect(answer.status).to.equal(200);
    expect(Object.keys(answer.body.prices).sort()).to.deep.equal(['bread', 'coal', 'cobblestone', 'diamond', 'iron_ingot', 'iron_pickaxe', 'oak_log', 'stone']);
    expect(answer.body.prices.diamond).to.deep.equal({
      name: 'Diamond',
      buyPrice: 100,
      sellPrice: Math.floor((unitCents(100, 20, 21) * 80) / 100) / 100,
      stock: 20,
      trend: 'STABLE',
      canBuy: true,
      canSell: true,
      recent: answer.body.prices.diamond.recent,
    });
    // A fresh market has one sample, the price it opened at, and the price now: both the same.
    expect(answer.body.prices.diamond.recent.map((sample: { buyPrice: number }) => sample.buyPrice)).to.deep.equal([100, 100]);
    expect(Date.parse(answer.body.prices.diamond.recent.at(-1).at)).to.be.at.least(Date.parse(answer.body.prices.diamond.recent[0].at));
    // Scarce stone costs more than its price; out-of-stock coal is at its ceiling and not for sale now.
    expect(answer.body.prices.stone.buyPrice).to.equal(unitCents(0.5, 100, 5) / 100);
    expect(answer.body.prices.coal).to.deep.include({ stock: 0, canBuy: false, buyPrice: unitCents(2, 100, 0) / 100 });
    expect(answer.body.prices.oak_log).to.deep.include({ canBuy: false, canSell: true });
    for (const entry of Object.values(answer.body.prices) as Array<{ buyPrice: number; sellPrice: number }>) expect(entry.sellPrice).to.be.below(entry.buyPrice);
    expect(Date.parse(answer.body.lastUpdated)).to.be.a('number').and.not.NaN;
    expect((await api(server.baseUrl, 'GET', '/api/economy/market-prices')).status).to.equal(401);
  });

  it('names each item the same in the catalogue, the market prices and the inventory, from shop.yml where it names one', async function () {
    game.join('Alice', players.alice.uuid);
    await inventories.give('Alice', 'iron_ingot', 2);
    await inventories.give('Alice', 'bread', 1);
    await inventories.give('Alice', 'rotten_flesh', 1);
    const catalogue = (await as(alice)('GET', '/api/shop/items?limit=100')).body.items as Array<{ item: string; name: string }>;
    const shopName = (item: string) => catalogue.find((entry) => entry.item === item)!.name;
    expect(shopName('iron_ingot')).to.equal('Iron Ingot');
    const prices = (await as(alice)('GET', '/api/economy/market-prices')).body.prices as Record<string, { name: string }>;
    for (const entry of catalogue) expect(prices[entry.item]!.name, entry.item).to.equal(entry.name);
    const held = (await as(alice)('GET', '/api/player/inventory')).body.items as Array<{ item: string; name: string }>;
    const inventoryName = (item: string) => held.find((stack) => stack.item === item)!.name;
    expect(inventoryName('iron_ingot')).to.equal('Iron Ingot');
    expect(inventoryName('bread')).to.equal('Fresh Bread');
    // An item the shop does not list is named by the same rule.
    expect(inventoryName('rotten_flesh')).to.equal('Rotten Flesh');
  });

  it('pages, filters and searches the catalogue', async function () {
    const page = await as(alice)('GET', '/api/shop/items?limit=3&page=2');
    expect(page.status).to.equal(200);
    expect(page.body.pagination).to.deep.equal({ page: 2, limit: 3, total: 8, pages: 3 });
    expect(page.body.items).to.have.length(3);
    expect(page.body.categories).to.deep.equal(['blocks', 'food', 'resources', 'tools']);
    const blocks = await as(alice)('GET', '/api/shop/items?category=blocks');
    expect(blocks.body.items.map((item: { item: string }) => item.item)).to.deep.equal(['cobblestone', 'stone']);
    expect(blocks.body.pagination.limit).to.equal(20);
    const search = await as(alice)('GET', '/api/shop/items?search=FRESH');
    expect(search.body.items).to.have.length(1);
    expect(search.body.items[0]).to.deep.include({ item: 'bread', name: 'Fresh Bread', category: 'food', targetStock: 100, canBuy: true, canSell: true });
    expect((await as(alice)('GET', '/api/shop/items?limit=101')).status).to.equal(400);
    expect((await as(alice)('GET', '/api/shop/items?category=Not%20A%20Category')).status).to.equal(400);
  });

  it('sells to an online player: charged along the curve, a PURCHASE record, stock down, price up, the items in the inventory', async function () {
    game.join('Alice', players.alice.uuid);
    const before = await as(alice)('GET', '/api/economy/market-prices');
    const bought = await as(alice)('POST', '/api/shop/purchase', { item: 'minecraft:diamond', quantity: 3 });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    const charged = buyCents(100, 20, 20, 3);
    expect(bought.body.purchase).to.deep.equal({
      transactionId: bought.body.purchase.transactionId,
      item: 'diamond',
      name: 'Diamond',
      quantity: 3,
      charged: charged / 100,
      weekly: false,
    });
    expect(bought.body.balance).to.equal((1_000_000 - charged) / 100);
    expect(bought.body.delivery).to.deep.include({ item: 'diamond', quantity: 3, given: 3, remaining: 0, state: 'delivered', transactionId: bought.body.purchase.transactionId });
    expect(inventories.count('Alice', 'diamond')).to.equal(3);
    expect(told().at(-1)).to.deep.equal(['Alice', '§a3 Diamond from the shop arrived in your inventory.']);
    const after = await as(alice)('GET', '/api/economy/market-prices');
    expect(after.body.prices.diamond.stock).to.equal(17);
    expect(after.body.prices.diamond.buyPrice).to.be.above(before.body.prices.diamond.buyPrice);
    // The sparkline's last point is the price now, the purchase's sample just before it.
    const recent = after.body.prices.diamond.recent as Array<{ buyPrice: number }>;
    expect(recent.at(-1)!.buyPrice).to.equal(after.body.prices.diamond.buyPrice);
    expect(recent.at(-2)!.buyPrice).to.equal(after.body.prices.diamond.buyPrice);
    expect(recent.length).to.be.above(before.body.prices.diamond.recent.length);
    const history = await as(alice)('GET', '/api/economy/history');
    expect(history.body.transactions[0]).to.deep.include({ type: 'PURCHASE', amount: -charged / 100, item: 'diamond', quantity: 3, description: 'Bought 3 Diamond' });
  });

  it('answers a retried purchase with its first answer (Idempotency-Key), and 409 for the key with another body', async function () {
    game.join('Alice', players.alice.uuid);
    const headers = { 'Idempotency-Key': 'buy-once' };
    const first = await as(alice)('POST', '/api/shop/purchase', { item: 'iron_ingot', quantity: 10 }, headers);
    const retries = await Promise.all(Array.from({ length: 5 }, () => as(alice)('POST', '/api/shop/purchase', { item: 'iron_ingot', quantity: 10 }, headers)));
    for (const retry of retries) {
      expect(retry.status).to.equal(200);
      expect(retry.headers.get('idempotent-replayed')).to.equal('true');
      expect(retry.body.purchase).to.deep.equal(first.body.purchase);
    }
    expect(inventories.count('Alice', 'iron_ingot')).to.equal(10);
    expect(await stockOf('iron_ingot')).to.equal(190);
    expect((await as(alice)('GET', '/api/economy/history')).body.transactions).to.have.length(1);
    expect((await as(alice)('POST', '/api/shop/purchase', { item: 'iron_ingot', quantity: 11 }, headers)).status).to.equal(409);
  });

  it('refuses bad purchases with 400 and changes nothing', async function () {
    game.join('Alice', players.alice.uuid);
    const cases: Array<[unknown, string]> = [
      [{ item: 'emerald', quantity: 1 }, 'unknown_item'],
      [{ item: 'oak_log', quantity: 1 }, 'not_for_sale'],
      [{ item: 'diamond', quantity: 0 }, 'invalid_field'],
      [{ item: 'diamond', quantity: 501 }, 'invalid_field'],
      [{ item: 'diamond', quantity: 21 }, 'insufficient_stock'],
      [{ item: 'coal', quantity: 1 }, 'insufficient_stock'],
      [{ item: 'diamond', quantity: 1.5 }, 'invalid_field'],
      [{ item: 'not an id!', quantity: 1 }, 'invalid_field'],
      [{ item: 'diamond' }, 'invalid_field'],
      [{ item: 'diamond', quantity: 1, extra: true }, 'invalid_field'],
    ];
    for (const [body, code] of cases) {
      const answer = await as(alice)('POST', '/api/shop/purchase', body);
      expect(answer.status, JSON.stringify(body)).to.equal(400);
      expect(answer.body.code, JSON.stringify(answer.body)).to.equal(code);
    }
    // Too dear: all 20 diamonds at the curve cost more than 10,000.
    await as(serviceToken)('POST', '/api/admin/economy/adjust', { username: 'Alice', amount: -9_900, reason: 'test' });
    const short = await as(alice)('POST', '/api/shop/purchase', { item: 'diamond', quantity: 2 });
    expect(short.status).to.equal(400);
    expect(short.body.code).to.equal('insufficient_funds');
    // What a person can act on: the price and the balance, as the shop shows money.
    expect(short.body.error).to.equal(`Insufficient funds: Diamond x2 costs $${(buyCents(100, 20, 20, 2) / 100).toFixed(2)} and your balance is $100.00`);
    expect(await balance(alice)).to.equal(100);
    expect(await stockOf('diamond')).to.equal(20);
    expect((await as(alice)('GET', '/api/shop/deliveries')).body.deliveries).to.deep.equal([]);
    expect(inventories.changes).to.deep.equal([]);
    expect((await as(serviceToken)('POST', '/api/shop/purchase', { item: 'diamond', quantity: 1 })).status).to.equal(403);
  });

  it('keeps the purchase of an offline player pending, and delivers it at their join', async function () {
    const bought = await as(bob)('POST', '/api/shop/purchase', { item: 'bread', quantity: 5 });
    expect(bought.status).to.equal(200);
    expect(bought.body.delivery).to.deep.include({ state: 'pending', given: 0, remaining: 5 });
    expect(bought.body.message).to.match(/when you are next in game/);
    const listed = await as(bob)('GET', '/api/shop/deliveries?state=pending');
    expect(listed.body.deliveries.map((delivery: { id: number }) => delivery.id)).to.deep.equal([bought.body.delivery.id]);
    const admin = await as(serviceToken)('GET', '/api/admin/shop/deliveries');
    expect(admin.body.deliveries[0]).to.deep.include({ username: 'Bob', item: 'bread', state: 'pending' });
    expect((await as(alice)('GET', '/api/shop/deliveries?username=Bob')).status).to.equal(403);
    game.join('Bob', players.bob.uuid);
    await eventually(() => (inventories.count('Bob', 'bread') === 5 ? true : undefined), 15_000, 'the bread delivered');
    const done = await as(bob)('GET', '/api/shop/deliveries');
    expect(done.body.deliveries[0]).to.deep.include({ state: 'delivered', given: 5, remaining: 0 });
    expect((await as(serviceToken)('GET', '/api/admin/shop/deliveries')).body.deliveries).to.deep.equal([]);
  });

  it('gives what fits into a full inventory and the rest when there is room', async function () {
    game.join('Alice', players.alice.uuid);
    inventories.fill('Alice', 1);
    const bought = await as(alice)('POST', '/api/shop/purchase', { item: 'cobblestone', quantity: 100 });
    expect(bought.body.delivery).to.deep.include({ state: 'pending', given: 64, remaining: 36 });
    expect(told().at(-1)![1]).to.equal('§e64 Cobblestone from the shop arrived; 36 more will follow when your inventory has room.');
    expect(await server.gatehouse.services.get('deliveries').retryOnline()).to.equal(1);
    expect(inventories.count('Alice', 'cobblestone')).to.equal(64);
    inventories.held.set(
      'alice',
      inventories.held.get('alice')!.filter((stack) => stack.slot !== 0),
    );
    await server.gatehouse.services.get('deliveries').retryOnline();
    expect(inventories.count('Alice', 'cobblestone')).to.equal(100);
    expect((await as(alice)('GET', '/api/shop/deliveries')).body.deliveries[0]).to.deep.include({ state: 'delivered', given: 100 });
  });

  it('never gives twice when the game did the give but its answer was lost', async function () {
    game.join('Alice', players.alice.uuid);
    inventories.failAfterNext = true;
    const bought = await as(alice)('POST', '/api/shop/purchase', { item: 'diamond', quantity: 2 });
    expect(bought.status).to.equal(200);
    // The game gave; the answer did not arrive: still pending, with the attempt written down.
    expect(bought.body.delivery).to.deep.include({ state: 'pending', given: 0 });
    expect(inventories.count('Alice', 'diamond')).to.equal(2);
    const stored = (await server.gatehouse.store.part(marketPart).delivery(bought.body.delivery.id))!;
    expect(stored.attempt?.operationId).to.match(new RegExp(`^delivery-${await installationId(server.gatehouse.store.keys)()}-${bought.body.delivery.id}-1-[0-9a-f]{8}$`));
    await server.gatehouse.services.get('deliveries').retryOnline();
    expect(inventories.count('Alice', 'diamond'), 'asked again under the same id: answered from the game memory').to.equal(2);
    expect(inventories.changes.filter(([operation]) => operation === 'give')).to.have.length(1);
    expect((await as(alice)('GET', '/api/shop/deliveries')).body.deliveries[0]).to.deep.include({ state: 'delivered', given: 2 });
  });

  it('never oversells the last units to concurrent buyers', async function () {
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, index) => registeredUser(server.gatehouse, server.baseUrl, `buyer_${index}`, `Buyer${index}`)));
    const answers = await Promise.all(buyers.map((token) => as(token)('POST', '/api/shop/purchase', { item: 'stone', quantity: 1 })));
    expect(answers.filter((answer) => answer.status === 200)).to.have.length(5);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.code)).to.deep.equal(Array(5).fill('insufficient_stock'));
    expect(await stockOf('stone')).to.equal(0);
    const charged = answers.filter((answer) => answer.status === 200).map((answer) => Math.round(answer.body.purchase.charged * 100));
    // Each paid the price at the stock it found: five different steps of the curve.
    expect(charged.sort((a, b) => a - b)).to.deep.equal([5, 4, 3, 2, 1].map((stock) => unitCents(0.5, 100, stock)).sort((a, b) => a - b));
  });

  it("lists this week's offers and holds each player to its limit, also under concurrent requests", async function () {
    const weekly = await as(alice)('GET', '/api/shop/weekly');
    expect(weekly.status).to.equal(200);
    expect(weekly.body.week).to.match(/^\d{4}-W\d{2}$/);
    expect(new Date(weekly.body.endsAt).getUTCDay()).to.equal(1);
    expect(weekly.body.offers).to.have.length(2);
    // Each offer says the discount it gives: 25% off less where the price stops above what selling the unit back pays (the 20% spread).
    for (const candidate of weekly.body.offers as Array<{ price: number; regularPrice: number; discountPercent: number }>) {
      const given = Math.floor(((Math.round(candidate.regularPrice * 100) - Math.round(candidate.price * 100)) * 100) / Math.round(candidate.regularPrice * 100));
      expect(candidate.discountPercent, JSON.stringify(candidate)).to.equal(given);
      expect(candidate.discountPercent).to.be.below(25);
    }
    expect(weekly.body.discountPercent, 'the most an offer gives').to.equal(
      Math.max(...weekly.body.offers.map((candidate: { discountPercent: number }) => candidate.discountPercent)),
    );
    const offer = weekly.body.offers.find((candidate: { stock: number }) => candidate.stock >= 3) ?? weekly.body.offers[0];
    expect(offer).to.deep.include({ limit: 3, bought: 0 });
    expect(offer.price).to.be.below(offer.regularPrice);
    expect(
      (await as(alice)('GET', '/api/shop/weekly')).body.offers.map((candidate: { item: string }) => candidate.item),
      'the same offers all week',
    ).to.deep.equal(weekly.body.offers.map((candidate: { item: string }) => candidate.item));
    const notOffered = (await as(alice)('GET', '/api/economy/market-prices')).body.prices;
    const other = Object.keys(notOffered).find((item) => notOffered[item].canBuy && !weekly.body.offers.some((candidate: { item: string }) => candidate.item === item))!;
    expect((await as(alice)('POST', '/api/shop/purchase', { item: other, quantity: 1, weekly: true })).body.code).to.equal('not_on_offer');
    const attempts = await Promise.all(Array.from({ length: 8 }, () => as(alice)('POST', '/api/shop/purchase', { item: offer.item, quantity: 1, weekly: true })));
    const wanted = Math.min(3, offer.stock);
    expect(attempts.filter((attempt) => attempt.status === 200)).to.have.length(wanted);
    for (const refused of attempts.filter((attempt) => attempt.status !== 200)) expect(refused.body.code).to.be.oneOf(['weekly_limit_reached', 'insufficient_stock']);
    const first = attempts.find((attempt) => attempt.status === 200)!;
    expect(first.body.purchase.weekly).to.equal(true);
    // The record says the discount given, not the one configured.
    const record = (await as(alice)('GET', '/api/economy/history')).body.transactions.find((movement: { id: number }) => movement.id === first.body.purchase.transactionId);
    expect(record.description).to.equal(`Bought 1 ${offer.name} (weekly offer, ${offer.discountPercent}% off)`);
    const after = await as(alice)('GET', '/api/shop/weekly');
    expect(after.body.offers.find((candidate: { item: string }) => candidate.item === offer.item)).to.deep.include({ bought: wanted, remaining: 0 });
    expect((await as(bob)('GET', '/api/shop/weekly')).body.offers.find((candidate: { item: string }) => candidate.item === offer.item).bought, "another player's count").to.equal(
      0,
    );
  });

  it('lists resources, and those in stock with how many the caller can afford', async function () {
    const resources = await as(alice)('GET', '/api/shop/resources');
    expect(resources.body.items.map((item: { item: string }) => item.item)).to.deep.equal(['diamond', 'iron_ingot', 'coal', 'oak_log']);
    await as(serviceToken)('POST', '/api/admin/economy/adjust', { username: 'Alice', amount: -9_750, reason: 'test' });
    const available = await as(alice)('GET', '/api/shop/resources/available');
    expect(available.body.balance).to.equal(250);
    expect(available.body.items.map((item: { item: string }) => item.item)).to.deep.equal(['diamond', 'iron_ingot']);
    const diamond = available.body.items[0];
    // 250.00 buys two diamonds, at 100.00 and 105.13, not a third at 110.52.
    expect(buyCents(100, 20, 20, diamond.affordable)).to.be.at.most(25_000);
    expect(buyCents(100, 20, 20, diamond.affordable + 1)).to.be.above(25_000);
    expect(diamond.affordable).to.equal(2);
  });

  it('buys from the inventory: only what was taken is paid, SALE records, stock up; refuses unsellable items listing them', async function () {
    game.join('Alice', players.alice.uuid);
    await inventories.give('Alice', 'cobblestone', 100);
    await inventories.give('Alice', 'iron_ingot', 5);
    await inventories.give('Alice', 'rotten_flesh', 3);
    await inventories.give('Alice', 'iron_pickaxe', 1);
    const refused = await as(alice)('POST', '/api/player/inventory/sell', { items: [{ item: 'cobblestone', quantity: 10 }, { item: 'iron_pickaxe' }, { item: 'rotten_flesh' }] });
    expect(refused.status).to.equal(400);
    expect(refused.body).to.deep.include({ success: false, code: 'not_sellable' });
    expect(refused.body.refused).to.deep.equal([
      { item: 'iron_pickaxe', reason: 'the market does not buy it' },
      { item: 'rotten_flesh', reason: 'not in the catalogue' },
    ]);
    expect(inventories.count('Alice', 'cobblestone')).to.equal(100);

    const stockBefore = await stockOf('cobblestone');
    const balanceBefore = await balance(alice);
    // More than is held is refused as buying more than the stock is, saying how many are held; nothing is taken or paid.
    const tooMany = await as(alice)('POST', '/api/player/inventory/sell', { item: 'cobblestone', quantity: 150 });
    expect(tooMany.status, JSON.stringify(tooMany.body)).to.equal(400);
    expect(tooMany.body.code).to.equal('insufficient_items');
    expect(tooMany.body.error).to.equal('Not enough to sell: cobblestone (only 100 in the inventory; asked to sell 150)');
    expect(tooMany.body.refused).to.deep.equal([{ item: 'cobblestone', reason: 'only 100 in the inventory; asked to sell 150' }]);
    // In a list too: one item asked beyond what is held refuses the whole request.
    const listed = await as(alice)('POST', '/api/player/inventory/sell', {
      items: [
        { item: 'cobblestone', quantity: 10 },
        { item: 'iron_ingot', quantity: 6 },
      ],
    });
    expect(listed.status, JSON.stringify(listed.body)).to.equal(400);
    expect(listed.body.code).to.equal('insufficient_items');
    expect(listed.body.refused).to.deep.equal([{ item: 'iron_ingot', reason: 'only 5 in the inventory; asked to sell 6' }]);
    const absent = await as(alice)('POST', '/api/player/inventory/sell', {
      items: [
        { item: 'cobblestone', quantity: 10 },
        { item: 'bread', quantity: 1 },
      ],
    });
    expect([absent.status, absent.body.code]).to.deep.equal([400, 'insufficient_items']);
    expect(absent.body.refused).to.deep.equal([{ item: 'bread', reason: 'only 0 in the inventory; asked to sell 1' }]);
    expect(inventories.count('Alice', 'cobblestone')).to.equal(100);
    expect(inventories.count('Alice', 'iron_ingot')).to.equal(5);
    expect(
      inventories.changes.filter(([change]) => change === 'remove'),
      'nothing taken in game',
    ).to.deep.equal([]);
    expect(await stockOf('cobblestone')).to.equal(stockBefore);
    expect(await balance(alice)).to.equal(balanceBefore);
    expect((await as(alice)('GET', '/api/economy/history')).body.pagination.total, 'no SALE record').to.equal(0);

    const sold = await as(alice)('POST', '/api/player/inventory/sell', { item: 'cobblestone', quantity: 100 });
    expect(sold.status, JSON.stringify(sold.body)).to.equal(200);
    expect(sold.body.sold).to.have.length(1);
    expect(sold.body.sold[0]).to.deep.include({ item: 'cobblestone', quantity: 100 });
    expect(inventories.count('Alice', 'cobblestone')).to.equal(0);
    expect(await stockOf('cobblestone')).to.equal(stockBefore + 100);
    // Paid along the curve (0.25 at the target stock of 1,000), not a figure checked only against itself.
    expect(Math.round(sold.body.total * 100), 'the income of 100 cobblestone at a stock of 1,000').to.equal(sellCents(0.25, 1000, stockBefore, 100));
    expect(Math.round(sold.body.sold[0].income * 100)).to.equal(Math.round(sold.body.total * 100));
    expect(Math.round(sold.body.balance * 100)).to.equal(1_000_000 + Math.round(sold.body.total * 100));
    expect(sold.body.dailyCap).to.equal(null);
    const history = await as(alice)('GET', '/api/economy/history');
    expect(history.body.transactions[0]).to.deep.include({ type: 'SALE', item: 'cobblestone', quantity: 100, amount: sold.body.total });

    const everything = await as(alice)('POST', '/api/player/inventory/sell', { all: true });
    expect(everything.status).to.equal(200);
    expect(everything.body.sold.map((line: { item: string }) => line.item)).to.deep.equal(['iron_ingot']);
    expect(everything.body.refused).to.deep.include({ item: 'rotten_flesh', reason: 'not in the catalogue' });
    expect(inventories.count('Alice', 'rotten_flesh'), 'what the market does not buy stays').to.equal(3);
    expect((await as(alice)('POST', '/api/player/inventory/sell', { all: true })).body.code).to.equal('nothing_to_sell');
    expect((await as(alice)('POST', '/api/player/inventory/sell', { item: 'cobblestone', all: true })).status).to.equal(400);
    expect((await as(alice)('POST', '/api/player/inventory/sell', {})).status).to.equal(400);
    expect((await as(bob)('POST', '/api/player/inventory/sell', { all: true })).status, 'Bob is not online').to.equal(404);
  });

  it('refuses a sale or a purchase that would pass the bound of 100,000,000,000.00, before taking anything', async function () {
    game.join('Alice', players.alice.uuid);
    await inventories.give('Alice', 'cobblestone', 100);
    const filled = await as(serviceToken)('POST', '/api/admin/economy/adjust', { username: 'Alice', amount: 100_000_000_000 - 10_000, reason: 'to the maximum' });
    expect(filled.body.balance, JSON.stringify(filled.body)).to.equal(100_000_000_000);
    const stock = await stockOf('cobblestone');
    const sold = await as(alice)('POST', '/api/player/inventory/sell', { item: 'cobblestone' });
    expect([sold.status, sold.body.code], JSON.stringify(sold.body)).to.deep.equal([400, 'balance_limit']);
    expect(sold.body.error).to.match(/^Alice's balance would pass the maximum of \$100,000,000,000\.00/);
    expect(inventories.count('Alice', 'cobblestone'), 'nothing taken').to.equal(100);
    expect(inventories.changes.filter(([change]) => change === 'remove')).to.deep.equal([]);
    expect(await server.gatehouse.store.part(marketPart).salesUnderWay(), 'no sale written down').to.deep.equal([]);
    expect(await stockOf('cobblestone')).to.equal(stock);
    expect(await balance(alice)).to.equal(100_000_000_000);

    // A price times a quantity past the bound is refused as the amount it is, whatever the balance.
    await writeFile(path.join(directory, 'shop.yml'), `${testShopFile}  netherite_ingot: { category: resources, price: 1000000000.00, stock: 1000, target-stock: 1000 }\n`);
    const reloaded = await as(serviceToken)('POST', '/api/admin/shop/reload');
    expect(reloaded.status, JSON.stringify(reloaded.body)).to.equal(200);
    const dear = await as(alice)('POST', '/api/shop/purchase', { item: 'netherite_ingot', quantity: 101 });
    expect([dear.status, dear.body.code], JSON.stringify(dear.body)).to.deep.equal([400, 'amount_limit']);
    expect(dear.body.error).to.match(/^Netherite Ingot x101 costs more than the maximum of \$100,000,000,000\.00/);
    expect(await stockOf('netherite_ingot')).to.equal(1000);
    expect(await balance(alice)).to.equal(100_000_000_000);
    expect((await as(alice)('GET', '/api/shop/deliveries')).body.deliveries).to.deep.equal([]);
  });

  it('pays a sale whose answer was lost once, however many joins come to finish it', async function () {
    game.join('Alice', players.alice.uuid);
    await inventories.give('Alice', 'cobblestone', 100);
    const before = await balance(alice);
    // The game takes the items; its answer is lost: the sale stays written down, to be finished at the next join.
    inventories.failAfterNext = true;
    expect((await as(alice)('POST', '/api/player/inventory/sell', { item: 'cobblestone' })).status).to.equal(503);
    expect(inventories.count('Alice', 'cobblestone')).to.equal(0);
    // Alice's connection flickers: she leaves and comes back twice in a moment, and each join finishes her sales.
    game.quit('Alice');
    game.join('Alice', players.alice.uuid);
    game.quit('Alice');
    game.join('Alice', players.alice.uuid);
    await eventually(async () => ((await server.gatehouse.store.part(marketPart).salesUnderWay()).length === 0 ? true : undefined), 5000, 'the sale finished');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sales = (await as(alice)('GET', '/api/economy/history')).body.transactions.filter((record: { type: string }) => record.type === 'SALE');
    expect(
      sales.map((record: { quantity: number }) => record.quantity),
      'one SALE record for the 100 cobblestone taken',
    ).to.deep.equal([100]);
    expect(Math.round((await balance(alice)) * 100)).to.equal(Math.round((before + sales[0].amount) * 100));
  });

  it('answers 503 for a sale the game took without saying so, and pays it once at the next retry, without a join', async function () {
    await writeFile(server.config.shopFile, testShopFile.replace('retry-seconds: 3600', 'retry-seconds: 1'));
    expect((await as(serviceToken)('POST', '/api/admin/shop/reload')).status).to.equal(200);
    game.join('Alice', players.alice.uuid);
    await inventories.give('Alice', 'cobblestone', 100);
    inventories.failAfterNext = true;
    const unanswered = await as(alice)('POST', '/api/player/inventory/sell', { item: 'cobblestone' });
    expect([unanswered.status, unanswered.body.code]).to.deep.equal([503, 'game_unavailable']);
    expect(unanswered.body.error).to.match(/did not answer whether it took the items \(cobblestone\); the sale is kept and paid as soon as it does/);
    const sales = await eventually(
      async () => {
        const records = (await as(alice)('GET', '/api/economy/history')).body.transactions.filter((record: { type: string }) => record.type === 'SALE');
        return records.length > 0 ? records : undefined;
      },
      15_000,
      'the sale paid by the retry',
    );
    expect(sales.map((record: { quantity: number }) => record.quantity)).to.deep.equal([100]);
    // Proof that the retry ran again after paying the first: a second lost answer (40 cobblestone, told apart by its quantity), which only a later round can pay.
    await inventories.give('Alice', 'cobblestone', 40);
    inventories.failAfterNext = true;
    expect((await as(alice)('POST', '/api/player/inventory/sell', { item: 'cobblestone' })).status).to.equal(503);
    const later = await eventually(
      async () => {
        const records = (await as(alice)('GET', '/api/economy/history')).body.transactions.filter(
          (record: { type: string; quantity: number }) => record.type === 'SALE' && record.quantity === 40,
        );
        return records.length > 0 ? records : undefined;
      },
      15_000,
      'the second sale paid by a later retry',
    );
    expect(later, 'the second paid once too').to.have.length(1);
    const firstSales = (await as(alice)('GET', '/api/economy/history')).body.transactions.filter(
      (record: { type: string; quantity: number }) => record.type === 'SALE' && record.quantity === 100,
    );
    expect(firstSales, 'and once').to.have.length(1);
  });

  it("pays at the retry every online player's sale under way, though one of them cannot be paid yet", async function () {
    game.join('Alice', players.alice.uuid);
    game.join('Bob', players.bob.uuid);
    await inventories.give('Alice', 'dirt', 5);
    await inventories.give('Bob', 'cobblestone', 10);
    // Alice's sale is of an item shop.yml no longer lists (edited while Gatehouse was stopped): owed, not payable yet.
    // Bob's is an ordinary sale whose answer was lost.
    const market = server.gatehouse.store.part(marketPart);
    const startedAt = new Date().toISOString();
    await market.createSale({ player: players.alice, item: 'dirt', quantity: 5, attempt: { operationId: 'sale-alice-dirt', count: 5, startedAt }, createdAt: startedAt });
    await market.createSale({
      player: players.bob,
      item: 'cobblestone',
      quantity: 10,
      attempt: { operationId: 'sale-bob-cobblestone', count: 10, startedAt },
      createdAt: startedAt,
    });
    await writeFile(server.config.shopFile, testShopFile.replace('retry-seconds: 3600', 'retry-seconds: 1'));
    expect((await as(serviceToken)('POST', '/api/admin/shop/reload')).status).to.equal(200);
    const sales = await eventually(
      async () => {
        const records = (await as(bob)('GET', '/api/economy/history')).body.transactions.filter((record: { type: string }) => record.type === 'SALE');
        return records.length > 0 ? records : undefined;
      },
      15_000,
      "Bob's sale paid by the retry",
    ).catch((error: Error) => error);
    expect(sales, "Bob's sale paid").not.to.be.instanceOf(Error);
    expect(sales.map((record: { quantity: number; item: string }) => [record.item, record.quantity])).to.deep.equal([['cobblestone', 10]]);
    // Alice's sale cannot be paid while its item is out of the catalogue: it stays under way, owed, and nothing is paid for it.
    const underWay = (await market.salesUnderWay()).map((sale) => `${sale.player.name} ${sale.item}`);
    expect(underWay, "Alice's sale still owed, Bob's finished").to.deep.equal(['Alice dirt']);
    const aliceSales = (await as(alice)('GET', '/api/economy/history')).body.transactions.filter((record: { type: string }) => record.type === 'SALE');
    expect(aliceSales, 'nothing paid to Alice for an item the market no longer prices').to.deep.equal([]);
  });

  it('keeps an item in the catalogue while a sale of it is under way, and pays the sale at the next join', async function () {
    game.join('Alice', players.alice.uuid);
    await inventories.give('Alice', 'cobblestone', 100);
    inventories.failAfterNext = true;
    expect((await as(alice)('POST', '/api/player/inventory/sell', { item: 'cobblestone' })).status).to.equal(503);
    expect(inventories.count('Alice', 'cobblestone'), 'taken by the game').to.equal(0);
    await writeFile(server.config.shopFile, testShopFile.replace(/ {2}cobblestone:.*\n/, ''));
    const refused = await as(serviceToken)('POST', '/api/admin/shop/reload');
    expect(refused.status).to.equal(400);
    expect(refused.body.error).to.match(/cobblestone cannot leave shop\.yml while a sale of it is under way/);
    expect(
      (await as(alice)('GET', '/api/shop/items?search=cobblestone')).body.items.map((item: { item: string }) => item.item),
      'nothing changed',
    ).to.deep.equal(['cobblestone']);
    game.quit('Alice');
    game.join('Alice', players.alice.uuid);
    const sales = await eventually(
      async () => {
        const records = (await as(alice)('GET', '/api/economy/history')).body.transactions.filter((record: { type: string }) => record.type === 'SALE');
        return records.length > 0 ? records : undefined;
      },
      15_000,
      'the sale paid',
    );
    expect(
      sales.map((record: { quantity: number }) => record.quantity),
      'the 100 cobblestone the game took are paid',
    ).to.deep.equal([100]);
    expect((await as(serviceToken)('POST', '/api/admin/shop/reload')).body.removed, 'and then it may go').to.deep.equal(['cobblestone']);
  });

  it('holds sales to the daily income cap, taking only what fits under it', async function () {
    await writeFile(server.config.shopFile, testShopFile.replace('daily-income-cap: 0', 'daily-income-cap: 10.00'));
    expect((await as(serviceToken)('POST', '/api/admin/shop/reload')).status).to.equal(200);
    game.join('Alice', players.alice.uuid);
    await inventories.give('Alice', 'cobblestone', 200);
    const sold = await as(alice)('POST', '/api/player/inventory/sell', { item: 'cobblestone' });
    expect(sold.status).to.equal(200);
    // The most cobblestone whose income, along the curve, fits under 10.00: the next one would pass it.
    const stock = 1000;
    let fitting = 0;
    while (sellCents(0.25, 1000, stock, fitting + 1) <= 1_000) fitting += 1;
    expect(sold.body.sold[0].quantity, 'as many as fit under the cap').to.equal(fitting);
    expect(Math.round(sold.body.total * 100)).to.equal(sellCents(0.25, 1000, stock, fitting));
    expect(sold.body.dailyCap.limit).to.equal(10);
    expect(Math.round(sold.body.dailyCap.earned * 100)).to.equal(sellCents(0.25, 1000, stock, fitting));
    expect(sold.body.refused[0].reason).to.match(/^only \d+ of 200 fit under the daily income cap$/);
    expect(inventories.count('Alice', 'cobblestone')).to.equal(200 - sold.body.sold[0].quantity);
    const more = await as(alice)('POST', '/api/player/inventory/sell', { item: 'cobblestone' });
    expect(more.status).to.equal(400);
    expect(more.body.code).to.equal('daily_cap_reached');
  });

  it('reloads shop.yml: a bad file changes nothing and says where; a good one adds and removes items', async function () {
    await writeFile(server.config.shopFile, testShopFile.replace('price: 100.00, stock: 20', 'price: 100.00, floor: 200.00, stock: 20'));
    const bad = await as(serviceToken)('POST', '/api/admin/shop/reload');
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.equal('shop.yml: items.diamond.floor: must be at most the price (100.00)');
    expect((await as(alice)('GET', '/api/economy/market-prices')).body.prices.diamond.buyPrice).to.equal(100);
    await writeFile(
      server.config.shopFile,
      testShopFile.replace(/ {2}bread:.*\n/, '').replace('items:\n', 'items:\n  dirt: { category: blocks, price: 0.10, stock: 50, target-stock: 50 }\n'),
    );
    const good = await as(serviceToken)('POST', '/api/admin/shop/reload');
    expect(good.body).to.deep.include({ success: true, items: 8, added: ['dirt'], removed: ['bread'] });
    expect((await as(alice)('GET', '/api/economy/market-prices')).body.prices).to.have.property('dirt');
    expect((await as(alice)('POST', '/api/admin/shop/reload')).status).to.equal(403);
    const audit = await as(serviceToken)('GET', '/api/admin/audit');
    expect(audit.body.entries[0]).to.deep.include({ action: 'shop.reload' });
  });

  it('drifts stock back toward its target, and keeps stock and prices across a restart', async function () {
    game.join('Alice', players.alice.uuid);
    await as(alice)('POST', '/api/shop/purchase', { item: 'diamond', quantity: 10 });
    expect(await stockOf('diamond')).to.equal(10);
    const market = server.gatehouse.store.part(marketPart);
    expect(await server.gatehouse.services.get('market').drift(), 'no step due yet').to.equal(0);
    // Ten minutes pass for every item: one step is due.
    for (const state of await market.items()) await market.saveItem({ ...state, driftedAt: new Date(Date.parse(state.driftedAt!) - 10 * 60_000).toISOString() });
    expect(await server.gatehouse.services.get('market').drift()).to.be.at.least(2);
    expect(await server.gatehouse.services.get('market').drift(), 'taken once').to.equal(0);
    expect(await stockOf('diamond'), 'half of the gap back').to.equal(15);
    expect(await stockOf('stone'), 'below target, rising').to.equal(53);
    const prices = (await as(alice)('GET', '/api/economy/market-prices')).body.prices;
    expect(prices.diamond.trend, 'up 65% and back down halfway').to.equal('VOLATILE');
    expect(prices.stone.trend).to.equal('FALLING');
    await server.stop();
    await boot();
    expect(await stockOf('diamond')).to.equal(15);
    expect((await as(alice)('GET', '/api/shop/deliveries')).body.deliveries[0]).to.deep.include({ item: 'diamond', quantity: 10, state: 'delivered' });
  });
});
