/**
 * Concurrent purchases through two Gatehouse instances on one PostgreSQL
 * database (a network): limited stock is never oversold, a weekly offer's
 * per-player limit holds across instances, and every cent charged is a
 * PURCHASE record. Real HTTP into two in-process instances on a throwaway
 * PostgreSQL server; the game is the double of test/helpers/fake-game.ts with
 * nobody online, so each purchase becomes a pending delivery (delivering is
 * tested with real clients elsewhere: these tests are about the store's
 * locking across instances).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { registeredUser } from '../helpers/accounts.js';
import { FakeGame } from '../helpers/fake-game.js';
import { FakeInventories } from '../helpers/fake-inventories.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

const serviceToken = 'concurrent-shop-service-token-for-tests-0123456789abcdef';
const startingCents = 10_000_000;
// Two items, two weekly offers: both are on offer every week.
const shopFile = `
market: { elasticity: 1, drift-minutes: 1440, drift-percent: 1, max-quantity: 500 }
weekly: { offers: 2, discount-percent: 10, limit-per-player: 3 }
items:
  diamond: { category: resources, price: 10.00, stock: 30, target-stock: 30 }
  iron_ingot: { category: resources, price: 5.00, stock: 1000, target-stock: 1000 }
`;

describe('concurrent purchases through two instances on PostgreSQL', function () {
  let postgres: ThrowawayPostgres;
  let directory: string;
  let instances: TestGatehouse[] = [];
  let buyers: Array<{ name: string; token: string }> = [];

  const start = async (server: string, prefix: string) => {
    const dataDirectory = path.join(directory, server);
    await mkdir(dataDirectory, { recursive: true });
    const game = new FakeGame();
    game.capabilities.inventories = new FakeInventories(() => false);
    return startTestGatehouse(
      (config) => {
        config.serverId = server;
        config.token = serviceToken;
        config.settings.economy.startingBalance = startingCents / 100;
        config.storage.type = 'postgresql';
        config.storage.postgresql = postgres.settings(prefix, 10);
        config.shopFile = path.join(directory, 'shop.yml');
      },
      { dataDirectory, game },
    );
  };

  /** The same request from every buyer `times` times, spread over both instances, all at once. */
  const rush = (times: number, body: object) =>
    Promise.all(
      buyers.flatMap((buyer, buyerIndex) =>
        Array.from({ length: times }, (_, attempt) =>
          api(instances[(buyerIndex + attempt) % 2]!.baseUrl, 'POST', '/api/shop/purchase', { token: buyer.token, body }).then((answer) => ({ buyer: buyer.name, answer })),
        ),
      ),
    );
  const stockOf = async (item: string) => (await api(instances[1]!.baseUrl, 'GET', '/api/economy/market-prices', { token: buyers[0]!.token })).body.prices[item].stock as number;
  const purchaseRecords = async (token: string) =>
    (await api(instances[0]!.baseUrl, 'GET', '/api/economy/history?limit=200', { token })).body.transactions.filter((record: { type: string }) => record.type === 'PURCHASE');
  const balanceCents = async (token: string) => Math.round((await api(instances[1]!.baseUrl, 'GET', '/api/economy/balance', { token })).body.balance * 100);

  beforeEach(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this);
    directory = await temporaryDirectory('gatehouse-concurrent-shop-');
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    const prefix = uniquePrefix('shoprace');
    // One after the other: the first creates the schema; the second finds it.
    instances = [await start('survival', prefix)];
    instances.push(await start('creative', prefix));
    buyers = [];
    for (let index = 0; index < 6; index += 1) {
      const name = `Buyer${index}`;
      const instance = instances[index % 2]!;
      buyers.push({ name, token: await registeredUser(instance.gatehouse, instance.baseUrl, name.toLowerCase(), name) });
    }
  });
  afterEach(async function () {
    await Promise.all(instances.map((instance) => instance.stop()));
    await rm(directory, { recursive: true, force: true });
  });

  it('never oversells a limited stock: 36 purchases of 2 for a stock of 30 sell exactly 30, and the rest are refused', async function () {
    const answers = await rush(6, { item: 'diamond', quantity: 2 });
    const sold = answers.filter(({ answer }) => answer.status === 200);
    const refused = answers.filter(({ answer }) => answer.status !== 200);
    expect(
      refused.map(({ answer }) => [answer.status, answer.body.code]),
      'every refusal is for the stock',
    ).to.deep.equal(refused.map(() => [400, 'insufficient_stock']));
    expect(sold.length * 2, 'units sold').to.equal(30);
    expect(await stockOf('diamond')).to.equal(0);

    // Every buyer paid exactly their records, and every record is one answered purchase.
    let chargedCents = 0;
    for (const buyer of buyers) {
      const records = await purchaseRecords(buyer.token);
      const answered = sold.filter((entry) => entry.buyer === buyer.name);
      expect(records, `${buyer.name}'s PURCHASE records`).to.have.length(answered.length);
      const paid = records.reduce((sum: number, record: { amount: number }) => sum - Math.round(record.amount * 100), 0);
      expect(await balanceCents(buyer.token), `${buyer.name}'s balance`).to.equal(startingCents - paid);
      chargedCents += paid;
    }
    const answeredCents = sold.reduce((sum, { answer }) => sum + Math.round(answer.body.purchase.charged * 100), 0);
    expect(chargedCents, 'charged in the records = charged in the answers').to.equal(answeredCents);
  });

  it("holds a weekly offer's limit per player across instances: 8 tries each, 3 bought each", async function () {
    const answers = await rush(8, { item: 'iron_ingot', quantity: 1, weekly: true });
    for (const buyer of buyers) {
      const mine = answers.filter((entry) => entry.buyer === buyer.name);
      const bought = mine.filter(({ answer }) => answer.status === 200);
      expect(bought, `${buyer.name}'s weekly purchases`).to.have.length(3);
      expect(
        mine.filter(({ answer }) => answer.status !== 200).map(({ answer }) => [answer.status, answer.body.code]),
        `${buyer.name}'s refusals`,
      ).to.deep.equal(Array.from({ length: 5 }, () => [400, 'weekly_limit_reached']));
      expect(await purchaseRecords(buyer.token)).to.have.length(3);
    }
    expect(await stockOf('iron_ingot')).to.equal(1000 - 3 * buyers.length);
  });
});
