/**
 * `npm run bench -- postgres`: committed transfers per second with 64
 * concurrent clients over HTTP (POST /api/economy/transfer from a separate
 * process, keep-alive), on PostgreSQL and on the JSON store in the same
 * run. PostgreSQL is a throwaway server on this machine with fsync on (a
 * commit is on disk before it is acknowledged, as the JSON journal's units
 * are), then again with fsync off for comparison; the pool holds 20
 * connections. Beside each figure: the CPU time each committed transfer
 * cost Gatehouse (this process, which also sends nothing but waits) and the
 * PostgreSQL server, the units run again after a deadlock, and the
 * machine's fsync rate. The reference: pgbench's TPC-B-like script on the
 * same throwaway server with as many connections as the pool
 * (./pgbench.ts), in rounds taken in turn with Gatehouse's (Gatehouse 4 s,
 * pgbench 4 s, five times), so that what else the machine does weighs on
 * both alike, each of Gatehouse's rounds after a warm-up of 1 s as the first
 * (pgbench's tables pass through the server's buffers in between); the goal
 * is judged on the median pair's ratio. Gatehouse,
 * PostgreSQL and the load share the machine's cores. Skipped, saying why,
 * when no PostgreSQL server can be started.
 */
import { rm } from 'node:fs/promises';
import type { Config } from '../src/config/config.js';
import type { Store } from '../src/store/port.js';
import { registeredUser } from '../test/helpers/accounts.js';
import { api, startTestGatehouse, temporaryDirectory } from '../test/helpers/gatehouse.js';
import { ThrowawayPostgres, uniquePrefix } from '../test/helpers/postgres.js';
import { fsyncRate } from './economy.js';
import { judge } from './goals.js';
import { runLoad } from './load-runner.js';
import { type Pgbench, type PgbenchRound, preparePgbench } from './pgbench.js';

const clients = 64;
const poolSize = 20;

interface Throughput {
  /** Committed transfers per second, the best round. */
  rate: number;
  rounds: number[];
  retried: number;
  /** CPU milliseconds per committed transfer over the rounds: this process (Gatehouse), and the PostgreSQL server when there is one. */
  gatehouseCpuMs: number;
  postgresCpuMs?: number;
}

/**
 * 64 players with money, then the transfer load from another process: a
 * warm-up, and `rounds` rounds of 4 s, with `between` (another measurement
 * of the same server) after each; the CPU is counted in the rounds alone.
 */
async function transfersPerSecond(adjust: (config: Config) => void, postgres?: ThrowawayPostgres, rounds = 2, between?: () => Promise<void>): Promise<Throughput> {
  const server = await startTestGatehouse(
    (config) => {
      config.settings.economy.startingBalance = 1_000_000;
      adjust(config);
    },
    { checkAnswers: false },
  );
  try {
    const players = await Promise.all(
      Array.from({ length: clients }, async (_, index) => {
        const name = `Trader${index}`;
        const token = await registeredUser(server.gatehouse, server.baseUrl, `trader_${index}`, name);
        await api(server.baseUrl, 'GET', '/api/economy/balance', { token });
        return { name, token };
      }),
    );
    await runLoad(server.baseUrl, clients, 1, { kind: 'transfer', players });
    const rates: number[] = [];
    const retriedBefore = await retriedUnits(server.gatehouse.store);
    let cpuMicros = 0;
    let postgresSeconds = 0;
    let committed = 0;
    for (let round = 0; round < rounds; round += 1) {
      const cpuBefore = process.cpuUsage();
      const postgresBefore = await postgres?.cpuSeconds();
      const result = await runLoad(server.baseUrl, clients, 4, { kind: 'transfer', players });
      const cpu = process.cpuUsage(cpuBefore);
      cpuMicros += cpu.user + cpu.system;
      if (postgres) postgresSeconds += (await postgres.cpuSeconds()) - postgresBefore!;
      if (result.errors > 0 || result.refused > 0) throw new Error(`transfer load: ${JSON.stringify(result)}`);
      rates.push(result.committed / result.seconds);
      committed += result.committed;
      if (between) {
        await between();
        // pgbench's 260 MB of accounts went through the server's 64 MB of shared buffers meanwhile: warm again, as before the first round.
        await runLoad(server.baseUrl, clients, 1, { kind: 'transfer', players });
      }
    }
    if (server.errors.length > 0) throw new Error(`errors during the load: ${server.errors.join('\n')}`);
    return {
      rate: Math.max(...rates),
      rounds: rates,
      retried: (await retriedUnits(server.gatehouse.store)) - retriedBefore,
      gatehouseCpuMs: cpuMicros / 1000 / committed,
      ...(postgres ? { postgresCpuMs: (postgresSeconds * 1000) / committed } : {}),
    };
  } finally {
    await server.stop();
  }
}

