/**
 * Benchmarks of the shop (`npm run bench -- shop`):
 *   purchases per second over HTTP with 32 concurrent players (one client
 *     each, from another process), as a ratio of GET /api/auth/me requests
 *     per second in the same run with the same load tool;
 *   GET /api/economy/market-prices and GET /api/shop/items (a page of 100)
 *     at 1,000 catalogue items (real 1.21.4 item ids): mean and p99 of 300
 *     sequential requests (goal: under 2 ms).
 * The game is the embedded server with nobody online, so each purchase's
 * delivery stays pending: this is the cost of pricing, charging and writing
 * the delivery, not of a client's inventory.
 */
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { marketPart } from '../src/features/shop/store.js';
import type { JsonStore } from '../src/store/json/index.js';
import { registeredUser } from '../test/helpers/accounts.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../test/helpers/gatehouse.js';
import { getRate, runLoad } from './load-runner.js';
import { judge } from './goals.js';

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
}

export async function purchaseThroughput(): Promise<void> {
  // Stock enough that nobody runs out in the run.
  await withShop(vanillaItems().slice(0, 50), 1_000_000, async (server) => {
    const players = await Promise.all(
      Array.from({ length: 32 }, async (_, index) => {
        const name = `Shopper${index}`;
        return { name, token: await registeredUser(server.gatehouse, server.baseUrl, `shopper_${index}`, name) };
      }),
    );
    const items = vanillaItems().slice(0, 50);
    const scenario = { kind: 'purchase', players, items };
    const me = `${server.baseUrl}/api/auth/me`;
    await runLoad(server.baseUrl, 32, 1, scenario);
    await getRate(me, players[0]!.token, 32, 1);
    const purchases: number[] = [];
    const mes: number[] = [];
    const store = server.gatehouse.store as JsonStore;
    let bought = 0;
    let units = 0;
    let syncs = 0;
    let seconds = 0;
    let cpuMicros = 0;
    for (let round = 0; round < 2; round += 1) {
      const before = store.journalStatistics();
      const cpuBefore = process.cpuUsage();
      const result = await runLoad(server.baseUrl, 32, 4, scenario);
      const cpu = process.cpuUsage(cpuBefore);
      cpuMicros += cpu.user + cpu.system;
      const after = store.journalStatistics();
      if (result.errors > 0 || result.refused > 0) throw new Error(`purchase load: ${JSON.stringify(result)}`);
      purchases.push(result.committed / result.seconds);
      bought += result.committed;
      seconds += result.seconds;
      units += after.units - before.units;
      syncs += after.syncs - before.syncs;
      mes.push(await getRate(me, players[0]!.token, 32, 4));
    }
    const best = Math.max(...purchases);
    const meRate = Math.max(...mes);
    const pending = (await server.gatehouse.store.part(marketPart).pendingDeliveries()).length;
    console.log('\n10. Purchases per second, 32 concurrent players over HTTP (POST /api/shop/purchase of 1 of a random item, builtin economy, JSON store; best of 2 × 4 s)');
    const ratio = best / meRate;
    console.log(
      `   purchases: ${best.toFixed(0)} per second; GET /api/auth/me in the same run: ${meRate.toFixed(0)} per second; ratio ${ratio.toFixed(2)} ${judge('purchases over HTTP / GET /api/auth/me (JSON store)', ratio, 'at least', 0.3)}`,
    );
    console.log(`   deliveries written (pending, nobody online): ${pending}`);
    // Each purchase of a player who is offline is three durable units (the charge with its delivery, the attempt written
    // down before the game is asked, its outcome): the journal's syncs bound the rate.
    console.log(
      `   journal: ${(units / bought).toFixed(2)} units of work per purchase, ${(units / syncs).toFixed(1)} units per sync, ${(syncs / seconds).toFixed(0)} syncs a second; Gatehouse's CPU per purchase ${(cpuMicros / 1000 / bought).toFixed(3)} ms`,
    );
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
    const prices = await time('/api/economy/market-prices');
    const page = await time('/api/shop/items?limit=100&page=3');
    const searched = await time('/api/shop/items?search=oak&limit=100');
    const body = (await api(server.baseUrl, 'GET', '/api/economy/market-prices', { token })).body as { prices: Record<string, unknown> };
    console.log(`\n11. At ${Object.keys(body.prices).length} catalogue items (real 1.21.4 ids), 300 sequential requests each: mean / p99 (goal: under 2 ms)`);
    console.log(`   GET /api/economy/market-prices: ${prices.mean.toFixed(2)} / ${prices.p99.toFixed(2)} ms (${(JSON.stringify(body).length / 1024).toFixed(0)} KB)`);
    console.log(
      `   GET /api/shop/items, a page of 100: ${page.mean.toFixed(2)} / ${page.p99.toFixed(2)} ms; searched: ${searched.mean.toFixed(2)} / ${searched.p99.toFixed(2)} ms`,
    );
  });
}
