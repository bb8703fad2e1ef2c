/**
 * Money is conserved on the JSON store: many concurrent clients moving money
 * at random over HTTP, then (in a second run) the same with the process
 * killed with -9 in the middle. Checked on the store itself afterwards (see
 * test/helpers/money-conservation.ts); the same on PostgreSQL is
 * test/e2e/postgres-conservation.test.ts.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { allStoreParts } from '../../src/features/index.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { JsonStore } from '../../src/store/json/index.js';
import { api, startTestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { checkConservation, conservationPlayers, moveMoneyAtRandom, registerPlayers, type Acknowledged } from '../helpers/money-conservation.js';
import { killStartedProcesses, startGatehouseProcess } from '../helpers/process.js';

const serviceToken = 'conservation-service-token-for-tests-0123456789abcdef';

/** Codes for every player in the data directory before a Gatehouse process starts on it (no store is open yet to take them). */
async function writeCodes(dataDirectory: string): Promise<void> {
  const codes = conservationPlayers.map((player, index) => ({
    code: `SAVE${String(index).padStart(4, '0')}`,
    gameUsername: player,
    gameUuid: offlinePlayerUuid(player),
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  }));
  await mkdir(dataDirectory, { recursive: true });
  await writeFile(path.join(dataDirectory, 'registration-codes.json'), JSON.stringify({ codes }));
}

/** Reads the data directory as the store and checks every sum. */
async function checkDirectory(dataDirectory: string, acknowledged: Pick<Acknowledged, 'ids' | 'transfers'>): Promise<{ records: number; accounts: number }> {
  const store = await JsonStore.open(dataDirectory, { parts: allStoreParts() });
  try {
    return await checkConservation(store, acknowledged, 10_000);
  } finally {
    await store.close();
  }
}

describe('money is conserved under concurrency and crashes (builtin economy, JSON store)', function () {
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-money-');
  });
  afterEach(async function () {
    await killStartedProcesses();
    await rm(directory, { recursive: true, force: true });
  });

  it('64 concurrent clients, 10,000 random transfers, adjustments and reversals: no negative balance, every sum holds', async function () {
    this.timeout(180_000);
    const dataDirectory = path.join(directory, 'data');
    await writeCodes(dataDirectory);
    const server = await startTestGatehouse(
      (config) => {
        config.token = serviceToken;
        config.settings.economy.startingBalance = 100;
      },
      { dataDirectory },
    );
    let acknowledged: Acknowledged;
    try {
      const tokens = await registerPlayers(server.baseUrl);
      acknowledged = await moveMoneyAtRandom(server.baseUrl, tokens, { operations: 10_000, clients: 64, seed: 7, serviceToken });
      expect(server.errors).to.deep.equal([]);
    } finally {
      await server.gatehouse.stop();
    }
    const { records } = await checkDirectory(dataDirectory, acknowledged!);
    expect(records, 'a good share of the operations moved money').to.be.greaterThan(8000);
  });

  it('the same with kill -9 in the middle: after restart every acknowledged transaction is there, none half, the sums hold', async function () {
    this.timeout(180_000);
    const dataDirectory = path.join(directory, 'data');
    await writeCodes(dataDirectory);
    const extraConfig = `token: ${serviceToken}\nserver:\n  name: conservation\neconomy:\n  starting-balance: 100\n`;
    const running = await startGatehouseProcess(dataDirectory, extraConfig);
    const baseUrl = `http://127.0.0.1:${running.apiPort}`;
    const tokens = await registerPlayers(baseUrl);
    let killed = false;
    const work = moveMoneyAtRandom(baseUrl, tokens, { operations: 6000, clients: 64, seed: 11, serviceToken, stop: () => killed, tolerated: [] });
    // Kill once a good share is done, with many requests in flight.
    const progress = Date.now();
    while (Date.now() - progress < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const recent = await api(baseUrl, 'GET', '/api/economy/history?limit=1', { token: tokens[0] }).catch(() => undefined);
      if (recent && recent.body.transactions?.[0]?.id > 2000) break;
    }
    killed = true;
    running.child.kill('SIGKILL');
    const acknowledged = await work;
    expect((await running.exited).signal).to.equal('SIGKILL');
    expect(acknowledged.ids.length, 'the kill came mid-run').to.be.greaterThan(1000);
    await checkDirectory(dataDirectory, acknowledged);
    // And the service starts again on the same data, and serves the balances.
    const restarted = await startGatehouseProcess(dataDirectory, extraConfig);
    const balance = await api(`http://127.0.0.1:${restarted.apiPort}`, 'GET', '/api/economy/balance?username=Saver1', { token: serviceToken });
    expect(balance.status).to.equal(200);
  });
});
