/**
 * `npm run bench -- postgres`: committed transfers per second with 64
 * concurrent clients over HTTP (POST /api/economy/transfer from a separate
 * process, keep-alive, best of 2 × 4 s), on PostgreSQL and on the JSON
 * store in the same run. PostgreSQL is a throwaway server on this machine
 * with fsync on (a commit is on disk before it is acknowledged, as the JSON
 * journal's units are), then again with fsync off for comparison; the pool
 * holds 20 connections. Beside each figure: the CPU time each committed
 * transfer cost Gatehouse (this process, which also sends nothing but
 * waits) and the PostgreSQL server, the units run again after a deadlock,
 * and the machine's fsync rate. The reference: pgbench's TPC-B-like script
 * on the same throwaway server with as many connections as the pool
 * (./pgbench.ts), run after Gatehouse's rounds. Gatehouse, PostgreSQL and
 * the load share the machine's cores. Skipped, saying why, when no PostgreSQL server can
 * be started.
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
import { type PgbenchRate, pgbenchRate } from './pgbench.js';

const clients = 64;
const poolSize = 20;

interface Throughput {
  /** Committed transfers per second, the best round. */
  rate: number;
  rounds: number[];
  retried: number;
  /** CPU milliseconds per committed transfer over both rounds: this process (Gatehouse), and the PostgreSQL server when there is one. */
  gatehouseCpuMs: number;
  postgresCpuMs?: number;
}

/** 64 players with money, then the transfer load from another process: a warm-up, and 2 rounds of 4 s. */
async function transfersPerSecond(adjust: (config: Config) => void, postgres?: ThrowawayPostgres): Promise<Throughput> {
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
    const rounds: number[] = [];
    const retriedBefore = await retriedUnits(server.gatehouse.store);
    const cpuBefore = process.cpuUsage();
    const postgresBefore = await postgres?.cpuSeconds();
    let committed = 0;
    for (let round = 0; round < 2; round += 1) {
      const result = await runLoad(server.baseUrl, clients, 4, { kind: 'transfer', players });
      if (result.errors > 0 || result.refused > 0) throw new Error(`transfer load: ${JSON.stringify(result)}`);
      rounds.push(result.committed / result.seconds);
      committed += result.committed;
    }
    const cpu = process.cpuUsage(cpuBefore);
    const postgresSeconds = postgres ? (await postgres.cpuSeconds()) - postgresBefore! : undefined;
    if (server.errors.length > 0) throw new Error(`errors during the load: ${server.errors.join('\n')}`);
    return {
      rate: Math.max(...rounds),
      rounds,
      retried: (await retriedUnits(server.gatehouse.store)) - retriedBefore,
      gatehouseCpuMs: (cpu.user + cpu.system) / 1000 / committed,
      ...(postgresSeconds !== undefined ? { postgresCpuMs: (postgresSeconds * 1000) / committed } : {}),
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
  console.log(`\n14. Committed transfers per second, ${clients} concurrent clients over HTTP: PostgreSQL beside the JSON store (best of 2 × 4 s)`);
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
    let reference: PgbenchRate | undefined;
    let referenceFailure: string | undefined;
    try {
      onDisk = await transfersPerSecond((config) => {
        config.storage.type = 'postgresql';
        config.storage.postgresql = durable.settings(uniquePrefix('bench'), poolSize);
      }, durable);
      reference = await pgbenchRate(durable, poolSize, 4, 2).catch((error: Error) => {
        referenceFailure = error.message;
        return undefined;
      });
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
    if (reference) {
      const ratio = onDisk.rate / reference.rate;
      console.log(
        `   pgbench's TPC-B-like script on the same server (fsync on), ${poolSize} connections, scale ${poolSize}, best of 2 × 4 s: ${reference.rate.toFixed(0)} transactions per second (rounds ${reference.rounds.map((rate) => rate.toFixed(0)).join(', ')}); PostgreSQL's CPU per transaction ${reference.postgresCpuMs.toFixed(2)} ms`,
      );
      console.log(`   Gatehouse's transfers / pgbench: ${ratio.toFixed(2)} ${judge("PostgreSQL transfers / pgbench's TPC-B-like rate", ratio, 'at least', 0.7)}`);
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
