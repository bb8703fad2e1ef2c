/**
 * Backups on the JSON store, over HTTP: one taken while 32 clients move
 * money, restored into a fresh directory, holds every transaction
 * acknowledged before it was asked for, the sums hold, and its ledger is
 * exactly the live one's first records; a restore is refused while
 * Gatehouse runs on the directory, and for a damaged archive or one from a
 * newer Gatehouse, changing nothing; the world's saving is resumed when the
 * copy fails.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { ledgerPart, type LedgerRecord } from '../../src/features/economy/store.js';
import { allStoreParts } from '../../src/features/index.js';
import { ArchiveWriter } from '../../src/features/backups/archive-writer.js';
import { restoreArchive, RestoreRefusedError } from '../../src/features/backups/restore.js';
import { takeBackup } from '../../src/features/backups/take.js';
import { archiveFormat } from '../../src/features/backups/manifest.js';
import type { WorldSaves } from '../../src/game/port.js';
import { JsonStore } from '../../src/store/json/index.js';
import type { Store } from '../../src/store/port.js';
import { eventually } from '../helpers/bots.js';
import { readEvents } from '../helpers/event-stream.js';
import { api, startTestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { checkConservation, conservationPlayers, moveMoneyAtRandom, registerPlayers, storeCodes, type Acknowledged } from '../helpers/money-conservation.js';

const serviceToken = 'backups-service-token-for-tests-0123456789abcdef';

/** Every ledger record, by id. */
async function ledgerOf(store: Store): Promise<Map<number, LedgerRecord>> {
  const ledger = store.part(ledgerPart);
  const records = new Map<number, LedgerRecord>();
  for (const player of conservationPlayers) {
    const account = (await ledger.accountByName(player))!;
    for (let offset = 0; ; offset += 500) {
      const page = await ledger.history(account.uuid, { offset, limit: 500 });
      for (const record of page.records) records.set(record.id, record);
      if (offset + page.records.length >= page.total || page.records.length === 0) break;
    }
  }
  return records;
}

async function listing(directory: string): Promise<string[]> {
  return (await readdir(directory).catch(() => [] as string[])).sort();
}

