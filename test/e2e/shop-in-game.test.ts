/**
 * The shop with real clients: mineflayer bots on the embedded server buy on
 * the web and find the items in their inventory (what the client shows),
 * offline buyers get them at their join, a full inventory gets the rest
 * later, and sold items leave the inventory.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { marketPart } from '../../src/features/shop/store.js';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually, joinBot, leave, nextChat } from '../helpers/bots.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';

const shopFile = `
deliveries: { retry-seconds: 3600 }
items:
  diamond: { category: resources, price: 100.00, stock: 100, target-stock: 100 }
  cobblestone: { category: blocks, price: 0.25, stock: 5000, target-stock: 5000 }
  bread: { category: food, price: 3.00, stock: 100, target-stock: 100 }
`;

/** How many of an item the client believes it holds. */
function held(bot: Bot, item: string): number {
  return bot.inventory
    .items()
    .filter((stack) => stack.name === item)
    .reduce((sum, stack) => sum + stack.count, 0);
}

describe('the shop in game: mineflayer bots on the embedded server', function () {
  let server: TestGatehouse;
  let directory: string;
  const bots: Bot[] = [];
  const port = () => (server.gatehouse.game as EmbeddedGameServer).port;
  const join = async (name: string) => {
    const bot = await joinBot(port(), name);
    bots.push(bot);
    return bot;
  };
  before(async function () {
    directory = await temporaryDirectory('gatehouse-shop-game-');
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    server = await startTestGatehouse(
      (config) => {
        config.settings.economy.startingBalance = 10_000;
        config.shopFile = path.join(directory, 'shop.yml');
      },
      { dataDirectory: directory },
    );
  });
  after(async function () {
    await Promise.all(bots.map((bot) => leave(bot)));
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('puts what a bot buys on the web into its inventory, and tells it', async function () {
    const bot = await join('Buyer');
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'buyer', 'Buyer');
    const told = nextChat(bot, /16 Diamond from the shop arrived/);
    const bought = await api(server.baseUrl, 'POST', '/api/shop/purchase', { token, body: { item: 'diamond', quantity: 16 } });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    expect(bought.body.delivery).to.deep.include({ state: 'delivered', given: 16 });
    await told;
    await eventually(() => (held(bot, 'diamond') === 16 ? true : undefined), 5000, 'the diamonds in the client');
  });

  it("gives an offline player's purchase at their join", async function () {
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'later', 'Later');
    const bought = await api(server.baseUrl, 'POST', '/api/shop/purchase', { token, body: { item: 'bread', quantity: 5 } });
    expect(bought.body.delivery).to.deep.include({ state: 'pending', given: 0 });
    // The game knows the player is away: no attempt was written down, nor asked of it.
    const [waiting] = await server.gatehouse.store.part(marketPart).pendingDeliveries();
    expect(waiting).to.deep.include({ item: 'bread', attempts: 0, attempt: null });
    const bot = await join('Later');
    await eventually(() => (held(bot, 'bread') === 5 ? true : undefined), 10_000, 'the bread in the client');
    // The delivery is marked done once the game confirmed the give (and the player's file holds it).
    const delivery = await eventually(
      async () => {
        const [latest] = (await api(server.baseUrl, 'GET', '/api/shop/deliveries', { token })).body.deliveries;
        return latest.state === 'delivered' ? latest : undefined;
      },
      15_000,
      'the delivery marked done',
    );
    expect(delivery).to.deep.include({ given: 5, remaining: 0 });
  });

  it('gives a full inventory what fits, and the rest once there is room', async function () {
    const bot = await join('Packed');
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'packed', 'Packed');
    const inventories = server.gatehouse.game.require('inventories');
    // 35 of 36 slots full of dirt, which the shop does not buy.
    expect(await inventories.give('Packed', 'dirt', 35 * 64)).to.equal(35 * 64);
    await eventually(() => (held(bot, 'dirt') === 35 * 64 ? true : undefined), 5000, 'the dirt in the client');
    const bought = await api(server.baseUrl, 'POST', '/api/shop/purchase', { token, body: { item: 'cobblestone', quantity: 100 } });
    expect(bought.body.delivery).to.deep.include({ state: 'pending', given: 64, remaining: 36 });
    await eventually(() => (held(bot, 'cobblestone') === 64 ? true : undefined), 5000, 'the first stack in the client');
    expect(await inventories.remove('Packed', 'dirt', 64)).to.equal(64);
    expect(await server.gatehouse.services.get('deliveries').retryOnline()).to.be.at.least(1);
    await eventually(() => (held(bot, 'cobblestone') === 100 ? true : undefined), 5000, 'the rest in the client');
    expect((await api(server.baseUrl, 'GET', '/api/shop/deliveries', { token })).body.deliveries[0]).to.deep.include({ state: 'delivered', given: 100 });
  });

  it('takes sold items out of the inventory and pays only for them', async function () {
    const bot = await join('Seller');
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'seller', 'Seller');
    await server.gatehouse.game.require('inventories').give('Seller', 'cobblestone', 40);
    await eventually(() => (held(bot, 'cobblestone') === 40 ? true : undefined), 5000, 'the cobblestone in the client');
    // More than is held: refused, saying how many are, and nothing leaves the inventory.
    const tooMany = await api(server.baseUrl, 'POST', '/api/player/inventory/sell', { token, body: { item: 'cobblestone', quantity: 64 } });
    expect([tooMany.status, tooMany.body.code]).to.deep.equal([400, 'insufficient_items']);
    expect(tooMany.body.error).to.contain('only 40 in the inventory');
    const stacks = await server.gatehouse.game.require('inventories').read('Seller');
    expect(stacks.filter((stack) => stack.item === 'cobblestone').reduce((sum, stack) => sum + stack.count, 0)).to.equal(40);
    const sold = await api(server.baseUrl, 'POST', '/api/player/inventory/sell', { token, body: { item: 'cobblestone', quantity: 40 } });
    expect(sold.status, JSON.stringify(sold.body)).to.equal(200);
    expect(sold.body.sold[0]).to.deep.include({ item: 'cobblestone', quantity: 40 });
    await eventually(() => (held(bot, 'cobblestone') === 0 ? true : undefined), 5000, 'the cobblestone gone from the client');
    const history = await api(server.baseUrl, 'GET', '/api/economy/history', { token });
    expect(history.body.transactions[0]).to.deep.include({ type: 'SALE', quantity: 40, amount: sold.body.total });
  });
});
