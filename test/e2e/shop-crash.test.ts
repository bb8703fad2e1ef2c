/**
 * Deliveries arrive exactly once through a crash: a bot is online on the
 * embedded server of a Gatehouse process while purchases for it arrive in a
 * burst, the process is killed with -9 in the middle, started again on the
 * same data, and the bot joins again. Afterwards every charged purchase has
 * exactly one delivery and every delivery its charge, every acknowledged
 * purchase is there, and the bot holds exactly what was charged: nothing
 * lost with the process, nothing given twice.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { ledgerPart } from '../../src/features/economy/store.js';
import type { LedgerRecord } from '../../src/features/economy/store.js';
import { allStoreParts } from '../../src/features/index.js';
import { marketPart } from '../../src/features/shop/store.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { JsonStore } from '../../src/store/json/index.js';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { api, temporaryDirectory } from '../helpers/gatehouse.js';
import { killStartedProcesses, startGatehouseProcess, type RunningGatehouse } from '../helpers/process.js';

const player = 'Crasher';
const shopFile = 'items:\n  diamond: { category: resources, price: 1.00, stock: 100000, target-stock: 100000 }\n';

function gamePortOf(running: RunningGatehouse): number {
  const match = /Embedded Minecraft 1\.21\.4 server \(offline mode\) listening on [^:]+:(\d+)/.exec(running.output());
  if (!match) throw new Error(`no game port in:\n${running.output()}`);
  return Number(match[1]);
}

function held(bot: Bot): number {
  return bot.inventory
    .items()
    .filter((stack) => stack.name === 'diamond')
    .reduce((sum, stack) => sum + stack.count, 0);
}

describe('shop deliveries through a kill -9: exactly once', function () {
  let directory: string;
  const bots: Bot[] = [];
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-shop-crash-');
  });
  afterEach(async function () {
    await Promise.all(bots.splice(0).map((bot) => leave(bot)));
    await killStartedProcesses();
    await rm(directory, { recursive: true, force: true });
  });

  it('delivers every charged purchase once to a bot online during the crash, and none without its charge', async function () {
    this.timeout(120_000);
    const dataDirectory = path.join(directory, 'data');
    await mkdir(dataDirectory, { recursive: true });
    await writeFile(path.join(directory, 'shop.yml'), shopFile);
    const code = {
      code: 'CRASH001',
      gameUsername: player,
      gameUuid: offlinePlayerUuid(player),
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    };
    await writeFile(path.join(dataDirectory, 'registration-codes.json'), JSON.stringify({ codes: [code] }));
    const extraConfig = 'economy:\n  starting-balance: 1000000\n';

    const first = await startGatehouseProcess(dataDirectory, extraConfig);
    const baseUrl = `http://127.0.0.1:${first.apiPort}`;
    expect((await api(baseUrl, 'POST', '/api/auth/register', { body: { username: 'crasher', password: 'password1', email: 'c@example.com', code: 'CRASH001' } })).status).to.equal(
      201,
    );
    const token = (await api(baseUrl, 'POST', '/api/auth/login', { body: { username: 'crasher', password: 'password1' } })).body.token as string;
    const bot = await joinBot(gamePortOf(first), player);
    bots.push(bot);

    // 8 clients buy 1 to 5 diamonds at a time; the process is killed once 40 purchases were answered.
    const acknowledged: number[] = [];
    let killed = false;
    let sent = 0;
    const client = async (seed: number) => {
      for (let round = 0; !killed && round < 100; round += 1) {
        sent += 1;
        const quantity = 1 + ((seed * 7 + round * 3) % 5);
        const answer = await api(baseUrl, 'POST', '/api/shop/purchase', { token, body: { item: 'diamond', quantity } }).catch(() => undefined);
        if (answer?.status === 200) acknowledged.push(answer.body.purchase.transactionId as number);
        if (acknowledged.length >= 40 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, index) => client(index)));
    expect((await first.exited).signal).to.equal('SIGKILL');
    expect(sent, 'requests were still coming when it died').to.be.greaterThan(acknowledged.length);
    for (const old of bots.splice(0)) old.end();

    const second = await startGatehouseProcess(dataDirectory, extraConfig);
    const again = await joinBot(gamePortOf(second), player);
    bots.push(again);
    const secondUrl = `http://127.0.0.1:${second.apiPort}`;
    const relogin = (await api(secondUrl, 'POST', '/api/auth/login', { body: { username: 'crasher', password: 'password1' } })).body.token as string;
    await eventually(
      async () => ((await api(secondUrl, 'GET', '/api/shop/deliveries?state=pending', { token: relogin })).body.deliveries?.length === 0 ? true : undefined),
      30_000,
      'no delivery pending',
    );
    // What the client shows once the last slot updates arrived (it settles; then it must not change).
    let shown = -1;
    await eventually(
      async () => {
        const now = held(again);
        await new Promise((resolve) => setTimeout(resolve, 500));
        shown = now;
        return now === held(again) ? true : undefined;
      },
      10_000,
      'the inventory settled',
    );

    // What was charged, read from the store once the process is gone.
    second.child.kill('SIGTERM');
    await second.exited;
    const store = await JsonStore.open(dataDirectory, { parts: allStoreParts() });
    let charged = 0;
    try {
      const records: LedgerRecord[] = [];
      for (let offset = 0; ; offset += 200) {
        const found = await store.part(ledgerPart).history(offlinePlayerUuid(player), { offset, limit: 200 });
        records.push(...found.records);
        if (found.records.length < 200) break;
      }
      const purchases = records.filter((record) => record.type === 'PURCHASE');
      for (const id of acknowledged)
        expect(
          purchases.some((record) => record.id === id),
          `acknowledged purchase ${id}`,
        ).to.equal(true);
      const market = store.part(marketPart);
      for (const record of purchases) {
        const delivery = await market.deliveryOfTransaction(record.id);
        expect(delivery, `the delivery of purchase ${record.id}`).to.not.equal(undefined);
        expect(delivery).to.deep.include({ state: 'delivered', quantity: record.quantity, given: record.quantity });
        charged += record.quantity!;
      }
      const { total } = await market.deliveriesOf(offlinePlayerUuid(player), 1, 1);
      expect(total, 'no delivery without its charge').to.equal(purchases.length);
    } finally {
      await store.close();
    }
    expect(charged).to.be.greaterThan(40);
    expect(shown, 'the bot holds every charged diamond exactly once').to.equal(charged);
  });
});
