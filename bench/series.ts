/**
 * `npm run bench -- series`: GET /api/admin/metrics/history for 7 days at
 * one-minute resolution (10,080 samples and points a server) over HTTP, as
 * an admin (the service token), with one server and with 4 (a network's
 * worth) in the history; goal: p99 under 20 ms with one server, timed
 * until the whole answer has arrived. Beside it,
 * GET /api/auth/me measured the same way in the same run, and the ratio of
 * the two medians. On the JSON store, and on PostgreSQL when a throwaway
 * server can be started here (skipped, saying why, when not).
 */
import { get as request } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Config } from '../src/config/config.js';
import { metricsHistoryPart, type MetricsSample } from '../src/features/metrics/store.js';
import { registeredUser } from '../test/helpers/accounts.js';
import { startTestGatehouse } from '../test/helpers/gatehouse.js';
import { ThrowawayPostgres, uniquePrefix } from '../test/helpers/postgres.js';
import { judge, loadNow } from './goals.js';

const token = 'bench-token-for-tests-0123456789abcdef';
const minutes = 7 * 24 * 60;
const goalMs = 20;

/** A week of one server's samples, one a minute up to `end`, with figures that move. */
function week(server: string, end: number): MetricsSample[] {
  return Array.from({ length: minutes }, (_, index) => ({
    server,
    at: new Date(end - (minutes - index) * 60_000).toISOString(),
    playersOnline: (index * 7) % 40,
    ticksPerSecond: 18 + ((index * 13) % 200) / 100,
    memoryUsedBytes: 2_000_000_000 + ((index * 7919) % 1_000_000),
    memoryMaxBytes: 4_000_000_000,
    gatehouseRssBytes: 150_000_000 + ((index * 104_729) % 5_000_000),
    requests: index % 50,
  }));
}

/**
 * p50 and p99 of sequential requests, each timed until the whole answer has
 * arrived (status and every byte of the body): the answer's time, not the
 * time this client then takes to parse 2 MB of JSON, which is measured apart.
 */
async function timed(baseUrl: string, urlPath: string, bearer: string, rounds = 200): Promise<{ p50: number; p99: number; bytes: number }> {
  // node:http rather than fetch: a lighter client in the same process, so the time is more the server's.
  const get = () =>
    new Promise<number>((resolve, reject) => {
      request(`${baseUrl}${urlPath}`, { headers: { authorization: `Bearer ${bearer}` } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          if (response.statusCode !== 200) reject(new Error(`${urlPath}: ${response.statusCode} ${body.toString().slice(0, 200)}`));
          else resolve(body.length);
        });
        response.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
  for (let warm = 0; warm < 20; warm += 1) await get();
  const times: number[] = [];
  let bytes = 0;
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    bytes = await get();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))]!;
  return { p50: at(0.5), p99: at(0.99), bytes };
}

async function historyOn(label: string, adjust: (config: Config) => void): Promise<void> {
  const server = await startTestGatehouse(
    (config) => {
      config.token = token;
      adjust(config);
    },
    { checkAnswers: false },
  );
  try {
    const loadAtStart = loadNow();
    const end = Math.floor(Date.now() / 60_000) * 60_000;
    const history = server.gatehouse.store.part(metricsHistoryPart);
    const query = `/api/admin/metrics/history?from=${new Date(end - minutes * 60_000).toISOString()}&to=${new Date(end).toISOString()}&resolution=1m`;
    const me = await registeredUser(server.gatehouse, server.baseUrl, 'series_bench', 'SeriesBench');
    await history.record(week('main', end));
    const text = await (await fetch(server.baseUrl + query, { headers: { authorization: `Bearer ${token}` } })).text();
    const parseStarted = performance.now();
    const points = (JSON.parse(text) as { servers: Array<{ at: unknown[] }> }).servers[0]!.at.length;
    const parseMs = performance.now() - parseStarted;
    const reference = await timed(server.baseUrl, '/api/auth/me', me);
    const one = await timed(server.baseUrl, query, token);
    for (const other of ['survival', 'creative', 'lobby']) await history.record(week(other, end));
    const four = await timed(server.baseUrl, query, token, 50);
    console.log(`   ${label}:`);
    console.log(
      `     1 server (${points.toLocaleString('en-US')} points, ${(one.bytes / 1e6).toFixed(1)} MB): p50 ${one.p50.toFixed(2)} ms, p99 ${one.p99.toFixed(2)} ms ${judge(`metrics history, a week at 1m, p99 (${label})`, one.p99, 'under', goalMs, { unit: ' ms', loadAtStart })}`,
    );
    console.log(`     (this client's JSON.parse of the 1-server answer, not counted above: ${parseMs.toFixed(1)} ms)`);
    console.log(`     4 servers (${(4 * points).toLocaleString('en-US')} points): p50 ${four.p50.toFixed(2)} ms, p99 ${four.p99.toFixed(2)} ms`);
    console.log(
      `     /api/auth/me in the same run: p50 ${reference.p50.toFixed(2)} ms, p99 ${reference.p99.toFixed(2)} ms; history (1 server) / me, medians: ${(one.p50 / reference.p50).toFixed(1)}`,
    );
  } finally {
    await server.stop();
  }
}

export async function seriesHistory(): Promise<void> {
  console.log(
    `\n17. GET /api/admin/metrics/history, 7 days at 1-minute resolution (${minutes.toLocaleString('en-US')} samples a server), sequential requests as an admin; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  await historyOn('JSON store', () => undefined);
  let postgres: ThrowawayPostgres;
  try {
    postgres = await ThrowawayPostgres.start({ durable: false });
  } catch (error) {
    console.log(`   PostgreSQL skipped: it cannot be started here: ${(error as Error).message}`);
    return;
  }
  try {
    await historyOn('PostgreSQL 127.0.0.1 (fsync off: reads only)', (config) => {
      config.storage.type = 'postgresql';
      config.storage.postgresql = postgres.settings(uniquePrefix('bench_series'), 10);
    });
  } finally {
    await postgres.dispose();
  }
}