async function retriedUnits(store: Store): Promise<number> {
  return (await store.statistics()).unitsRetried ?? 0;
}

function describeRate(label: string, result: Throughput): string {
  const cpu = `CPU per transfer: Gatehouse ${result.gatehouseCpuMs.toFixed(2)} ms${result.postgresCpuMs !== undefined ? `, PostgreSQL ${result.postgresCpuMs.toFixed(2)} ms` : ''}`;
  return `   ${label}: ${result.rate.toFixed(0)} per second (rounds ${result.rounds.map((rate) => rate.toFixed(0)).join(', ')}); ${cpu}`;
}

export async function postgresThroughput(): Promise<void> {
  console.log(`\n14. Committed transfers per second, ${clients} concurrent clients over HTTP: PostgreSQL beside the JSON store (rounds of 4 s)`);
  const directory = await temporaryDirectory('gatehouse-bench-postgres-');
  try {
    let durable: ThrowawayPostgres;
    try {
      durable = await ThrowawayPostgres.start({ durable: true });
    } catch (error) {
      console.log(`   skipped: PostgreSQL cannot be started here: ${(error as Error).message}`);
      return;
    }
    const syncsPerSecond = await fsyncRate(directory);
    const json = await transfersPerSecond(() => undefined);
    let onDisk: Throughput;
    const reference: PgbenchRound[] = [];
    let referenceFailure: string | undefined;
    try {
      const pgbench: Pgbench | undefined = await preparePgbench(durable, poolSize).catch((error: Error) => {
        referenceFailure = error.message;
        return undefined;
      });
      onDisk = await transfersPerSecond(
        (config) => {
          config.storage.type = 'postgresql';
          config.storage.postgresql = durable.settings(uniquePrefix('bench'), poolSize);
        },
        durable,
        pgbench ? 5 : 2,
        pgbench && (async () => void reference.push(await pgbench.round(4))),
      );
    } finally {
      await durable.dispose();
    }
    const fast = await ThrowawayPostgres.start({ durable: false });
    let inMemory: Throughput;
    try {
      inMemory = await transfersPerSecond((config) => {
        config.storage.type = 'postgresql';
        config.storage.postgresql = fast.settings(uniquePrefix('bench'), poolSize);
      }, fast);
    } finally {
      await fast.dispose();
    }
    console.log(`   this machine's fsync rate (one small append + fdatasync at a time): ${syncsPerSecond.toFixed(0)} per second`);
    console.log(describeRate('JSON store (journal, group commit)', json));
    console.log(`${describeRate('PostgreSQL 127.0.0.1, fsync on, pool of 20', onDisk)}; ${onDisk.retried} units run again after a deadlock`);
    console.log(`${describeRate("PostgreSQL 127.0.0.1, fsync off (the tests' setting), pool of 20", inMemory)}; ${inMemory.retried} run again`);
    console.log(`   PostgreSQL (fsync on) / JSON: ${(onDisk.rate / json.rate).toFixed(2)}`);
    if (reference.length > 0) {
      const ratios = reference.map((round, index) => onDisk.rounds[index]! / round.rate);
      const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
      const postgresCpuMs = reference.reduce((sum, round) => sum + round.postgresCpuMs, 0) / reference.length;
      console.log(
        `   pgbench's TPC-B-like script on the same server (fsync on), ${poolSize} connections, scale ${poolSize}, a round of 4 s after each of Gatehouse's: ${reference.map((round) => round.rate.toFixed(0)).join(', ')} transactions per second; PostgreSQL's CPU per transaction ${postgresCpuMs.toFixed(2)} ms`,
      );
      console.log(
        `   Gatehouse's transfers / pgbench, round by round: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; median ${median.toFixed(2)} ${judge("PostgreSQL transfers / pgbench's TPC-B-like rate", median, 'at least', 0.7)}`,
      );
    } else {
      console.log(`   pgbench could not be run, so there is no reference: ${referenceFailure}`);
    }
    console.log(
      `   Gatehouse's CPU per PostgreSQL transfer (fsync on): ${onDisk.gatehouseCpuMs.toFixed(2)} ms ${judge("Gatehouse's CPU per PostgreSQL transfer", onDisk.gatehouseCpuMs, 'under', 0.3, ' ms')}`,
    );
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
