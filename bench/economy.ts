/**
 * Benchmarks of the economy (`npm run bench -- transfers ledger`):
 *   transfers: committed transfers per second with 64 concurrent clients,
 *     over HTTP (from a separate process) and straight to the service, beside
 *     this machine's fsync rate measured in the same run, and how many units
 *     of work each journal sync carried (group commit), and as a ratio of
 *     GET /api/auth/me on the same server, measured in turn with them;
 *   ledger: at 10^6 ledger records and 10^5 players, written straight into a
 *     data directory in the store's formats: start-up of `npm start`'s
 *     process and its resident memory, a balance read and a history page.
 */
import { spawn } from 'node:child_process';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readFile } from 'node:fs/promises';
import type { EconomyService } from '../src/features/economy/service.js';
import type { JsonStore } from '../src/store/json/index.js';
import { registeredUser } from '../test/helpers/accounts.js';
import { getRate, runLoad } from './load-runner.js';
import { judge } from './goals.js';
import { api, startTestGatehouse, temporaryDirectory } from '../test/helpers/gatehouse.js';

/** Syncs per second of a small append, the way the journal writes: what a durable commit costs here. */
export async function fsyncRate(directory: string): Promise<number> {
  const handle = await open(path.join(directory, 'fsync-probe'), 'a');
  try {
    const count = 500;
    const started = performance.now();
    for (let index = 0; index < count; index += 1) {
      await handle.write(`${'x'.repeat(120)}\n`);
      await handle.datasync();
    }
    return count / ((performance.now() - started) / 1000);
  } finally {
    await handle.close();
  }
}

export async function transferThroughput(): Promise<void> {
  const directory = await temporaryDirectory('gatehouse-bench-transfers-');
  const server = await startTestGatehouse(
    (config) => {
      config.settings.economy.startingBalance = 1_000_000;
    },
    { checkAnswers: false },
  );
  try {
    const players = await Promise.all(
      Array.from({ length: 64 }, async (_, index) => {
        const name = `Trader${index}`;
        const token = await registeredUser(server.gatehouse, server.baseUrl, `trader_${index}`, name);
        await api(server.baseUrl, 'GET', '/api/economy/balance', { token });
        return { name, token };
      }),
    );
    const store = server.gatehouse.store as JsonStore;
    const economy: EconomyService = server.gatehouse.services.get('economy');

    const syncsPerSecond = await fsyncRate(directory);
    // Over HTTP, from another process: warm up, then 2 rounds of 4 s.
    await runLoad(server.baseUrl, 64, 1, { kind: 'transfer', players });
    const me = `${server.baseUrl}/api/auth/me`;
    await getRate(me, players[0]!.token, 32, 1);
    const httpRounds: Array<{ rate: number; perSync: number }> = [];
    const meRates: number[] = [];
    let httpCommitted = 0;
    let httpCpuMicros = 0;
    for (let round = 0; round < 2; round += 1) {
      const before = store.journalStatistics();
      const cpuAtStart = process.cpuUsage();
      const result = await runLoad(server.baseUrl, 64, 4, { kind: 'transfer', players });
      const cpu = process.cpuUsage(cpuAtStart);
      httpCpuMicros += cpu.user + cpu.system;
      httpCommitted += result.committed;
      const after = store.journalStatistics();
      if (result.errors > 0 || result.refused > 0) throw new Error(`transfer load: ${JSON.stringify(result)}`);
      httpRounds.push({ rate: result.committed / result.seconds, perSync: (after.units - before.units) / (after.syncs - before.syncs) });
      // GET /api/auth/me in turn with the transfers, on the same server with the same load tool: drift hits both.
      meRates.push(await getRate(me, players[0]!.token, 32, 4));
    }
    // Straight to the service, 64 concurrent loops for 4 s.
    const refs = players.map((player) => ({ name: player.name, uuid: '' }));
    for (const [index, ref] of refs.entries()) ref.uuid = (await server.gatehouse.store.users.findByGameUsername(players[index]!.name))!.gameUuid;
    const before = store.journalStatistics();
    const deadline = Date.now() + 4000;
    let committed = 0;
    const started = performance.now();
    await Promise.all(
      refs.map(async (from, index) => {
        while (Date.now() < deadline) {
          await economy.transfer(from, refs[(index + 1 + Math.floor(Math.random() * 63)) % 64]!, 1, undefined);
          committed += 1;
        }
      }),
    );
    const serviceRate = committed / ((performance.now() - started) / 1000);
    const after = store.journalStatistics();
    const best = httpRounds.reduce((a, b) => (b.rate > a.rate ? b : a));
    console.log('\n6. Committed transfers per second, 64 concurrent clients (builtin economy, JSON store)');
    console.log(`   this machine's fsync rate (one small append + fdatasync at a time): ${syncsPerSecond.toFixed(0)} per second`);
    console.log(
      `   over HTTP (POST /api/economy/transfer from another process, best of 2 × 4 s): ${best.rate.toFixed(0)} per second, ${best.perSync.toFixed(1)} transactions per journal sync`,
    );
    console.log(
      `   straight to the service (EconomyService.transfer, 4 s): ${serviceRate.toFixed(0)} per second, ${((after.units - before.units) / (after.syncs - before.syncs)).toFixed(1)} transactions per journal sync`,
    );
    console.log(
      `   ratio to the fsync rate: HTTP ${(best.rate / syncsPerSecond).toFixed(2)}, service ${(serviceRate / syncsPerSecond).toFixed(2)} (above 1 only through group commit)`,
    );
    const meRate = Math.max(...meRates);
    const ratio = best.rate / meRate;
    console.log(`   Gatehouse's CPU per transfer over HTTP: ${(httpCpuMicros / 1000 / httpCommitted).toFixed(3)} ms`);
    console.log(
      `   GET /api/auth/me in the same run (32 connections, best of 2 × 4 s, in turn with the transfers): ${meRate.toFixed(0)} per second; transfers / me ${ratio.toFixed(2)} ${judge('transfers over HTTP / GET /api/auth/me (JSON store)', ratio, 'at least', 0.35)}`,
    );
  } finally {
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  }
}

