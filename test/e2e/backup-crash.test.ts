/**
 * A backup cut short by kill -9: Gatehouse (a process of its own) backs up
 * while 16 clients move money, then is killed in the middle of a second
 * backup. The partial archive is never listed and is deleted at the next
 * start; the first archive stays good, and restored into a fresh directory
 * holds every move acknowledged before it was asked for, the sums holding.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { restoreArchive } from '../../src/features/backups/restore.js';
import { allStoreParts } from '../../src/features/index.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { JsonStore } from '../../src/store/json/index.js';
import { eventually } from '../helpers/bots.js';
import { api, temporaryDirectory } from '../helpers/gatehouse.js';
import { checkConservation, conservationPlayers, moveMoneyAtRandom, registerPlayers, type Acknowledged } from '../helpers/money-conservation.js';
import { killStartedProcesses, startGatehouseProcess } from '../helpers/process.js';

const serviceToken = 'backup-crash-service-token-for-tests-0123456789abcdef';

describe('a backup cut short by kill -9', function () {
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-backup-crash-');
  });
  afterEach(async function () {
    await killStartedProcesses();
    await rm(directory, { recursive: true, force: true });
  });

  it('leaves no archive listed, its leftovers deleted at the next start, and the backup before it good', async function () {
    this.timeout(240_000);
    const dataDirectory = path.join(directory, 'data');
    const backupsDirectory = `${dataDirectory}-backups`;
    await mkdir(dataDirectory, { recursive: true });
    const codes = conservationPlayers.map((player, index) => ({
      code: `SAVE${String(index).padStart(4, '0')}`,
      gameUsername: player,
      gameUuid: offlinePlayerUuid(player),
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    }));
    await writeFile(path.join(dataDirectory, 'registration-codes.json'), JSON.stringify({ codes }));
    const extraConfig = `token: ${serviceToken}\neconomy:\n  starting-balance: 100\n`;
    const running = await startGatehouseProcess(dataDirectory, extraConfig);
    const baseUrl = `http://127.0.0.1:${running.apiPort}`;
    const asService = (method: string, urlPath: string) => api(baseUrl, method, urlPath, { token: serviceToken });
    const tokens = await registerPlayers(baseUrl);
    let killed = false;
    const acknowledged: Acknowledged = { ids: [], transfers: [], otherStatuses: {} };
    const work = moveMoneyAtRandom(baseUrl, tokens, { operations: 100_000, clients: 16, seed: 3636, serviceToken, stop: () => killed, into: acknowledged });
    await eventually(() => (acknowledged.ids.length >= 300 ? true : undefined), 60_000, '300 acknowledged moves');
    const acknowledgedBefore = [...acknowledged.ids];
    const first = await asService('POST', '/api/admin/backups');
    expect(first.status).to.equal(202);
    await eventually(async () => ((await asService('GET', '/api/admin/backups')).body.backups?.length === 1 ? true : undefined), 60_000, 'the first backup');

    // A large file (incompressible) makes the second backup long enough to be killed in the middle.
    await mkdir(path.join(dataDirectory, 'world', 'region'), { recursive: true });
    await writeFile(path.join(dataDirectory, 'world', 'region', 'r.9.9.mca'), randomBytes(96 * 1024 * 1024));
    const second = await asService('POST', '/api/admin/backups');
    expect(second.status).to.equal(202);
    await eventually(async () => ((await asService('GET', '/api/admin/backups')).body.running?.bytes > 0 ? true : undefined), 60_000, 'the second backup under way');
    killed = true;
    running.child.kill('SIGKILL');
    await work;
    expect((await running.exited).signal).to.equal('SIGKILL');
    const leftBehind = await readdir(backupsDirectory);
    expect(
      leftBehind.filter((name) => name.endsWith('.partial')),
      'the partial archive the kill left',
    ).to.have.length(1);

    const restarted = await startGatehouseProcess(dataDirectory, extraConfig);
    const listed = (await api(`http://127.0.0.1:${restarted.apiPort}`, 'GET', '/api/admin/backups', { token: serviceToken })).body;
    expect(listed.backups.map((backup: { name: string }) => backup.name)).to.deep.equal([first.body.backup.name]);
    expect(listed.backups[0].damaged).to.equal(null);
    expect(await readdir(backupsDirectory), 'the leftovers deleted at start').to.deep.equal([first.body.backup.name]);
    restarted.child.kill('SIGKILL');
    await restarted.exited;

    const restoredDirectory = path.join(directory, 'restored');
    const result = await restoreArchive({ archive: path.join(backupsDirectory, first.body.backup.name), dataDirectory: restoredDirectory, worlds: false });
    const store = await JsonStore.open(restoredDirectory, { parts: allStoreParts() });
    try {
      const { records } = await checkConservation(store, { ids: acknowledgedBefore, transfers: [] }, 10_000);
      expect(records).to.equal(result.manifest.counts!.ledgerEntries);
    } finally {
      await store.close();
    }
  });
});
