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
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../test/helpers/gatehouse.js';
import { withServerPinned } from './cores.js';
import { judge, loadNow } from './goals.js';
import { profiledRound } from './profile.js';
import { describeRates, describeRatio, pairedRounds, ratioOf } from './rounds.js';
import { type Player, rateOf, wrkRound } from './wrk.js';

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

/** 64 players with money enough for the run, registered and their accounts opened: the transfers' clients. */
export async function traders(server: TestGatehouse, count = 64): Promise<Player[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const name = `Trader${index}`;
      const token = await registeredUser(server.gatehouse, server.baseUrl, `trader_${index}`, name);
      await api(server.baseUrl, 'GET', '/api/economy/balance', { token });
      return { name, token };
    }),
  );
}

const clients = 64;
const seconds = 3;
const rounds = 5;

export async function transferThroughput(): Promise<void> {
  const directory = await temporaryDirectory('gatehouse-bench-transfers-');
  const server = await startTestGatehouse(
    (config) => {
      config.settings.economy.startingBalance = 1_000_000;
    },
    { checkAnswers: false },
  );
  try {
    const players = await traders(server, clients);
    const store = server.gatehouse.store as JsonStore;
    const economy: EconomyService = server.gatehouse.services.get('economy');
    const syncsPerSecond = await fsyncRate(directory);
    // What each side's rounds cost: committed transfers, Gatehouse's CPU, the journal's units and syncs.
    const spent = { keyed: { committed: 0, cpu: 0, units: 0, syncs: 0 }, unkeyed: { committed: 0, cpu: 0, units: 0, syncs: 0 } };
    const transfers = (keyed: boolean) => async () => {
      const journalBefore = store.journalStatistics();
      const cpuBefore = process.cpuUsage();
      const round = await wrkRound(server.baseUrl, { kind: 'transfer', players, keyed }, clients, seconds);
      const cpu = process.cpuUsage(cpuBefore);
      const journalAfter = store.journalStatistics();
      if (round.refused > 0 || round.errors > 0) throw new Error(`transfer load: ${round.refused} refused, ${round.errors} socket errors`);
      const side = spent[keyed ? 'keyed' : 'unkeyed'];
      side.committed += round.requests;
      side.cpu += cpu.user + cpu.system;
      side.units += journalAfter.units - journalBefore.units;
      side.syncs += journalAfter.syncs - journalBefore.syncs;
      return round.rate;
    };
    const sides = {
      unkeyed: transfers(false),
      keyed: transfers(true),
      me: () => rateOf(server.baseUrl, { kind: 'get', path: '/api/auth/me', bearer: players[0]!.token }, 32, seconds),
    };
    // Warm up (the JIT, the accounts' files), then measure in turn.
    for (const side of Object.values(sides)) await withServerPinned(side);
    for (const side of Object.values(spent)) Object.assign(side, { committed: 0, cpu: 0, units: 0, syncs: 0 });
    const loadAtStart = loadNow();
    const figures = await withServerPinned(() => pairedRounds(sides, rounds));

    // Straight to the service, 64 concurrent loops for 4 s: what is left without HTTP.
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
    const keyedToUnkeyed = ratioOf(figures.keyed, figures.unkeyed);
    const keyedToMe = ratioOf(figures.keyed, figures.me);
    console.log(
      `\n6. Committed transfers per second, ${clients} clients over HTTP (wrk, POST /api/economy/transfer; builtin economy, JSON store; ${rounds} paired rounds of ${seconds} s)`,
    );
    console.log(`   this machine's fsync rate (one small append + fdatasync at a time): ${syncsPerSecond.toFixed(0)} per second`);
    console.log(`   without an Idempotency-Key: ${describeRates(figures.unkeyed)} per second`);
    console.log(`   with one, as the portal sends them: ${describeRates(figures.keyed)} per second`);
    console.log(`   GET /api/auth/me in turn with them (32 connections): ${describeRates(figures.me)} per second`);
    console.log(
      `   straight to the service (EconomyService.transfer, 64 loops, 4 s): ${serviceRate.toFixed(0)} per second, ${((after.units - before.units) / (after.syncs - before.syncs)).toFixed(1)} transactions per journal sync`,
    );
    console.log(`   keyed / unkeyed: ${describeRatio(keyedToUnkeyed)} ${judge('transfers keyed / unkeyed (JSON store)', keyedToUnkeyed, 'at least', 0.9, { loadAtStart })}`);
    console.log(
      `   keyed / GET /api/auth/me: ${describeRatio(keyedToMe)} ${judge('transfers (keyed) / GET /api/auth/me (JSON store)', keyedToMe, 'at least', 0.5, { loadAtStart })}`,
    );
    console.log(`   unkeyed / GET /api/auth/me: ${describeRatio(ratioOf(figures.unkeyed, figures.me))}`);
    for (const [name, side] of Object.entries(spent)) {
      console.log(
        `   ${name}: ${(side.cpu / 1000 / side.committed).toFixed(3)} ms of Gatehouse's CPU a transfer, ${(side.units / side.syncs).toFixed(1)} transactions per journal sync`,
      );
    }
    await profiledRound('transfers-keyed-json', () => withServerPinned(transfers(true)));
    await profiledRound('transfers-unkeyed-json', () => withServerPinned(transfers(false)));
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
