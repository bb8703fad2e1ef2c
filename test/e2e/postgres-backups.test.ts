/**
 * Backups on PostgreSQL, as docs/backups.md says to take them: pg_dump of
 * Gatehouse's tables while 16 clients move money, beside Gatehouse's own
 * archive (the files and the world, no database), then pg_restore into a
 * new database: every move acknowledged before the dump began is there, the
 * sums hold, and every record in it is the live one exactly.
 */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ledgerPart, type LedgerRecord } from '../../src/features/economy/store.js';
import { allStoreParts } from '../../src/features/index.js';
import { PostgresStore } from '../../src/store/postgres/index.js';
import type { Store } from '../../src/store/port.js';
import { eventually } from '../helpers/bots.js';
import { api, startTestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { checkConservation, conservationPlayers, moveMoneyAtRandom, registerPlayers, storeCodes, type Acknowledged } from '../helpers/money-conservation.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

const run = promisify(execFile);
const serviceToken = 'postgres-backups-token-for-tests-0123456789abcdef';

async function ledgerOf(store: Store): Promise<LedgerRecord[]> {
  const ledger = store.part(ledgerPart);
  const records: LedgerRecord[] = [];
  for (const player of conservationPlayers) {
    const account = (await ledger.accountByName(player))!;
    for (let offset = 0; ; offset += 500) {
      const page = await ledger.history(account.uuid, { offset, limit: 500 });
      records.push(...page.records);
      if (offset + page.records.length >= page.total || page.records.length === 0) break;
    }
  }
  return records.sort((a, b) => a.id - b.id);
}

describe('backups on PostgreSQL: pg_dump and pg_restore as docs/backups.md says, with Gatehouse’s archive of the rest', function () {
  let postgres: ThrowawayPostgres;
  let directory: string;
  before(async function () {
    postgres = await requirePostgres(this);
  });
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-pg-backups-');
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  it('a dump taken while 16 clients move money restores every move acknowledged before it, the sums, and records exactly as they were', async function () {
    this.timeout(240_000);
    const prefix = uniquePrefix('backup');
    const server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      config.settings.economy.startingBalance = 100;
      config.storage.type = 'postgresql';
      config.storage.postgresql = postgres.settings(prefix, 20);
    });
    const dump = path.join(directory, 'gatehouse.dump');
    let acknowledgedBefore: number[] = [];
    let live: LedgerRecord[];
    try {
      await storeCodes(server.gatehouse.store);
      const tokens = await registerPlayers(server.baseUrl);
      const acknowledged: Acknowledged = { ids: [], transfers: [], otherStatuses: {} };
      const work = moveMoneyAtRandom(server.baseUrl, tokens, { operations: 2000, clients: 16, seed: 360, serviceToken, into: acknowledged });
      await eventually(() => (acknowledged.ids.length >= 300 ? true : undefined), 60_000, '300 acknowledged moves');
      acknowledgedBefore = [...acknowledged.ids];
      // As docs/backups.md writes it, with the table prefix.
      await run(await postgres.program('pg_dump'), ['--format=custom', `--file=${dump}`, `--table=${prefix}*`, postgres.url()]);
      const started = await api(server.baseUrl, 'POST', '/api/admin/backups', { token: serviceToken });
      expect(started.status).to.equal(202);
      await work;
      const listed = await eventually(
        async () => {
          const answer = await api(server.baseUrl, 'GET', '/api/admin/backups', { token: serviceToken });
          return answer.body.running === null && answer.body.backups.length === 1 ? answer.body.backups[0] : undefined;
        },
        60_000,
        'the archive',
      );
      // Gatehouse's archive holds the files and the world; the database is pg_dump's.
      expect(listed).to.deep.include({ storage: 'postgresql', counts: null, damaged: null });
      expect(listed.worlds).to.deep.equal(['world']);
      expect(server.errors).to.deep.equal([]);
      live = await ledgerOf(server.gatehouse.store);
    } finally {
      await server.stop();
    }
    await postgres.createDatabase('gatehouse_restored');
    await run(await postgres.program('pg_restore'), ['--no-owner', `--dbname=${postgres.url('gatehouse_restored')}`, dump]);
    const store = await PostgresStore.open({ ...postgres.settings(prefix), database: 'gatehouse_restored' }, { parts: allStoreParts() });
    try {
      const { records, accounts } = await checkConservation(store, { ids: acknowledgedBefore, transfers: [] }, 10_000);
      expect(accounts).to.equal(conservationPlayers.length);
      const restored = await ledgerOf(store);
      expect(restored).to.have.length(records);
      // Ids come from a sequence, taken before a commit: a unit with a lower id may commit after the dump's snapshot, so what is in it is not a prefix by id, but each record is the live one exactly.
      const liveById = new Map(live!.map((record) => [record.id, record]));
      expect(
        restored.filter((record) => JSON.stringify(record) !== JSON.stringify(liveById.get(record.id))),
        'records unlike the live ones',
      ).to.deep.equal([]);
      expect(restored.length, 'moves after the dump are not in it').to.be.lessThan(live!.length);
    } finally {
      await store.close();
    }
  });
});
