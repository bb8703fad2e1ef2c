/**
 * The shop through the bridge: the real plugin jar in the JVM harness (a fake
 * Paper server) holds the inventories and, with --vault, the money. Purchases
 * over HTTP are delivered into the harness's inventories exactly once (at
 * once, at the next join, through a give that timed out and was asked again
 * under its operation id, and one whose answer was lost); sales take from
 * them; nothing is charged for a purchase the API refused. The harness gives
 * every session an empty inventory: what a session holds came in it.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { installationId } from '../../src/features/shop/installation.js';
import { marketPart } from '../../src/features/shop/store.js';
import type { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { GameUnavailableError } from '../../src/game/errors.js';
import { eventually } from '../helpers/bots.js';
import { api, startBridgeGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';

const token = 'shop-bridge-token-for-tests-0123456789abcdef';

/** Only materials the harness's stub Material knows (diamond, iron_ingot, oak_log, stone, bread). */
const shopFile = `
market: { elasticity: 1, drift-minutes: 10, drift-percent: 50, max-quantity: 500 }
weekly: { offers: 2, discount-percent: 25, limit-per-player: 3 }
selling: { daily-income-cap: 0 }
deliveries: { retry-seconds: 3600 }
items:
  diamond: { category: resources, price: 100.00, stock: 20, target-stock: 20 }
  iron_ingot: { category: resources, price: 8.00, stock: 200, target-stock: 200 }
  oak_log: { category: resources, price: 1.50, stock: 100, target-stock: 100, trade: sell }
  stone: { category: blocks, price: 0.50, stock: 1000, target-stock: 1000 }
  bread: { category: food, price: 3.00, stock: 100, target-stock: 100 }
`;

/** The price curve written out again as the test's own oracle (default floor a quarter, ceiling four times the price): cents of one unit at `stock`. */
function unitCents(price: number, target: number, stock: number): number {
  return Math.min(price * 400, Math.max(Math.round(price * 25), Math.round(price * 100 * Math.exp(1 - stock / target))));
}

function buyCents(price: number, target: number, stock: number, quantity: number): number {
  let total = 0;
  for (let unit = 0; unit < quantity; unit += 1) total += unitCents(price, target, stock - unit);
  return total;
}

/** Selling at stock s pays what buying that unit back would cost, less the 20% spread, rounded down. */
function sellCents(price: number, target: number, stock: number, quantity: number): number {
  let total = 0;
  for (let unit = 0; unit < quantity; unit += 1) total += Math.floor((unitCents(price, target, stock + unit + 1) * 80) / 100);
  return total;
}