const playerCount = 100_000;
const recordCount = 1_000_000;
const busyPlayers = 10;

/** Writes accounts and a ledger of `recordCount` records straight into the JSON store's formats. */
export async function writeLedgerData(dataDirectory: string): Promise<void> {
  const economy = path.join(dataDirectory, 'economy');
  await mkdir(path.join(economy, 'ledger'), { recursive: true });
  const uuid = (no: number) => `00000000-0000-4000-8000-${String(no).padStart(12, '0')}`;
  const balances = new Array<number>(playerCount + 1).fill(10_000);
  const days = 10;
  const perDay = recordCount / days;
  let id = 1;
  for (let day = 0; day < days; day += 1) {
    const date = new Date(Date.UTC(2026, 10, 10 + day)).toISOString().slice(0, 10);
    const lines: string[] = [];
    const index = Buffer.alloc(perDay * 12);
    let offset = 0;
    for (let position = 0; position < perDay; position += 1, id += 1) {
      // One record in ten goes to one of a few busy players, the rest round the 100,000.
      const account = id % 10 === 0 ? 1 + (id % busyPlayers) : 1 + (id % playerCount);
      balances[account]! += 100;
      const line = JSON.stringify({
        id,
        account,
        player: { name: `Player${account}`, uuid: uuid(account) },
        type: 'REWARD',
        amount: 100,
        balance: balances[account],
        description: 'Mining: 40 stone',
        timestamp: `${date}T12:00:00.000Z`,
      });
      index.writeUInt32LE(offset, position * 12);
      index.writeUInt32LE(Buffer.byteLength(line), position * 12 + 4);
      index.writeUInt32LE(account, position * 12 + 8);
      offset += Buffer.byteLength(line) + 1;
      lines.push(line);
    }
    const name = `${date}-${String(id - perDay).padStart(10, '0')}`;
    await writeFile(path.join(economy, 'ledger', `${name}.jsonl`), `${lines.join('\n')}\n`);
    await writeFile(path.join(economy, 'ledger', `${name}.idx`), index);
  }
  for (let shard = 0; shard * 1000 < playerCount; shard += 1) {
    const accounts = Array.from({ length: 1000 }, (_, position) => {
      const no = shard * 1000 + position + 1;
      return { no, uuid: uuid(no), name: `Player${no}`, cents: balances[no], startingCents: 10_000, openedAt: '2026-11-01T00:00:00.000Z' };
    });
    await writeFile(path.join(economy, `accounts-${String(shard).padStart(6, '0')}.json`), JSON.stringify({ accounts }));
  }
}

