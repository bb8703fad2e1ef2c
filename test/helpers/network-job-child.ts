/**
 * A child process for the test of jobs run once per network: one instance of
 * the PostgreSQL network (argv: the store's settings as JSON, its server.id,
 * the job's period in ms) that tries the job `test job` every period, as
 * the retention and the market drift do, each run a row in `<prefix>job_runs`.
 * It prints "ready" once on the network; SIGTERM leaves the network cleanly
 * (as a stopped Gatehouse does), SIGKILL is a crash.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { PostgresNetwork, networkPart } from '../../src/store/postgres/network.js';
import { PostgresStore } from '../../src/store/postgres/index.js';
import type { PostgresSettings } from '../../src/store/postgres/settings.js';

const settings = JSON.parse(process.argv[2]!) as PostgresSettings;
const serverId = process.argv[3]!;
const periodMs = Number(process.argv[4]);
const store = await PostgresStore.open(settings, { parts: [networkPart] });
const network = new PostgresNetwork(store.database, serverId, { log: () => undefined });
await network.start({ localPlayers: async () => [], serve: async () => null });
const timer = setInterval(() => {
  void network
    .exclusively('test job', async () => {
      await store.database.query(`INSERT INTO ${store.database.name('job_runs')} (server, started_at) VALUES ($1, clock_timestamp())`, [serverId]);
      // A run takes a while, as a real job's does.
      await delay(periodMs / 4);
    })
    .catch((error: Error) => process.stderr.write(`${serverId}: ${error.message}\n`));
}, periodMs);
process.once('SIGTERM', () => {
  clearInterval(timer);
  void network
    .stop()
    .then(() => store.close())
    .finally(() => process.exit(0));
});
process.stdout.write('ready\n');