describe('backups of the JSON store, taken under load and restored', function () {
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-backups-');
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  it('a backup taken while 32 clients move money restores every acknowledged transfer before it, the sums, and a prefix of the ledger exactly', async function () {
    this.timeout(240_000);
    const dataDirectory = path.join(directory, 'data');
    const backupsDirectory = path.join(directory, 'backups');
    const server = await startTestGatehouse(
      (config) => {
        config.token = serviceToken;
        config.settings.economy.startingBalance = 100;
        config.backups.directory = backupsDirectory;
      },
      { dataDirectory },
    );
    const taken: string[] = [];
    server.gatehouse.services.get('backups').events.on('taken', (backup) => taken.push(backup.name));
    let acknowledgedBefore: number[] = [];
    let archiveName = '';
    let live: Map<number, LedgerRecord>;
    try {
      await storeCodes(server.gatehouse.store);
      const tokens = await registerPlayers(server.baseUrl);
      const acknowledged: Acknowledged = { ids: [], transfers: [], otherStatuses: {} };
      const work = moveMoneyAtRandom(server.baseUrl, tokens, { operations: 4000, clients: 32, seed: 36, serviceToken, into: acknowledged });
      await eventually(() => (acknowledged.ids.length >= 500 ? true : undefined), 60_000, '500 acknowledged moves');
      // Every move acknowledged before the backup is asked for must be in it.
      acknowledgedBefore = [...acknowledged.ids];
      const started = await api(server.baseUrl, 'POST', '/api/admin/backups', { token: serviceToken });
      expect(started.status, JSON.stringify(started.body)).to.equal(202);
      archiveName = started.body.backup.name;
      const again = await api(server.baseUrl, 'POST', '/api/admin/backups', { token: serviceToken });
      expect(again.status).to.equal(409);
      expect(again.body.code).to.equal('backup_running');
      await work;
      const listed = await eventually(
        async () => {
          const answer = await api(server.baseUrl, 'GET', '/api/admin/backups', { token: serviceToken });
          return answer.body.running === null && answer.body.backups.length === 1 ? answer.body : undefined;
        },
        60_000,
        'the backup to be listed',
      );
      expect(listed.backups[0]).to.deep.include({ name: archiveName, reason: 'manual', requestedBy: 'service', storage: 'json', damaged: null });
      expect(listed.backups[0].worlds).to.deep.equal(['world']);
      expect(taken).to.deep.equal([archiveName]);
      expect(server.errors).to.deep.equal([]);
      live = await ledgerOf(server.gatehouse.store);
    } finally {
      await server.gatehouse.stop();
    }
    const archive = path.join(backupsDirectory, archiveName);
    expect(await listing(backupsDirectory), 'only the archive, nothing partial').to.deep.equal([archiveName]);

    const restoredDirectory = path.join(directory, 'restored');
    const result = await restoreArchive({ archive, dataDirectory: restoredDirectory, worlds: false });
    expect(result.replaced).to.deep.equal([{ folder: restoredDirectory, keptAt: null }]);
    const store = await JsonStore.open(restoredDirectory, { parts: allStoreParts() });
    try {
      const { records, accounts } = await checkConservation(store, { ids: acknowledgedBefore, transfers: [] }, 10_000);
      expect(accounts).to.equal(conservationPlayers.length);
      expect(records, "the manifest's count of ledger records").to.equal(result.manifest.counts!.ledgerEntries);
      expect(await store.users.count(), "the manifest's count of users").to.equal(result.manifest.counts!.users);
      const restored = await ledgerOf(store);
      const highest = Math.max(...restored.keys());
      // Exactly the live ledger's records up to the backup's point: none missing, none changed, none from after it.
      const prefix = [...live!.values()].filter((record) => record.id <= highest).sort((a, b) => a.id - b.id);
      expect([...restored.values()].sort((a, b) => a.id - b.id)).to.deep.equal(prefix);
      expect(restored.size, 'moves after the backup are not in it').to.be.lessThan(live!.size);
    } finally {
      await store.close();
    }
    expect(await readFile(path.join(restoredDirectory, 'world', 'level.dat')).then((content) => content.length > 0), 'the world is in it').to.equal(true);
  });

  it('refuses a restore while Gatehouse runs on the directory, a damaged archive and one from a newer Gatehouse, changing nothing', async function () {
    this.timeout(120_000);
    const dataDirectory = path.join(directory, 'data');
    const backupsDirectory = path.join(directory, 'backups');
    let server = await startTestGatehouse(
      (config) => {
        config.token = serviceToken;
        config.backups.directory = backupsDirectory;
        // Retention off: it would keep only the newest of today's archives.
        config.backups.keepDaily = 0;
        config.backups.keepWeekly = 0;
      },
      { dataDirectory },
    );
    let archive: string;
    try {
      const backup = await server.gatehouse.services.get('backups').take('manual', 'test');
      archive = backup.file;
      let refusal: unknown;
      try {
        await restoreArchive({ archive, dataDirectory, worlds: false });
      } catch (error) {
        refusal = error;
      }
      expect(refusal).to.be.instanceOf(RestoreRefusedError);
      expect((refusal as Error).message).to.match(/Gatehouse is running on .*: stop it first/);

      // The download: the archive whole; an API key needs personal:read beside backups:admin.
      const name = path.basename(archive);
      const downloaded = await fetch(`${server.baseUrl}/api/admin/backups/${name}`, { headers: { authorization: `Bearer ${serviceToken}` } });
      expect(downloaded.status).to.equal(200);
      expect(Buffer.from(await downloaded.arrayBuffer()).equals(await readFile(archive)), 'the archive as it is on disk').to.equal(true);
      expect((await api(server.baseUrl, 'GET', '/api/admin/backups/gatehouse-main-2000-01-01-000000Z.zip', { token: serviceToken })).status).to.equal(404);
      expect((await api(server.baseUrl, 'GET', '/api/admin/backups/..%2Fdata%2Frunning.json', { token: serviceToken })).status).to.equal(404);
      const keyFor = async (scopes: string[]) =>
        (await api(server.baseUrl, 'POST', '/api/admin/keys', { token: serviceToken, body: { name: `key ${scopes.length}`, scopes } })).body.secret as string;
      const withoutPersonal = await api(server.baseUrl, 'GET', `/api/admin/backups/${name}`, { token: await keyFor(['backups:admin']) });
      expect(withoutPersonal.status).to.equal(403);
      expect(withoutPersonal.body.code).to.equal('scope_missing');
      const withPersonal = await fetch(`${server.baseUrl}/api/admin/backups/${name}`, { headers: { authorization: `Bearer ${await keyFor(['backups:admin', 'personal:read'])}` } });
      expect(withPersonal.status).to.equal(200);
      await withPersonal.arrayBuffer();

      // Deleted: gone from the list and the directory, audited; a second time 404.
      const extra = await server.gatehouse.services.get('backups').take('manual', 'test');
      const deleted = await api(server.baseUrl, 'DELETE', `/api/admin/backups/${extra.name}`, { token: serviceToken });
      expect(deleted.body).to.deep.equal({ success: true, message: `Backup ${extra.name} deleted` });
      expect((await api(server.baseUrl, 'DELETE', `/api/admin/backups/${extra.name}`, { token: serviceToken })).status).to.equal(404);
      const names = (await api(server.baseUrl, 'GET', '/api/admin/backups', { token: serviceToken })).body.backups.map((backup: { name: string }) => backup.name);
      expect(names).to.deep.equal([name]);
      const actions = (await api(server.baseUrl, 'GET', '/api/admin/audit', { token: serviceToken })).body.entries.map((entry: { action: string }) => entry.action);
      expect(actions).to.include('backup.download').and.to.include('backup.delete');
    } finally {
      await server.gatehouse.stop();
    }
    const before = await listing(directory);

    // A byte changed in the middle of the archive.
    const damaged = path.join(backupsDirectory, 'damaged.zip');
    const content = await readFile(archive);
    content[Math.floor(content.length / 3)]! ^= 0xff;
    await writeFile(damaged, content);
    let refusal: unknown;
    try {
      await restoreArchive({ archive: damaged, dataDirectory, worlds: false });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).to.be.instanceOf(RestoreRefusedError);
    expect((refusal as Error).message).to.match(/damaged/);

    // An archive made by a newer Gatehouse.
    const newer = await ArchiveWriter.create(backupsDirectory, 'newer.zip');
    await newer.addBuffer('data/users/users.json', Buffer.from('{}'));
    await newer.finish({
      format: archiveFormat,
      gatehouseVersion: '99.0.0',
      createdAt: new Date().toISOString(),
      reason: 'manual',
      requestedBy: null,
      storage: 'json',
      unit: 1,
      counts: { users: 0, ledgerEntries: 0, apiKeys: 0 },
      dataDirectory,
      worlds: [],
      worldsMissing: null,
    });
    refusal = undefined;
    try {
      await restoreArchive({ archive: path.join(backupsDirectory, 'newer.zip'), dataDirectory, worlds: false });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).to.be.instanceOf(RestoreRefusedError);
    expect((refusal as Error).message).to.match(/made by Gatehouse 99\.0\.0, newer than this one/);
    expect(await listing(directory), 'nothing left half-restored beside the data').to.deep.equal(before);

    // The good one, once Gatehouse is stopped; the next start audits it.
    await restoreArchive({ archive, dataDirectory, worlds: false });
    server = await startTestGatehouse((config) => void (config.token = serviceToken), { dataDirectory });
    try {
      const audit = await api(server.baseUrl, 'GET', '/api/admin/audit', { token: serviceToken });
      expect(audit.body.entries?.filter((entry: { action: string }) => entry.action === 'backup.restore')).to.have.length(1);
    } finally {
      await server.stop();
    }
  });

  it('tells the event stream of a backup taken, with its name, size and who asked', async function () {
    const backupsDirectory = path.join(directory, 'backups');
    const server = await startTestGatehouse(
      (config) => {
        config.token = serviceToken;
        config.backups.directory = backupsDirectory;
      },
      { dataDirectory: path.join(directory, 'data') },
    );
    const events = readEvents(server.baseUrl, serviceToken, { types: ['backup.taken', 'backup.failed'] });
    try {
      await events.opened;
      const started = await api(server.baseUrl, 'POST', '/api/admin/backups', { token: serviceToken });
      expect(started.status, JSON.stringify(started.body)).to.equal(202);
      const taken = await events.next((event) => event.type === 'backup.taken', 30_000);
      const data = (taken.event as { data: { name: string; bytes: number; reason: string; requestedBy: string | null } }).data;
      expect(await listing(backupsDirectory)).to.include(data.name);
      expect(data).to.include({ reason: 'manual', requestedBy: 'service' });
      expect(data.bytes).to.be.above(0);
    } finally {
      events.close();
      await server.stop();
    }
  });

  it("resumes the world's saving when the copy fails", async function () {
    const dataDirectory = path.join(directory, 'data');
    await mkdir(dataDirectory, { recursive: true });
    // A world folder that is a file: reading it fails once saving is paused, as a full or failing disk would.
    const notAFolder = path.join(directory, 'world');
    await writeFile(notAFolder, 'not a folder');
    const calls: string[] = [];
    const saves: WorldSaves = {
      folders: async () => [{ name: 'world', path: notAFolder }],
      pause: async () => void calls.push('pause'),
      resume: async () => void calls.push('resume'),
    };
    const store = await JsonStore.open(dataDirectory, { parts: allStoreParts() });
    let failure: unknown;
    try {
      await takeBackup({
        directory: path.join(directory, 'backups'),
        name: 'gatehouse-main-2026-01-01-000000Z.zip',
        dataDirectory,
        store,
        storage: 'json',
        worlds: { saves },
        reason: 'manual',
        requestedBy: null,
        now: () => new Date(),
        onProgress: () => undefined,
        logError: () => undefined,
      });
    } catch (error) {
      failure = error;
    } finally {
      await store.close();
    }
    expect((failure as NodeJS.ErrnoException)?.code).to.equal('ENOTDIR');
    expect(calls).to.deep.equal(['pause', 'resume']);
    expect(await listing(path.join(directory, 'backups')), 'no partial archive left').to.deep.equal([]);
  });
});
