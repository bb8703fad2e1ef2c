/**
 * `npm run bench -- postgres`: committed transfers per second on
 * PostgreSQL with 64 clients over HTTP (wrk, POST /api/economy/transfer,
 * keep-alive), with an Idempotency-Key as the portal sends them and
 * without, against pgbench's TPC-B-like rate on the same server. PostgreSQL
 * is a throwaway server on this machine with fsync on (a commit is on disk
 * before it is acknowledged, as the JSON journal's units are); the pool
 * holds 20 connections, and pgbench runs with as many (./pgbench.ts). The
 * three are measured in paired rounds (./rounds.ts), each of Gatehouse's
 * rounds after a warm-up of 1 s (pgbench's tables pass through the server's
 * buffers in between); wrk and pgbench, the load generators, run on the
 * generator's core, Gatehouse on the others, PostgreSQL unpinned
 * (./cores.ts). Beside each figure: the CPU time each committed transfer
 * cost Gatehouse and the PostgreSQL server, and the units run again after a
 * deadlock. Skipped, saying why, when no PostgreSQL server can be started.
 */
import type { Store } from '../src/store/port.js';
import { startTestGatehouse } from '../test/helpers/gatehouse.js';
import { ThrowawayPostgres, uniquePrefix } from '../test/helpers/postgres.js';
import { withServerPinned } from './cores.js';
import { traders } from './economy.js';
import { judge, loadNow, notMeasured } from './goals.js';
import { type PgbenchRound, preparePgbench } from './pgbench.js';
import { profiledRound } from './profile.js';
import { describeRates, describeRatio, pairedRounds, ratioOf } from './rounds.js';
import { wrkRound } from './wrk.js';

const clients = 64;
const poolSize = 20;
const seconds = 3;
const rounds = 5;

async function retriedUnits(store: Store): Promise<number> {
  return (await store.statistics()).unitsRetried ?? 0;
}

export async function postgresThroughput(): Promise<void> {
  const goals = ['PostgreSQL transfers keyed / unkeyed', "PostgreSQL transfers (keyed) / pgbench's TPC-B-like rate"];
  console.log(
    `\n14. Committed transfers per second on PostgreSQL, ${clients} clients over HTTP, against pgbench (fsync on, pool of ${poolSize}; ${rounds} paired rounds of ${seconds} s)`,
  );
  let durable: ThrowawayPostgres;
  try {
    durable = await ThrowawayPostgres.start({ durable: true });
  } catch (error) {
    console.log(`   skipped: PostgreSQL cannot be started here: ${(error as Error).message}`);
    for (const goal of goals) notMeasured(goal, `PostgreSQL cannot be started here: ${(error as Error).message}`);
    return;
  }
  try {
    const pgbench = await preparePgbench(durable, poolSize).catch((error: Error) => error);
    const server = await startTestGatehouse(
      (config) => {
        config.settings.economy.startingBalance = 1_000_000;
        config.storage.type = 'postgresql';
        config.storage.postgresql = durable.settings(uniquePrefix('bench'), poolSize);
      },
      { checkAnswers: false },
    );
    try {
      const players = await traders(server, clients);
      const spent = { keyed: { committed: 0, gatehouse: 0, postgres: 0 }, unkeyed: { committed: 0, gatehouse: 0, postgres: 0 } };
      const transfers = (keyed: boolean) => async () => {
        // pgbench's 260 MB of accounts may have gone through the server's 64 MB of shared buffers since: warm again.
        await wrkRound(server.baseUrl, { kind: 'transfer', players, keyed }, clients, 1);
        const cpuBefore = process.cpuUsage();
        const postgresBefore = await durable.cpuSeconds();
        const round = await wrkRound(server.baseUrl, { kind: 'transfer', players, keyed }, clients, seconds);
        const cpu = process.cpuUsage(cpuBefore);
        const side = spent[keyed ? 'keyed' : 'unkeyed'];
        side.postgres += (await durable.cpuSeconds()) - postgresBefore;
        if (round.refused > 0 || round.errors > 0) throw new Error(`transfer load: ${round.refused} refused, ${round.errors} socket errors`);
        side.committed += round.requests;
        side.gatehouse += cpu.user + cpu.system;
        return round.rate;
      };
      const reference: PgbenchRound[] = [];
      const sides: Record<string, () => Promise<number>> = { unkeyed: transfers(false), keyed: transfers(true) };
      if (!(pgbench instanceof Error)) sides.pgbench = async () => (reference[reference.length] = await pgbench.round(seconds)).rate;
      const retriedBefore = await retriedUnits(server.gatehouse.store);
      const loadAtStart = loadNow();
      const figures = (await withServerPinned(() => pairedRounds(sides, rounds))) as Record<'unkeyed' | 'keyed', number[]> & { pgbench?: number[] };
      if (server.errors.length > 0) throw new Error(`errors during the load: ${server.errors.join('\n')}`);
      const retried = (await retriedUnits(server.gatehouse.store)) - retriedBefore;
      const keyedToUnkeyed = ratioOf(figures.keyed, figures.unkeyed);
      console.log(`   without an Idempotency-Key: ${describeRates(figures.unkeyed)} per second`);
      console.log(`   with one, as the portal sends them: ${describeRates(figures.keyed)} per second`);
      for (const [name, side] of Object.entries(spent)) {
        console.log(
          `   ${name}: CPU per transfer, Gatehouse ${(side.gatehouse / 1000 / side.committed).toFixed(3)} ms, PostgreSQL ${((side.postgres * 1000) / side.committed).toFixed(3)} ms`,
        );
      }
      console.log(`   units of work run again after a deadlock: ${retried}`);
      console.log(`   keyed / unkeyed: ${describeRatio(keyedToUnkeyed)} ${judge(goals[0]!, keyedToUnkeyed, 'at least', 0.9, { loadAtStart })}`);
      if (figures.pgbench) {
        const postgresCpuMs = reference.reduce((sum, round) => sum + round.postgresCpuMs, 0) / reference.length;
        const keyedToPgbench = ratioOf(figures.keyed, figures.pgbench);
        console.log(
          `   pgbench's TPC-B-like script on the same server, ${poolSize} connections, scale ${poolSize}: ${describeRates(figures.pgbench)} transactions per second; PostgreSQL's CPU per transaction ${postgresCpuMs.toFixed(3)} ms`,
        );
        console.log(`   keyed / pgbench: ${describeRatio(keyedToPgbench)} ${judge(goals[1]!, keyedToPgbench, 'at least', 1.2, { loadAtStart })}`);
        console.log(`   unkeyed / pgbench: ${describeRatio(ratioOf(figures.unkeyed, figures.pgbench))}`);
      } else {
        console.log(`   pgbench could not be run, so there is no reference: ${(pgbench as Error).message}`);
        notMeasured(goals[1]!, `pgbench could not be run: ${(pgbench as Error).message}`);
      }
      const keyedCpu = spent.keyed.gatehouse / 1000 / spent.keyed.committed;
      console.log(
        `   Gatehouse's CPU per keyed PostgreSQL transfer: ${keyedCpu.toFixed(3)} ms ${judge("Gatehouse's CPU per keyed PostgreSQL transfer", keyedCpu, 'under', 0.3, { unit: ' ms', loadAtStart })}`,
      );
      await profiledRound('transfers-keyed-postgres', () => withServerPinned(sides.keyed!));
      await profiledRound('transfers-unkeyed-postgres', () => withServerPinned(sides.unkeyed!));
    } finally {
      await server.stop();
    }
  } finally {
    await durable.dispose();
  }
}
