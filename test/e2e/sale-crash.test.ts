/**
 * A sale through a kill -9 between the game taking the items and the shop
 * paying for them: a bot on the embedded server of a Gatehouse process sells
 * what it bought; the process (test/helpers/sale-held-child.ts) holds the
 * sale right after the items left the inventory, and is killed there. It is
 * started again on the same data and the bot joins again: the sale is paid
 * exactly once, at that join, and money, stock and items add up; another
 * join and another restart pay nothing more.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { api, temporaryDirectory } from '../helpers/gatehouse.js';
import { killStartedProcesses, startGatehouseProcess, type RunningGatehouse } from '../helpers/process.js';

const player = 'Seller';
const shopFile = 'items:\n  cobblestone: { category: blocks, price: 1.00, stock: 1000, target-stock: 1000 }\n';
const extraConfig = 'economy:\n  starting-balance: 1000\n';

function gamePortOf(running: RunningGatehouse): number {
  const match = /Embedded Minecraft 1\.21\.4 server \(offline mode\) listening on [^:]+:(\d+)/.exec(running.output());
  if (!match) throw new Error(`no game port in:\n${running.output()}`);
  return Number(match[1]);
}

function held(bot: Bot): number {
  return bot.inventory
    .items()
    .filter((stack) => stack.name === 'cobblestone')
    .reduce((sum, stack) => sum + stack.count, 0);
}

describe('a sale through a kill -9 after the items were taken: paid exactly once', function () {
  let directory: string;
  const bots: Bot[] = [];
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-sale-crash-');
  });
  afterEach(async function () {
    await Promise.all(bots.splice(0).map((bot) => leave(bot)));
    await killStartedProcesses();
    await rm(directory, { recursive: true, force: true });
  });

  it('pays the sale at the next join after the restart, once, and the money, the stock and the items add up', async function () {
    this.timeout(120_000);
    const dataDirectory = path.join(directory, 'data');
    await mkdir(dataDirectory, { recursive: true });
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    const code = {
      code: 'SALE0001',
      gameUsername: player,
      gameUuid: offlinePlayerUuid(player),
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    };
    await writeFile(path.join(dataDirectory, 'registration-codes.json'), JSON.stringify({ codes: [code] }));

    const first = await startGatehouseProcess(dataDirectory, extraConfig, 'build/test/helpers/sale-held-child.js');
    const firstUrl = `http://127.0.0.1:${first.apiPort}`;
    expect((await api(firstUrl, 'POST', '/api/auth/register', { body: { username: 'seller', password: 'password1', email: 's@example.com', code: 'SALE0001' } })).status).to.equal(
      201,
    );
    const login = async (baseUrl: string) => (await api(baseUrl, 'POST', '/api/auth/login', { body: { username: 'seller', password: 'password1' } })).body.token as string;
    const token = await login(firstUrl);
    const bot = await joinBot(gamePortOf(first), player);
    bots.push(bot);

    // Bought in the shop and delivered to the bot: 1,000.00 less the price, the stock 980.
    const bought = await api(firstUrl, 'POST', '/api/shop/purchase', { token, body: { item: 'cobblestone', quantity: 20 } });
    expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
    expect(bought.body.delivery).to.deep.include({ state: 'delivered', given: 20 });
    const paidForThem = Math.round(bought.body.purchase.charged * 100);
    await eventually(() => (held(bot) === 20 ? true : undefined), 5000, 'the cobblestone in the client');
    const stockBefore = (await api(firstUrl, 'GET', '/api/economy/market-prices', { token })).body.prices.cobblestone;
    expect(stockBefore.stock).to.equal(980);

    // The sale: the game takes the 20; the answer never reaches the shop, and the process is killed there.
    const taken = new Promise<void>((resolve) => {
      const watch = () => {
        if (first.output().includes(`taken 20 cobblestone from ${player}`)) resolve();
        else setTimeout(watch, 5);
      };
      watch();
    });
    const selling = api(firstUrl, 'POST', '/api/player/inventory/sell', { token, body: { item: 'cobblestone' } }).catch(() => 'no answer');
    await taken;
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).to.equal('SIGKILL');
    expect(await selling, 'the seller got no answer').to.equal('no answer');
    bot.end();
    bots.splice(0);

    // Started again on the same data; the sale is still owed until the bot joins.
    const second = await startGatehouseProcess(dataDirectory, extraConfig);
    const secondUrl = `http://127.0.0.1:${second.apiPort}`;
    const again = await login(secondUrl);
    const history = async () =>
      (await api(secondUrl, 'GET', '/api/economy/history', { token: again })).body.transactions as Array<{ type: string; amount: number; quantity?: number; balance: number }>;
    const balance = async () => Math.round((await api(secondUrl, 'GET', '/api/economy/balance', { token: again })).body.balance * 100);
    expect(
      (await history()).map((record) => record.type),
      'not paid before the join',
    ).to.deep.equal(['PURCHASE']);
    expect(await balance()).to.equal(100_000 - paidForThem);

    const back = await joinBot(gamePortOf(second), player);
    bots.push(back);
    const sale = await eventually(async () => (await history()).find((record) => record.type === 'SALE'), 15_000, 'the sale paid at the join').catch((error: Error) => {
      throw new Error(`${error.message}; the process said:\n${second.output()}`);
    });
    expect(sale).to.deep.include({ quantity: 20 });
    const income = Math.round(sale.amount * 100);
    expect(income, 'what the market pays for 20 at a stock of 980, less than it charged').to.be.above(0).and.below(paidForThem);
    expect(await balance()).to.equal(100_000 - paidForThem + income);
    const stockNow = async () => (await api(secondUrl, 'GET', '/api/economy/market-prices', { token: again })).body.prices.cobblestone.stock as number;
    await eventually(async () => ((await stockNow()) === 1000 ? true : undefined), 5000, 'the 20 back in stock').catch(async (error: Error) => {
      throw new Error(`${error.message}: the stock is ${await stockNow()}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(held(back), 'the items stay gone').to.equal(0);

    // Another join, and another restart with a join: nothing is paid again.
    await leave(back);
    bots.splice(0);
    second.child.kill('SIGTERM');
    await second.exited;
    const third = await startGatehouseProcess(dataDirectory, extraConfig);
    const thirdUrl = `http://127.0.0.1:${third.apiPort}`;
    const last = await joinBot(gamePortOf(third), player);
    bots.push(last);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const finalToken = await login(thirdUrl);
    const records = (await api(thirdUrl, 'GET', '/api/economy/history', { token: finalToken })).body.transactions as Array<{ type: string }>;
    expect(
      records.map((record) => record.type),
      'one SALE, once',
    ).to.deep.equal(['SALE', 'PURCHASE']);
    expect(Math.round((await api(thirdUrl, 'GET', '/api/economy/balance', { token: finalToken })).body.balance * 100)).to.equal(100_000 - paidForThem + income);
    expect(held(last)).to.equal(0);
  });
});