describe('the shop through the plugin in the JVM harness', function () {
  let server: TestGatehouse | undefined;
  let harness: PaperHarness | undefined;
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-shop-bridge-');
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
  });
  afterEach(async function () {
    if (harness) expect(await harness.stopAndListOffMainThread(), 'Bukkit calls made off the main thread').to.deep.equal([]);
    harness = undefined;
    await server?.stop();
    server = undefined;
    await rm(directory, { recursive: true, force: true });
  });

  /** A sidecar with the test's shop.yml (builtin players start with 10,000 unless told), and the harness's plugin connected to it. */
  async function connect(options: { vault?: boolean; requestTimeoutMs?: number; startingBalance?: number } = {}): Promise<{ server: TestGatehouse; harness: PaperHarness }> {
    server = await startBridgeGatehouse(token, options.requestTimeoutMs ?? 5000, {
      adjust: (config) => {
        config.shopFile = path.join(directory, 'shop.yml');
        config.settings.economy.startingBalance = options.startingBalance ?? 10_000;
      },
    });
    const bridge = server.gatehouse.game as BridgeGameAdapter;
    harness = await PaperHarness.start({ directory: path.join(directory, 'plugins'), config: PaperHarness.configFor(bridge.port, token), vault: options.vault });
    await eventually(() => (bridge.isConnected() ? true : undefined), 10000, 'the plugin to connect');
    return { server, harness };
  }

  /** A player joins the fake server, gets a code with /register and makes a web account: the account's player is the server's. */
  async function webAccount(player: string): Promise<string> {
    return harness!.webAccount(server!.baseUrl, player);
  }

  const as = (userToken: string) => (method: string, urlPath: string, body?: unknown) => api(server!.baseUrl, method, urlPath, { token: userToken, body });
  const balance = async (userToken: string) => (await as(userToken)('GET', '/api/economy/balance')).body.balance as number;
  const prices = async (userToken: string) =>
    (await as(userToken)('GET', '/api/economy/market-prices')).body.prices as Record<string, { buyPrice: number; sellPrice: number; stock: number }>;
  const history = async (userToken: string) =>
    (await as(userToken)('GET', '/api/economy/history')).body.transactions as Array<{
      id: number;
      type: string;
      amount: number;
      balance: number;
      item?: string;
      quantity?: number;
    }>;
  /** How many of `item` the player holds in the harness, over every slot. */
  const held = async (name: string, item: string) =>
    ((await harness!.player(name)).inventory ?? []).filter((stack) => stack.item === item).reduce((sum, stack) => sum + stack.count, 0);
  const cents = (amount: number) => Math.round(amount * 100);
  /**
   * The player joins the harness; resolves once the sidecar has seen the join and the deliveries it
   * starts are done (a delivery attempt holds the player's lock, which deliverTo waits for).
   * The harness gives every session a fresh, empty inventory: what a session holds came in it.
   */
  async function join(name: string): Promise<void> {
    const game = server!.gatehouse.game;
    expect(await harness!.joinSeenBy(game.events, { name })).to.deep.include({ joined: true });
    const player = (await game.onlinePlayers()).find((online) => online.name === name)!;
    await server!.gatehouse.services.get('deliveries').deliverTo(player);
  }

  it('delivers a purchase into the inventory of a player online: charged once along the curve, a PURCHASE record, stock down', async function () {
    await connect();
    const steve = await webAccount('Steve');
    expect(await balance(steve)).to.equal(10_000);
    const before = await prices(steve);
    expect(before.diamond!.stock).to.equal(20);
    const bought = await as(steve)('POST', '/api/shop/purchase', { item: 'diamond', quantity: 3 });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    const charged = buyCents(100, 20, 20, 3);
    expect(bought.body.purchase).to.deep.include({ item: 'diamond', quantity: 3, charged: charged / 100, weekly: false });
    expect(bought.body.delivery).to.deep.include({ item: 'diamond', quantity: 3, given: 3, remaining: 0, state: 'delivered', transactionId: bought.body.purchase.transactionId });
    expect(bought.body.balance).to.equal((1_000_000 - charged) / 100);
    expect(await held('Steve', 'diamond'), 'exactly the quantity bought, in the harness').to.equal(3);
    expect(await balance(steve)).to.equal((1_000_000 - charged) / 100);
    expect((await prices(steve)).diamond!.stock).to.equal(17);
    const records = await history(steve);
    expect(records.map((record) => [record.type, cents(record.amount), record.item, record.quantity])).to.deep.equal([['PURCHASE', -charged, 'diamond', 3]]);
    expect(records[0]!.id).to.equal(bought.body.purchase.transactionId);
    // Told in game, by the plugin.
    await eventually(
      async () => ((await harness!.player('Steve')).messages?.some((text) => text.includes('3 Diamond from the shop arrived')) ? true : undefined),
      5000,
      'the delivery message',
    );
    // A second purchase adds to the first.
    const more = await as(steve)('POST', '/api/shop/purchase', { item: 'bread', quantity: 70 });
    expect(more.status, JSON.stringify(more.body)).to.equal(200);
    expect(more.body.delivery).to.deep.include({ state: 'delivered', given: 70 });
    expect(await held('Steve', 'bread')).to.equal(70);
    expect(await held('Steve', 'diamond')).to.equal(3);
  });

  it('sells from the inventory in the harness: the items taken, paid along the curve as a SALE record', async function () {
    await connect();
    const alex = await webAccount('Alex');
    expect(await harness!.request('give', { name: 'Alex', item: 'oak_log', count: 10 })).to.equal(true);
    expect(await harness!.request('give', { name: 'Alex', item: 'iron_ingot', count: 5 })).to.equal(true);
    expect(await held('Alex', 'oak_log')).to.equal(10);
    const inventory = await as(alex)('GET', '/api/player/inventory');
    expect(inventory.status, JSON.stringify(inventory.body)).to.equal(200);
    const quoted = await prices(alex);
    expect(inventory.body.items.find((stack: { item: string }) => stack.item === 'oak_log')).to.deep.include({ count: 10, sellPrice: quoted.oak_log!.sellPrice });
    expect(cents(quoted.oak_log!.sellPrice)).to.equal(sellCents(1.5, 100, 100, 1));

    const sold = await as(alex)('POST', '/api/player/inventory/sell', { item: 'oak_log', quantity: 6 });
    expect(sold.status, JSON.stringify(sold.body)).to.equal(200);
    const income = sellCents(1.5, 100, 100, 6);
    expect(sold.body.sold).to.have.length(1);
    expect(sold.body.sold[0]).to.deep.include({ item: 'oak_log', quantity: 6, income: income / 100 });
    expect(sold.body.balance).to.equal((1_000_000 + income) / 100);
    expect(await held('Alex', 'oak_log'), 'six taken from the harness inventory').to.equal(4);
    expect(await held('Alex', 'iron_ingot')).to.equal(5);
    expect((await prices(alex)).oak_log!.stock).to.equal(106);

    // Without a quantity: all that is held. A one-unit sale pays exactly the quoted sell price.
    const quotedIron = (await prices(alex)).iron_ingot!.sellPrice;
    const one = await as(alex)('POST', '/api/player/inventory/sell', { item: 'iron_ingot', quantity: 1 });
    expect(one.body.sold[0]).to.deep.include({ item: 'iron_ingot', quantity: 1, income: quotedIron });
    const rest = await as(alex)('POST', '/api/player/inventory/sell', { item: 'iron_ingot' });
    expect(rest.status, JSON.stringify(rest.body)).to.equal(200);
    expect(rest.body.sold[0]).to.deep.include({ item: 'iron_ingot', quantity: 4, income: sellCents(8, 200, 201, 4) / 100 });
    expect(await held('Alex', 'iron_ingot')).to.equal(0);
    const records = await history(alex);
    expect(records.map((record) => [record.type, cents(record.amount), record.item, record.quantity])).to.deep.equal([
      ['SALE', sellCents(8, 200, 201, 4), 'iron_ingot', 4],
      ['SALE', cents(quotedIron), 'iron_ingot', 1],
      ['SALE', income, 'oak_log', 6],
    ]);
    expect(await balance(alex)).to.equal((1_000_000 + income + cents(quotedIron) + sellCents(8, 200, 201, 4)) / 100);

    // Nothing of it left: refused, nothing paid, nothing taken.
    const none = await as(alex)('POST', '/api/player/inventory/sell', { item: 'iron_ingot' });
    expect(none.status).to.equal(400);
    expect(none.body.code).to.equal('nothing_to_sell');
    expect(await held('Alex', 'oak_log')).to.equal(4);
    expect(await history(alex)).to.have.length(3);
  });

  it('delivers to a player who was offline at their next join, exactly once across joins', async function () {
    await connect();
    const nora = await webAccount('Nora');
    expect(await harness!.request('quit', { name: 'Nora' })).to.equal(true);
    const bought = await as(nora)('POST', '/api/shop/purchase', { item: 'iron_ingot', quantity: 5 });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    expect(bought.body.delivery).to.deep.include({ state: 'pending', given: 0, remaining: 5 });
    expect(bought.body.message).to.match(/when you are next in game/);
    const charged = buyCents(8, 200, 200, 5);
    expect(bought.body.balance).to.equal((1_000_000 - charged) / 100);
    expect(await held('Nora', 'iron_ingot')).to.equal(0);
    // The retry timer is not due (retry-seconds 3600), and a retry now finds her offline.
    expect(await server!.gatehouse.services.get('deliveries').retryOnline()).to.equal(0);

    await join('Nora');
    await eventually(async () => ((await as(nora)('GET', '/api/shop/deliveries')).body.deliveries[0].state === 'delivered' ? true : undefined), 5000, 'the delivery at the join');
    expect(await held('Nora', 'iron_ingot'), 'given at the join').to.equal(5);
    // The player is told after the delivery is written down: wait for the message, then check it came once.
    const told = async () => (await harness!.player('Nora')).messages?.filter((text) => text.includes('from the shop arrived')) ?? [];
    await eventually(async () => ((await told()).length > 0 ? true : undefined), 15_000, 'Nora told of the delivery');
    expect(await told()).to.have.length(1);
    expect((await as(nora)('GET', '/api/shop/deliveries')).body.deliveries).to.have.length(1);

    // Joins again (a fresh session in the harness, with an empty inventory): nothing is given a second time.
    await harness!.request('quit', { name: 'Nora' });
    await join('Nora');
    expect(await server!.gatehouse.services.get('deliveries').retryOnline()).to.equal(0);
    expect(await held('Nora', 'iron_ingot'), 'not again at the next join').to.equal(0);
    expect((await harness!.player('Nora')).messages?.filter((text) => text.includes('from the shop'))).to.deep.equal([]);
    expect((await history(nora)).filter((record) => record.type === 'PURCHASE')).to.have.length(1);
    expect(await balance(nora)).to.equal((1_000_000 - charged) / 100);
    expect((await as(nora)('GET', '/api/shop/deliveries')).body.deliveries[0]).to.deep.include({ state: 'delivered', given: 5, remaining: 0 });
  });

  it('refuses purchases it cannot make: no money taken, nothing given, stock unchanged', async function () {
    await connect({ startingBalance: 150 });
    const poor = await webAccount('Poor');
    const before = await prices(poor);
    const refusals: Array<[unknown, number, string]> = [
      [{ item: 'diamond', quantity: 21 }, 400, 'insufficient_stock'],
      [{ item: 'stone', quantity: 501 }, 400, 'invalid_field'],
      [{ item: 'oak_log', quantity: 1 }, 400, 'not_for_sale'],
      [{ item: 'emerald', quantity: 1 }, 400, 'unknown_item'],
      [{ item: 'diamond', quantity: 0 }, 400, 'invalid_field'],
    ];
    for (const [body, status, code] of refusals) {
      const answer = await as(poor)('POST', '/api/shop/purchase', body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).to.deep.equal([status, code]);
    }
    // 150 buys one diamond (100.00), not two (100.00 and 105.13).
    expect(buyCents(100, 20, 20, 2)).to.be.above(15_000);
    const tooDear = await as(poor)('POST', '/api/shop/purchase', { item: 'diamond', quantity: 2 });
    expect([tooDear.status, tooDear.body.code]).to.deep.equal([400, 'insufficient_funds']);
    expect(await balance(poor)).to.equal(150);
    expect(await history(poor)).to.deep.equal([]);
    expect((await harness!.player('Poor')).inventory).to.deep.equal([]);
    expect(await prices(poor)).to.deep.equal(before);
    expect((await as(poor)('GET', '/api/shop/deliveries')).body.deliveries).to.deep.equal([]);
  });

  it('gives a delivery whose give timed out exactly once, when it is asked again under its operation id', async function () {
    // The sidecar waits 1 s for an answer; the plugin may start the work within 750 ms of reading it.
    await connect({ requestTimeoutMs: 1000 });
    const steve = await webAccount('Steve');
    const deliveries = server!.gatehouse.services.get('deliveries');
    // The main thread sleeps 8 s: the give below waits behind it, past the sidecar's timeout, and the second ask
    // below comes while it still sleeps, with seconds to spare on a loaded machine.
    await harness!.request('freeze', { ms: 8000 });
    const started = Date.now();
    const bought = await as(steve)('POST', '/api/shop/purchase', { item: 'diamond', quantity: 4 });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    expect(Date.now() - started, 'answered after the give timed out').to.be.at.least(900);
    const charged = buyCents(100, 20, 20, 4);
    expect(bought.body.delivery).to.deep.include({ state: 'pending', given: 0, remaining: 4 });
    expect(bought.body.balance).to.equal((1_000_000 - charged) / 100);
    const id = bought.body.delivery.id as number;
    const written = (await server!.gatehouse.store.part(marketPart).delivery(id))!;
    const installation = await installationId(server!.gatehouse.store.keys)();
    expect(written.attempt?.operationId, 'the attempt written down with its operation id').to.match(new RegExp(`^delivery-${installation}-${id}-1-[0-9a-f]{8}$`));

    // Asked again while the main thread still sleeps: the plugin joins it to the first request, and the sidecar times out again.
    expect(Date.now() - started, 'still frozen').to.be.below(6000);
    const during = await deliveries.attempt(id);
    expect(during).to.deep.include({ state: 'pending', given: 0 });
    expect(during.attempt?.operationId, 'the same attempt, not a new one').to.equal(written.attempt?.operationId);

    // The main thread wakes (the harness answers on it): the give was never started, its deadline long passed.
    expect(await held('Steve', 'diamond'), 'nothing given by the timed-out requests').to.equal(0);
    // Asked again (more than once if a loaded machine makes it time out again: each ask is the same attempt, so at most one gives).
    const after = await eventually(
      async () => {
        const now = await deliveries.attempt(id);
        return now.state === 'delivered' ? now : undefined;
      },
      15000,
      'the delivery given',
    );
    expect(after).to.deep.include({ state: 'delivered', given: 4, attempt: null, attempts: 1 });
    expect(await held('Steve', 'diamond'), 'given once').to.equal(4);
    // Nothing pending any more: further retries ask nothing.
    expect(await deliveries.retryOnline()).to.equal(0);
    expect(await deliveries.attempt(id)).to.deep.include({ state: 'delivered', given: 4 });
    expect(await held('Steve', 'diamond'), 'still once').to.equal(4);
    expect(await balance(steve), 'charged once').to.equal((1_000_000 - charged) / 100);
    expect((await history(steve)).map((record) => [record.type, cents(record.amount)])).to.deep.equal([['PURCHASE', -charged]]);
    expect((await prices(steve)).diamond!.stock).to.equal(16);
  });

  it('gives a delivery exactly once when the timed-out give is asked again later by the retry timer or a join', async function () {
    await connect({ requestTimeoutMs: 1000 });
    const steve = await webAccount('Steve');
    await harness!.request('freeze', { ms: 1500 });
    const bought = await as(steve)('POST', '/api/shop/purchase', { item: 'stone', quantity: 100 });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    expect(bought.body.delivery).to.deep.include({ state: 'pending', given: 0 });
    // Past the freeze, the retry (what the timer runs every retry-seconds) gives it.
    expect(await held('Steve', 'stone')).to.equal(0);
    expect(await server!.gatehouse.services.get('deliveries').retryOnline()).to.equal(1);
    expect(await held('Steve', 'stone')).to.equal(100);
    // A quit and a join ask for pending deliveries again: there are none, so the new session (empty in the harness) gets nothing.
    await harness!.request('quit', { name: 'Steve' });
    await join('Steve');
    expect(await server!.gatehouse.services.get('deliveries').retryOnline()).to.equal(0);
    expect(await held('Steve', 'stone')).to.equal(0);
    expect((await history(steve)).filter((record) => record.type === 'PURCHASE')).to.have.length(1);
  });

  it("gives a delivery once when the plugin gave but its answer never reached the sidecar: the retry is answered from the plugin's memory", async function () {
    await connect();
    const steve = await webAccount('Steve');
    // The sidecar's give goes to the plugin for real; its answer is then dropped, as a timeout after the work would.
    const inventories = server!.gatehouse.game.capability('inventories')!;
    const give = inventories.give;
    let gaveInGame: number | undefined;
    inventories.give = async (...args) => {
      inventories.give = give;
      gaveInGame = await give(...args);
      throw new GameUnavailableError('no answer to inventories.give (dropped by the test)');
    };
    const bought = await as(steve)('POST', '/api/shop/purchase', { item: 'bread', quantity: 7 });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    expect(gaveInGame).to.equal(7);
    expect(bought.body.delivery).to.deep.include({ state: 'pending', given: 0 });
    expect(await held('Steve', 'bread'), 'the plugin did give').to.equal(7);
    const id = bought.body.delivery.id as number;
    const installation = await installationId(server!.gatehouse.store.keys)();
    expect((await server!.gatehouse.store.part(marketPart).delivery(id))!.attempt?.operationId).to.match(new RegExp(`^delivery-${installation}-${id}-1-[0-9a-f]{8}$`));
    // The retry asks again under the same id: the plugin answers 7 from its memory and gives nothing more.
    expect(await server!.gatehouse.services.get('deliveries').retryOnline()).to.equal(1);
    expect((await server!.gatehouse.store.part(marketPart).delivery(id))!).to.deep.include({ state: 'delivered', given: 7, attempt: null });
    expect(await held('Steve', 'bread'), 'given once').to.equal(7);
    const { calls } = await harness!.request<{ calls: string[] }>('calls');
    expect(
      calls.filter((call) => call.startsWith('Inventory.addItem')),
      'one addItem in the game',
    ).to.have.length(1);
    expect(await server!.gatehouse.services.get('deliveries').retryOnline()).to.equal(0);
    expect((await history(steve)).map((record) => record.type)).to.deep.equal(['PURCHASE']);
  });

  it("buys through the server's Vault economy: the price withdrawn from Vault, the items given", async function () {
    await connect({ vault: true });
    const vic = await webAccount('Vic');
    // The fake Vault starts everyone at 100.
    expect(await balance(vic)).to.equal(100);
    const bought = await as(vic)('POST', '/api/shop/purchase', { item: 'bread', quantity: 2 });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    const charged = buyCents(3, 100, 100, 2);
    expect(bought.body.purchase).to.deep.include({ item: 'bread', quantity: 2, charged: charged / 100 });
    expect(bought.body.delivery).to.deep.include({ state: 'delivered', given: 2 });
    expect(bought.body.balance).to.equal((10_000 - charged) / 100);
    expect(await balance(vic), 'read back from the fake Vault').to.equal((10_000 - charged) / 100);
    expect(await held('Vic', 'bread')).to.equal(2);
    expect((await history(vic)).map((record) => [record.type, cents(record.amount), cents(record.balance)])).to.deep.equal([['PURCHASE', -charged, 10_000 - charged]]);
    const { calls } = await harness!.request<{ calls: string[] }>('calls');
    expect(calls.filter((call) => call.startsWith('Economy.withdrawPlayer Vic'))).to.have.length(1);
    // More than Vault holds: refused by Vault, nothing taken or given.
    const tooDear = await as(vic)('POST', '/api/shop/purchase', { item: 'diamond', quantity: 1 });
    expect([tooDear.status, tooDear.body.code]).to.deep.equal([400, 'insufficient_funds']);
    expect(await balance(vic)).to.equal((10_000 - charged) / 100);
    expect(await held('Vic', 'diamond')).to.equal(0);
    expect((await prices(vic)).diamond!.stock).to.equal(20);
  });

  it('withdraws from Vault once for a purchase whose first ask the busy server could not start: asked again in the request', async function () {
    await connect({ vault: true, requestTimeoutMs: 1000 });
    const vic = await webAccount('Vic');
    await harness!.request('freeze', { ms: 2000 });
    const bought = await as(vic)('POST', '/api/shop/purchase', { item: 'bread', quantity: 3 });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    expect(await balance(vic)).to.equal((10_000 - buyCents(3, 100, 100, 3)) / 100);
    expect(await held('Vic', 'bread')).to.equal(3);
    const { calls } = await harness!.request<{ calls: string[] }>('calls');
    expect(calls.filter((call) => call.startsWith('Economy.withdrawPlayer'))).to.have.length(1);
  });

  it('answers 503 for a purchase while the server stays too busy, and leaves Vault where it was once the server is back', async function () {
    this.timeout(30000);
    await connect({ vault: true, requestTimeoutMs: 1000 });
    const vic = await webAccount('Vic');
    // Longer than the request asks (three asks of 1 s, 250 and 750 ms apart).
    await harness!.request('freeze', { ms: 6000 });
    const refused = await as(vic)('POST', '/api/shop/purchase', { item: 'bread', quantity: 3 });
    expect([refused.status, refused.body.code], JSON.stringify(refused.body)).to.deep.equal([503, 'game_unavailable']);
    // After the freeze the sidecar asks the withdrawal again in the background (whether it happened is unknown to it), then puts it back.
    await eventually(
      async () => {
        const { calls } = await harness!.request<{ calls: string[] }>('calls');
        return calls.some((call) => call.startsWith('Economy.depositPlayer')) ? true : undefined;
      },
      15000,
      'the withdrawal put back',
    );
    expect(await balance(vic)).to.equal(100);
    expect(await held('Vic', 'bread')).to.equal(0);
    expect(await history(vic)).to.deep.equal([]);
    expect((await prices(vic)).bread!.stock).to.equal(100);
    expect((await as(vic)('GET', '/api/shop/deliveries')).body.deliveries).to.deep.equal([]);
    // And the next one goes through.
    const bought = await as(vic)('POST', '/api/shop/purchase', { item: 'bread', quantity: 3 });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    expect(await balance(vic)).to.equal((10_000 - buyCents(3, 100, 100, 3)) / 100);
    expect(await held('Vic', 'bread')).to.equal(3);
  });
});
