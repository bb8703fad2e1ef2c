/**
 * Benchmarks of the shop (`npm run bench -- shop`):
 *   purchases per second over HTTP with 32 connections of 32 players (wrk,
 *     each purchase a random player's), with an Idempotency-Key as the
 *     portal sends them and without, as a ratio of GET /api/auth/me requests
 *     per second in paired rounds with the same load tool;
 *   GET /api/economy/market-prices and GET /api/shop/items (a page of 100)
 *     at 1,000 catalogue items (real 1.21.4 item ids): mean and p99 of 300
 *     sequential requests (goal: under 2 ms).
 * The game is the embedded server with nobody online, so each purchase's
 * delivery stays pending: this is the cost of pricing, charging and writing
 * the delivery, not of a client's inventory.
 */
import { rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { marketPart } from '../src/features/shop/store.js';
import type { JsonStore } from '../src/store/json/index.js';
import { registeredUser } from '../test/helpers/accounts.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../test/helpers/gatehouse.js';
import { withServerPinned } from './cores.js';
import { judge, loadNow } from './goals.js';
import { profiledRound } from './profile.js';
import { describeRates, describeRatio, pairedRounds, ratioOf } from './rounds.js';
import { rateOf, wrkRound } from './wrk.js';

const require = createRequire(import.meta.url);

/** Every item of 1.21.4 but air, in registry order. */
function vanillaItems(): string[] {
  const data = require('minecraft-data')('1.21.4') as { itemsArray: Array<{ name: string }> };
  return data.itemsArray.map((item) => item.name).filter((name) => name !== 'air');
}

function shopFile(items: string[], stock: number): string {
  return `${['items:', ...items.map((item, index) => `  ${item}: { category: c${index % 10}, price: ${(1 + (index % 50)).toFixed(2)}, stock: ${stock}, target-stock: ${stock} }`)].join('\n')}\n`;
}

async function withShop<T>(items: string[], stock: number, work: (server: TestGatehouse) => Promise<T>): Promise<T> {
  const directory = await temporaryDirectory('gatehouse-bench-shop-');
  try {
    await writeFile(path.join(directory, 'shop.yml'), shopFile(items, stock));
    const server = await startTestGatehouse(
      (config) => {
        config.settings.economy.startingBalance = 100_000_000;
        config.shopFile = path.join(directory, 'shop.yml');
      },
      { checkAnswers: false },
    );
    try {
      return await work(server);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

const seconds = 3;
const rounds = 5;
const shoppers = 32;

export async function purchaseThroughput(): Promise<void> {
  // Stock enough that nobody runs out in the run.
  await withShop(vanillaItems().slice(0, 50), 1_000_000, async (server) => {
    const players = await Promise.all(
      Array.from({ length: shoppers }, async (_, index) => {
        const name = `Shopper${index}`;
        return { name, token: await registeredUser(server.gatehouse, server.baseUrl, `shopper_${index}`, name) };
      }),
    );
    const items = vanillaItems().slice(0, 50);
    const store = server.gatehouse.store as JsonStore;
    const spent = { bought: 0, units: 0, syncs: 0, seconds: 0, cpu: 0 };
    const purchases = (keyed: boolean) => async () => {
      const before = store.journalStatistics();
      const cpuBefore = process.cpuUsage();
      const round = await wrkRound(server.baseUrl, { kind: 'purchase', players, items, keyed }, shoppers, seconds);
      const cpu = process.cpuUsage(cpuBefore);
      const after = store.journalStatistics();
      if (round.refused > 0 || round.errors > 0) throw new Error(`purchase load: ${round.refused} refused, ${round.errors} socket errors`);
      if (keyed) {
        spent.bought += round.requests;
        spent.seconds += round.seconds;
        spent.units += after.units - before.units;
        spent.syncs += after.syncs - before.syncs;
        spent.cpu += cpu.user + cpu.system;
      }
      return round.rate;
    };
    const sides = {
      keyed: purchases(true),
      unkeyed: purchases(false),
      me: () => rateOf(server.baseUrl, { kind: 'get', path: '/api/auth/me', bearer: players[0]!.token }, shoppers, seconds),
    };
    for (const side of Object.values(sides)) await withServerPinned(side);
    Object.assign(spent, { bought: 0, units: 0, syncs: 0, seconds: 0, cpu: 0 });
    const loadAtStart = loadNow();
    const figures = await withServerPinned(() => pairedRounds(sides, rounds));
    const pending = (await server.gatehouse.store.part(marketPart).pendingDeliveries()).length;
    const keyedToMe = ratioOf(figures.keyed, figures.me);
    console.log(
      `\n10. Purchases per second, ${shoppers} players over HTTP (wrk, POST /api/shop/purchase of 1 of a random item of 50, builtin economy, JSON store; ${rounds} paired rounds of ${seconds} s)`,
    );
    console.log(`   with an Idempotency-Key, as the portal sends them: ${describeRates(figures.keyed)} per second`);
    console.log(`   without: ${describeRates(figures.unkeyed)} per second`);
    console.log(`   GET /api/auth/me in turn with them: ${describeRates(figures.me)} per second`);
    console.log(
      `   keyed / GET /api/auth/me: ${describeRatio(keyedToMe)} ${judge('purchases (keyed) / GET /api/auth/me (JSON store)', keyedToMe, 'at least', 0.4, { loadAtStart })}`,
    );
    console.log(`   unkeyed / GET /api/auth/me: ${describeRatio(ratioOf(figures.unkeyed, figures.me))}; keyed / unkeyed ${describeRatio(ratioOf(figures.keyed, figures.unkeyed))}`);
    console.log(`   deliveries written (pending, nobody online): ${pending}`);
    console.log(
      `   keyed, journal: ${(spent.units / spent.bought).toFixed(2)} units of work per purchase, ${(spent.units / spent.syncs).toFixed(1)} units per sync, ${(spent.syncs / spent.seconds).toFixed(0)} syncs a second; Gatehouse's CPU per purchase ${(spent.cpu / 1000 / spent.bought).toFixed(3)} ms`,
    );
    await profiledRound('purchases-keyed-json', () => withServerPinned(sides.keyed));
  });
}

export async function catalogueAtScale(): Promise<void> {
  const items = vanillaItems().slice(0, 1000);
  await withShop(items, 500, async (server) => {
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'browser', 'Browser');
    // The whole answer read, not parsed: the time is the server's and the wire's.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (urlPath: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${server.baseUrl}${urlPath}`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          })
          .on('error', reject);
      });
    const time = async (urlPath: string) => {
      for (let warm = 0; warm < 30; warm += 1) await get(urlPath);
      const times: number[] = [];
      for (let round = 0; round < 300; round += 1) {
        const started = performance.now();
        const status = await get(urlPath);
        times.push(performance.now() - started);
        if (status !== 200) throw new Error(`${urlPath}: ${status}`);
      }
      const mean = times.reduce((sum, value) => sum + value, 0) / times.length;
      times.sort((a, b) => a - b);
      return { mean, p99: times[Math.floor(times.length * 0.99)]! };
    };
    const loadAtStart = loadNow();
    const prices = await time('/api/economy/market-prices');
    const page = await time('/api/shop/items?limit=100&page=3');
    const searched = await time('/api/shop/items?search=oak&limit=100');
    const body = (await api(server.baseUrl, 'GET', '/api/economy/market-prices', { token })).body as { prices: Record<string, unknown> };
    // The goal is on the mean, as the leaderboards' cached reads are judged; the p99 is printed beside it.
    const meanGoal = (name: string, figures: { mean: number }) => judge(`catalogue at 1,000 items: ${name}, mean`, figures.mean, 'under', 2, { unit: ' ms', loadAtStart });
    console.log(`\n11. At ${Object.keys(body.prices).length} catalogue items (real 1.21.4 ids), 300 sequential requests each: mean / p99`);
    console.log(
      `   GET /api/economy/market-prices: ${prices.mean.toFixed(2)} / ${prices.p99.toFixed(2)} ms (${(JSON.stringify(body).length / 1024).toFixed(0)} KB) ${meanGoal('GET /api/economy/market-prices', prices)}`,
    );
    console.log(`   GET /api/shop/items, a page of 100: ${page.mean.toFixed(2)} / ${page.p99.toFixed(2)} ms ${meanGoal('GET /api/shop/items, a page of 100', page)}`);
    console.log(`   GET /api/shop/items, searched: ${searched.mean.toFixed(2)} / ${searched.p99.toFixed(2)} ms ${meanGoal('GET /api/shop/items, searched', searched)}`);
  });
}
