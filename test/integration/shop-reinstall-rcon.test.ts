/**
 * A fresh install of Gatehouse beside a vanilla world an earlier install
 * served: the world's scoreboard still holds the earlier install's records of
 * its operations (kept a week), and a new data directory starts its
 * deliveries at 1 again. An operation id the earlier install used must never
 * come back, or the game answers the new give from the old record and gives
 * nothing.
 */
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { marketPart } from '../../src/features/shop/store.js';
import { OperationScores, operationsObjective } from '../../src/game/rcon/operation-scores.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually } from '../helpers/bots.js';
import { api, startTestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { VanillaStandIn } from '../helpers/vanilla-stand-in.js';

const password = 'rcon-secret';
const shopFile = 'items:\n  diamond: { category: resources, price: 10.00, stock: 1000, target-stock: 1000 }\n';

describe('the shop on a vanilla world an earlier install served (RCON stand-in)', function () {
  let directory: string;
  let standIn: VanillaStandIn;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-reinstall-');
  });
  afterEach(async function () {
    await standIn?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it("gives a fresh install's first purchase, whatever the earlier install recorded under its own first operation ids", async function () {
    standIn = await VanillaStandIn.start({ password, directory });
    // The earlier install's first deliveries, recorded as its give commands left them: given, 5 diamonds, yesterday.
    const records = new OperationScores(async () => '');
    const yesterday = Math.floor(Date.now() / 86_400_000) - 1;
    const scores = new Map<string, number>();
    for (const operationId of ['delivery-1-1', 'delivery-1-2', 'delivery-2-1']) {
      const holders = records.holders(operationId);
      scores.set(holders.outcome, 1).set(holders.amount, yesterday * 10_000 + 5);
    }
    standIn.scores.set(operationsObjective, scores);
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    const server = await startTestGatehouse((config) => {
      standIn.connect(config);
      config.settings.economy.startingBalance = 1000;
      config.shopFile = path.join(directory, 'shop.yml');
    });
    try {
      await standIn.join('Newcomer');
      await eventually(async () => ((await server.gatehouse.game.onlinePlayers()).some((player) => player.name === 'Newcomer') ? true : undefined), 15_000, 'Newcomer online');
      const token = await registeredUser(server.gatehouse, server.baseUrl, 'newcomer', 'Newcomer');
      const bought = await api(server.baseUrl, 'POST', '/api/shop/purchase', { token, body: { item: 'diamond', quantity: 3 } });
      expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
      const held = standIn.players
        .get('newcomer')!
        .inventory.filter((stack) => stack.id === 'minecraft:diamond')
        .reduce((sum, stack) => sum + stack.count, 0);
      expect(held, 'the 3 diamonds paid for are in the inventory').to.equal(3);
      expect(bought.body.delivery).to.deep.include({ state: 'delivered', given: 3 });
    } finally {
      await server.stop();
    }
  });

  it('settles an attempt written before operation ids carried the installation under the id it was written with', async function () {
    standIn = await VanillaStandIn.start({ password, directory });
    // This install's own record: the give of `delivery-1-1` was made (3 diamonds), its outcome not yet written down.
    const holders = new OperationScores(async () => '').holders('delivery-1-1');
    standIn.scores.set(
      operationsObjective,
      new Map([
        [holders.outcome, 1],
        [holders.amount, Math.floor(Date.now() / 86_400_000) * 10_000 + 3],
      ]),
    );
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    const server = await startTestGatehouse((config) => {
      standIn.connect(config);
      config.shopFile = path.join(directory, 'shop.yml');
    });
    try {
      const at = new Date().toISOString();
      const market = server.gatehouse.store.part(marketPart);
      const written = await market.createDelivery({
        player: { name: 'Returning', uuid: 'd0000000-0000-4000-8000-000000000004' },
        item: 'diamond',
        quantity: 3,
        given: 0,
        state: 'pending',
        transactionId: 1,
        createdAt: at,
        updatedAt: at,
        attempt: { operationId: 'delivery-1-1', count: 3, startedAt: at },
        attempts: 1,
      });
      await standIn.join('Returning');
      await eventually(async () => ((await server.gatehouse.game.onlinePlayers()).some((player) => player.name === 'Returning') ? true : undefined), 15_000, 'Returning online');
      const after = await server.gatehouse.services.get('deliveries').attempt(written.id);
      expect(after).to.deep.include({ state: 'delivered', given: 3, attempt: null, attempts: 1 });
      expect(standIn.players.get('returning')!.inventory, 'answered from the record, not given again').to.deep.equal([]);
    } finally {
      await server.stop();
    }
  });

  it('gives the purchases made after a backup of the data directory was restored, though their deliveries are numbered again', async function () {
    standIn = await VanillaStandIn.start({ password, directory });
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    const data = path.join(directory, 'data');
    const backup = path.join(directory, 'backup');
    await mkdir(data);
    const start = () =>
      startTestGatehouse(
        (config) => {
          standIn.connect(config);
          config.settings.economy.startingBalance = 1000;
          config.shopFile = path.join(directory, 'shop.yml');
        },
        { dataDirectory: data },
      );
    const diamonds = () =>
      standIn.players
        .get('keeper')!
        .inventory.filter((stack) => stack.id === 'minecraft:diamond')
        .reduce((sum, stack) => sum + stack.count, 0);
    await standIn.join('Keeper');
    let server = await start();
    let token: string;
    try {
      token = await registeredUser(server.gatehouse, server.baseUrl, 'keeper', 'Keeper');
      const bought = await api(server.baseUrl, 'POST', '/api/shop/purchase', { token, body: { item: 'diamond', quantity: 1 } });
      expect(bought.body.delivery, JSON.stringify(bought.body)).to.deep.include({ id: 1, state: 'delivered', given: 1 });
    } finally {
      await server.stop();
    }
    // The admin's backup, taken with Gatehouse stopped; then a purchase, then the backup restored.
    await cp(data, backup, { recursive: true });
    server = await start();
    try {
      const bought = await api(server.baseUrl, 'POST', '/api/shop/purchase', { token, body: { item: 'diamond', quantity: 2 } });
      expect(bought.body.delivery, JSON.stringify(bought.body)).to.deep.include({ id: 2, state: 'delivered', given: 2 });
    } finally {
      await server.stop();
    }
    expect(diamonds()).to.equal(3);
    await rm(data, { recursive: true, force: true });
    await cp(backup, data, { recursive: true });
    server = await start();
    try {
      const bought = await api(server.baseUrl, 'POST', '/api/shop/purchase', { token, body: { item: 'diamond', quantity: 3 } });
      expect(bought.status, JSON.stringify(bought.body)).to.equal(200);
      expect(bought.body.delivery.id, 'numbered from the backup again').to.equal(2);
      expect(diamonds(), 'the 3 diamonds of the purchase after the restore given too').to.equal(6);
    } finally {
      await server.stop();
    }
  });
});
