/**
 * A backup at scale: 10^6 ledger records and 10^5 users (written straight
 * into the JSON store's formats), taken through the service while 4 clients
 * read balances over HTTP in the same process; its time, the archive's size,
 * and the requests' p99 during it against before it.
 * Goals: the backup under 30 s, p99 under 50 ms while it runs.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { api, startTestGatehouse, temporaryDirectory } from '../test/helpers/gatehouse.js';
import { writeLedgerData } from './economy.js';
import { judge } from './goals.js';
import { writeUsers } from './users.js';

const token = 'bench-token-for-tests-0123456789abcdef';
const userCount = 100_000;

/** Latencies of balance reads from `clients` concurrent clients until `until` resolves (or `ms` passes). */
async function readBalances(baseUrl: string, clients: number, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  const client = async (offset: number) => {
    for (let round = 0; !done && round < 1_000_000; round += 1) {
      const at = performance.now();
      const response = await api(baseUrl, 'GET', `/api/economy/balance?username=Player${1 + ((offset * 7919 + round * 104_729) % 100_000)}`, { token });
      times.push(performance.now() - at);
      if (response.status !== 200) throw new Error(`balance: ${response.status} ${JSON.stringify(response.body)}`);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

export async function backupAtScale(): Promise<void> {
  const directory = await temporaryDirectory('gatehouse-bench-backup-');
  const dataDirectory = path.join(directory, 'data');
  try {
    const writeStarted = performance.now();
    await writeLedgerData(dataDirectory);
    await writeUsers(dataDirectory, userCount);
    const writeMs = performance.now() - writeStarted;
    const server = await startTestGatehouse(
      (config) => {
        config.token = token;
        config.backups.directory = path.join(directory, 'backups');
      },
      { dataDirectory, checkAnswers: false },
    );
    try {
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const before = await readBalances(server.baseUrl, 4, wait(3000));
      const backups = server.gatehouse.services.get('backups');
      const started = performance.now();
      const { done } = await backups.start('manual', 'bench');
      const during = await readBalances(server.baseUrl, 4, done);
      const taken = await done;
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `\n19. A backup of ${taken.manifest.counts!.ledgerEntries.toLocaleString('en-US')} ledger records and ${taken.manifest.counts!.users.toLocaleString('en-US')} users (written in ${(writeMs / 1000).toFixed(1)} s in the store's formats), the embedded world included`,
      );
      console.log(`   took ${seconds.toFixed(1)} s ${judge('backup of 10^6 ledger records and 10^5 users', seconds, 'under', 30, ' s')}`);
      console.log(`   archive: ${(taken.bytes / 1024 ** 2).toFixed(1)} MiB, ${taken.manifest.files.length.toLocaleString('en-US')} files`);
      const p99 = percentile(during, 0.99);
      console.log(
        `   balance reads over HTTP (4 clients, same process), p50 / p99: before ${percentile(before, 0.5).toFixed(2)} / ${percentile(before, 0.99).toFixed(2)} ms (${before.length} requests), during ${percentile(during, 0.5).toFixed(2)} / ${p99.toFixed(2)} ms (${during.length} requests) ${judge('request p99 during a backup', p99, 'under', 50, ' ms')}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