/** Starts `node build/src/main.js` on the data directory; resolves with its API port, the start-up time and the process. */
async function startProcess(dataDirectory: string, configFile: string) {
  const started = performance.now();
  const child = spawn(process.execPath, ['build/src/main.js'], {
    env: { ...process.env, GATEHOUSE_CONFIG: configFile, GATEHOUSE_DATA: dataDirectory, GATEHOUSE_PORT: '0', GATEHOUSE_GAME_PORT: '0', GATEHOUSE_HOST: '127.0.0.1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      const match = /API listening on http:\/\/[^:]+:(\d+)\/api/.exec(output);
      if (match && /Type "help" for more/.test(output)) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
  return { child, port, startMs: performance.now() - started };
}

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

export async function ledgerAtScale(): Promise<void> {
  const directory = await temporaryDirectory('gatehouse-bench-ledger-');
  const dataDirectory = path.join(directory, 'data');
  const configFile = path.join(directory, 'config.yml');
  try {
    const writeStarted = performance.now();
    await writeLedgerData(dataDirectory);
    const writeMs = performance.now() - writeStarted;
    await writeFile(configFile, 'token: bench-token-for-tests-0123456789abcdef\neconomy:\n  provider: builtin\n');
    // An empty data directory first: what the embedded server and the rest cost on their own.
    const emptyDirectory = path.join(directory, 'empty');
    await mkdir(emptyDirectory);
    const empty = await startProcess(emptyDirectory, configFile);
    const emptyRss = await residentMb(empty.child.pid!);
    empty.child.kill('SIGKILL');
    const loaded = await startProcess(dataDirectory, configFile);
    try {
      const base = `http://127.0.0.1:${loaded.port}`;
      const time = async (urlPath: string, rounds = 300) => {
        const times: number[] = [];
        for (let round = 0; round < rounds; round += 1) {
          const at = performance.now();
          const response = await api(base, 'GET', urlPath, { token: 'bench-token-for-tests-0123456789abcdef' });
          times.push(performance.now() - at);
          if (response.status !== 200) throw new Error(`${urlPath}: ${response.status} ${JSON.stringify(response.body)}`);
        }
        times.sort((a, b) => a - b);
        return { mean: times.reduce((a, b) => a + b, 0) / times.length, p99: times[Math.floor(times.length * 0.99)]! };
      };
      const balance = await time(`/api/economy/balance?username=Player${playerCount / 2}`);
      const busyHistory = await time('/api/economy/history?username=Player3');
      const history = await time(`/api/economy/history?username=Player${playerCount / 2}`);
      const health = await time('/api/health');
      const rss = await residentMb(loaded.child.pid!);
      console.log(
        `\n7. Economy at ${recordCount.toLocaleString('en-US')} ledger records and ${playerCount.toLocaleString('en-US')} players (written in ${(writeMs / 1000).toFixed(1)} s in the store's formats)`,
      );
      console.log(
        `   start-up of npm start's process (embedded game server included): ${loaded.startMs.toFixed(0)} ms, against ${empty.startMs.toFixed(0)} ms on an empty data directory`,
      );
      console.log(`   resident memory after start and 1,200 requests: ${rss.toFixed(0)} MB, against ${emptyRss.toFixed(0)} MB on an empty data directory`);
      console.log(`   over HTTP, mean / p99 of 300 sequential requests (GET /api/health for comparison: ${health.mean.toFixed(2)} / ${health.p99.toFixed(2)} ms):`);
      console.log(`     balance read: ${balance.mean.toFixed(2)} / ${balance.p99.toFixed(2)} ms`);
      console.log(`     first history page of a player with 10 records: ${history.mean.toFixed(2)} / ${history.p99.toFixed(2)} ms`);
      console.log(`     first history page (50 records) of a player with 10,000 records in 10 day files: ${busyHistory.mean.toFixed(2)} / ${busyHistory.p99.toFixed(2)} ms`);
    } finally {
      loaded.child.kill('SIGKILL');
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
