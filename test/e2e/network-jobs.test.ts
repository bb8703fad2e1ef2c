/**
 * Jobs run once per network (the retention, the market drift) on a real
 * PostgreSQL: three instances, each a process of its own trying the job every
 * period, as every Gatehouse of a network does. The job runs once per period
 * across them, by one instance; when that instance dies (kill -9) or stops,
 * another takes the job over within a period or two.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import type pg from 'pg';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

const periodMs = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  server: string;
  at: number;
}

describe('a job run once per network, on PostgreSQL with three instances', function () {
  let postgres: ThrowawayPostgres;
  let client: pg.Client;
  const children = new Map<string, ChildProcess>();

  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this);
    client = await postgres.client();
  });
  after(async function () {
    for (const child of children.values()) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await client?.end();
  });

  const startInstance = (prefix: string, server: string) =>
    new Promise<ChildProcess>((resolve, reject) => {
      const child = spawn(process.execPath, [path.resolve('build/test/helpers/network-job-child.js'), JSON.stringify(postgres.settings(prefix, 3)), server, String(periodMs)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.set(server, child);
      const timer = setTimeout(() => reject(new Error(`${server} not ready within 30 s`)), 30_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString('utf8').includes('ready')) {
          clearTimeout(timer);
          resolve(child);
        }
      });
      child.once('exit', (code) => reject(new Error(`${server} exited (${code}) before it was ready`)));
    });
  const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', resolve)));

  it('runs once per period across the instances, and another instance takes it over when the one running it dies or stops', async function () {
    this.timeout(120_000);
    const prefix = uniquePrefix('jobs');
    const runs = async (since: number, until = Date.now() + 60_000): Promise<Run[]> =>
      (
        await client.query<{ server: string; at: Date }>(
          `SELECT server, started_at AS at FROM ${prefix}job_runs WHERE started_at >= to_timestamp($1 / 1000.0) AND started_at < to_timestamp($2 / 1000.0) ORDER BY started_at`,
          [since, until],
        )
      ).rows.map((row) => ({ server: row.server, at: row.at.getTime() }));
    // The first instance makes the network's tables; the job's table is the test's.
    await startInstance(prefix, 'alpha');
    await client.query(`CREATE TABLE ${prefix}job_runs (server text NOT NULL, started_at timestamptz NOT NULL)`);
    // The others start a third of a period apart, so their timers do not tick together.
    await sleep(periodMs / 3);
    await startInstance(prefix, 'beta');
    await sleep(periodMs / 3);
    await startInstance(prefix, 'gamma');

    const watchMs = 10 * periodMs;
    const together = Date.now() + periodMs;
    await sleep(periodMs + watchMs);
    const shared = await runs(together, together + watchMs);
    const holders = [...new Set(shared.map((run) => run.server))];
    expect(holders, `one instance runs the job while all three live: ${JSON.stringify(shared)}`).to.have.length(1);
    expect(shared.length, 'once per period').to.be.within(watchMs / periodMs - 1, watchMs / periodMs + 1);

    // The instance running it dies: another takes it over.
    const first = holders[0]!;
    const killedAt = Date.now();
    children.get(first)!.kill('SIGKILL');
    await exited(children.get(first)!);
    await sleep(watchMs);
    const afterKill = await runs(killedAt);
    expect(
      afterKill.filter((run) => run.server === first),
      'nothing from the dead instance after its death',
    ).to.have.length(0);
    const successors = [...new Set(afterKill.map((run) => run.server))];
    expect(successors, `one instance took over: ${JSON.stringify(afterKill)}`).to.have.length(1);
    expect(afterKill[0]!.at - killedAt, 'taken over within two periods').to.be.below(2 * periodMs + 500);
    expect(afterKill.length, 'once per period after the takeover').to.be.within(watchMs / periodMs - 3, watchMs / periodMs + 1);

    // That one stops as a Gatehouse stops: the last takes over.
    const second = successors[0]!;
    const stoppedAt = Date.now();
    children.get(second)!.kill('SIGTERM');
    await exited(children.get(second)!);
    await sleep(watchMs);
    const afterStop = await runs(stoppedAt + periodMs);
    const last = ['alpha', 'beta', 'gamma'].find((server) => server !== first && server !== second)!;
    expect([...new Set(afterStop.map((run) => run.server))], `the last instance runs it: ${JSON.stringify(afterStop)}`).to.deep.equal([last]);
    expect(afterStop.length, 'once per period').to.be.within(watchMs / periodMs - 3, watchMs / periodMs + 1);
  });
});
