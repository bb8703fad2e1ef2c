/**
 * Deliveries and sales on a network, where each server's game remembers the
 * operations it did and the others' do not: an attempt whose answer was lost
 * is settled only through the server it was asked on, never done again on
 * the server the player moved to. Two Gatehouse instances on one PostgreSQL
 * database, each with its own embedded game server, and a mineflayer bot
 * that moves from one to the other.
 */
import { rm, writeFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { GameUnavailableError } from '../../src/game/errors.js';
import { eventually, joinBot, leave, registrationCodeFor } from '../helpers/bots.js';
import { api, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';
import { ownEmbeddedGame, startNetworkInstance } from '../helpers/network.js';

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

describe('a network of servers: a delivery or sale whose answer was lost, and a player who moved', function () {
  let postgres: ThrowawayPostgres;
  let prefix: string;
  let directory: string;
  let survival: TestGatehouse;
  let creative: TestGatehouse;
  const bots: Bot[] = [];

  const start = async (server: string) => {
    return startNetworkInstance({ directory, postgres, prefix }, server, (config) => {
      config.settings.economy.startingBalance = 1000;
      config.shopFile = path.join(directory, 'shop.yml');
    });
  };
  const join = async (server: TestGatehouse, name: string) => {
    const bot = await joinBot(ownEmbeddedGame(server).port, name);
    bots.push(bot);
    return bot;
  };
  const seenFrom = (server: TestGatehouse, name: string, where: string) =>
    eventually(
      async () => ((await server.gatehouse.game.onlinePlayers()).some((player) => player.name === name && player.server === where) ? true : undefined),
      10_000,
      `${name} seen on ${where}`,
    );

  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this);
    prefix = uniquePrefix('network_deliveries');
    directory = await temporaryDirectory('gatehouse-network-deliveries-');
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    [survival, creative] = await Promise.all([start('survival'), start('creative')]);
  });
  after(async function () {
    await Promise.all(bots.map((bot) => leave(bot)));
    await Promise.all([survival?.stop(), creative?.stop()]);
    await rm(directory, { recursive: true, force: true });
  });

  it('does not give again on the server the player moved to; the server that gave settles it from its memory', async function () {
    this.timeout(60_000);
    const first = await join(survival, 'Mover');
    const code = await registrationCodeFor(first);
    expect((await api(survival.baseUrl, 'POST', '/api/auth/register', { body: { code, username: 'mover', password: 'password1', email: 'm@example.com' } })).status).to.equal(201);
    const token = (await api(creative.baseUrl, 'POST', '/api/auth/login', { body: { username: 'mover', password: 'password1' } })).body.token as string;
    await seenFrom(creative, 'Mover', 'survival');
    // Survival's game gives; its answer is lost on the way back (as a dropped link or a timeout would lose it).
    const inventories = ownEmbeddedGame(survival).capability('inventories')!;
    const give = inventories.give;
    let gaveInGame: number | undefined;
    inventories.give = async function (...args) {
      inventories.give = give;
      gaveInGame = await give.apply(inventories, args);
      throw new GameUnavailableError('the answer to the give was lost (the test)');
    };
    const bought = await api(creative.baseUrl, 'POST', '/api/shop/purchase', { token, body: { item: 'diamond', quantity: 5 } });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    expect(gaveInGame, 'survival gave').to.equal(5);
    expect(bought.body.delivery).to.deep.include({ state: 'pending', given: 0 });
    await eventually(() => (held(first, 'diamond') === 5 ? true : undefined), 5000, 'the diamonds in the bot on survival');

    // The player moves to creative: its join, and its retries, must not give them again there.
    await leave(first);
    bots.splice(bots.indexOf(first), 1);
    const moved = await join(creative, 'Mover');
    await seenFrom(survival, 'Mover', 'creative');
    await creative.gatehouse.services.get('deliveries').retryOnline();
    await delay(1500);
    expect(held(moved, 'diamond'), 'nothing given again on creative').to.equal(0);

    // Survival asks its own game under the same operation id: its memory answers 5, and the delivery is done.
    await survival.gatehouse.services.get('deliveries').retryOnline();
    const [delivery] = (await api(creative.baseUrl, 'GET', '/api/shop/deliveries', { token })).body.deliveries;
    expect(delivery).to.deep.include({ state: 'delivered', given: 5, remaining: 0 });
    await creative.gatehouse.services.get('deliveries').retryOnline();
    await delay(500);
    expect(held(moved, 'diamond'), 'the items exist once, in survival').to.equal(0);
  });

  it('does not take a sale again on the server the player moved to; pays it once when they are back where it was taken', async function () {
    this.timeout(60_000);
    const first = await join(survival, 'Trader');
    const code = await registrationCodeFor(first);
    expect((await api(survival.baseUrl, 'POST', '/api/auth/register', { body: { code, username: 'trader', password: 'password1', email: 't@example.com' } })).status).to.equal(201);
    const token = (await api(creative.baseUrl, 'POST', '/api/auth/login', { body: { username: 'trader', password: 'password1' } })).body.token as string;
    await seenFrom(creative, 'Trader', 'survival');
    await ownEmbeddedGame(survival).require('inventories').give('Trader', 'cobblestone', 40);
    await eventually(() => (held(first, 'cobblestone') === 40 ? true : undefined), 5000, 'the cobblestone in the bot on survival');
    // Survival's game takes the items; its answer is lost on the way back.
    const inventories = ownEmbeddedGame(survival).capability('inventories')!;
    const remove = inventories.remove;
    let takenInGame: number | undefined;
    inventories.remove = async function (...args) {
      inventories.remove = remove;
      takenInGame = await remove.apply(inventories, args);
      throw new GameUnavailableError('the answer to the clear was lost (the test)');
    };
    const sold = await api(creative.baseUrl, 'POST', '/api/player/inventory/sell', { token, body: { item: 'cobblestone', quantity: 40 } });
    expect(sold.status, JSON.stringify(sold.body)).to.equal(503);
    expect(sold.body.code).to.equal('game_unavailable');
    expect(takenInGame, 'survival took them').to.equal(40);
    const sales = async () =>
      (await api(creative.baseUrl, 'GET', '/api/economy/history', { token })).body.transactions.filter((record: { type: string }) => record.type === 'SALE');

    // On creative the player has other cobblestone: its join must neither take them nor settle the sale there.
    await leave(first);
    bots.splice(bots.indexOf(first), 1);
    const moved = await join(creative, 'Trader');
    await seenFrom(survival, 'Trader', 'creative');
    await ownEmbeddedGame(creative).require('inventories').give('Trader', 'cobblestone', 40);
    await eventually(() => (held(moved, 'cobblestone') === 40 ? true : undefined), 5000, 'the cobblestone in the bot on creative');
    await delay(1500);
    expect(held(moved, 'cobblestone'), 'nothing taken on creative').to.equal(40);
    expect(await sales(), 'not paid yet').to.deep.equal([]);

    // Back on survival: its game answers the sale's operation id from its memory, and it is paid once.
    await leave(moved);
    bots.splice(bots.indexOf(moved), 1);
    await join(survival, 'Trader');
    const paid = await eventually(
      async () => {
        const records = await sales();
        return records.length > 0 ? records : undefined;
      },
      15_000,
      'the sale paid',
    );
    expect(paid.map((record: { quantity: number }) => record.quantity)).to.deep.equal([40]);
    await delay(1000);
    expect((await sales()).length, 'paid once').to.equal(1);
  });
});
