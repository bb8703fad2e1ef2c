/**
 * Money is conserved: many concurrent clients moving money at random over
 * HTTP, then (in a second run) the same with the process killed with -9 in
 * the middle. Checked on the store itself afterwards: no balance below zero,
 * every balance equal to its starting balance plus its records, the total
 * equal to the starting total plus the ADMIN amounts, every acknowledged
 * transaction there whole.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { ledgerPart } from '../../src/features/economy/feature.js';
import type { LedgerRecord } from '../../src/features/economy/ledger-store.js';
import { allStoreParts } from '../../src/features/index.js';
import { JsonStore } from '../../src/store/json/index.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { api, startTestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { killStartedProcesses, startGatehouseProcess } from '../helpers/process.js';

const serviceToken = 'conservation-service-token';
const playerCount = 20;
const players = Array.from({ length: playerCount }, (_, index) => `Saver${index}`);

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), state | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Codes for every player as /register would have stored them, so the run needs no game clients. */
async function writeCodes(dataDirectory: string): Promise<void> {
  const codes = players.map((player, index) => ({
    code: `SAVE${String(index).padStart(4, '0')}`,
    gameUsername: player,
    gameUuid: offlinePlayerUuid(player),
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  }));
  await mkdir(dataDirectory, { recursive: true });
  await writeFile(path.join(dataDirectory, 'registration-codes.json'), JSON.stringify({ codes }));
}

async function registerAll(baseUrl: string): Promise<string[]> {
  const tokens: string[] = [];
  for (const [index, player] of players.entries()) {
    const username = player.toLowerCase();
    const registered = await api(baseUrl, 'POST', '/api/auth/register', { body: { username, password: 'password1', email: `${username}@example.com`, code: `SAVE${String(index).padStart(4, '0')}` } });
    if (registered.status !== 201) throw new Error(`register ${username}: ${JSON.stringify(registered.body)}`);
    tokens.push((await api(baseUrl, 'POST', '/api/auth/login', { body: { username, password: 'password1' } })).body.token);
    // Opens the account with the starting balance.
    await api(baseUrl, 'GET', '/api/economy/balance', { token: tokens.at(-1) });
  }
  return tokens;
}

interface Acknowledged {
  /** Ids of records the API said it wrote (both sides of a transfer). */
  ids: number[];
}

/**
 * `operations` random transfers (80%), admin adjustments (10%) and
 * reversals (10%) from `clients` concurrent clients. Stops early, without
 * failing, once `stop()` says so (the process was killed).
 */
async function moveMoneyAtRandom(baseUrl: string, tokens: string[], options: { operations: number; clients: number; seed: number; stop?: () => boolean }): Promise<Acknowledged> {
  const random = seeded(options.seed);
  const acknowledged: Acknowledged = { ids: [] };
  const seen: number[] = [];
  let started = 0;
  const cents = (max: number) => (1 + Math.floor(random() * max * 100)) / 100;
  const client = async () => {
    while (started < options.operations && !options.stop?.()) {
      started += 1;
      const choice = random();
      const from = Math.floor(random() * tokens.length);
      let answer;
      try {
        if (choice < 0.8) {
          const to = (from + 1 + Math.floor(random() * (tokens.length - 1))) % tokens.length;
          answer = await api(baseUrl, 'POST', '/api/economy/transfer', { token: tokens[from], body: { to: players[to], amount: cents(30) } });
          if (answer.status === 200) {
            acknowledged.ids.push(answer.body.transaction.id, answer.body.transaction.id + 1);
            seen.push(answer.body.transaction.id);
          } else if (answer.body.code !== 'insufficient_funds') throw new Error(`transfer: ${answer.status} ${JSON.stringify(answer.body)}`);
        } else if (choice < 0.9) {
          const amount = random() < 0.5 ? cents(50) : -cents(50);
          answer = await api(baseUrl, 'POST', '/api/admin/economy/adjust', { token: serviceToken, body: { username: players[from], amount, reason: 'random adjustment' } });
          if (answer.status === 200) acknowledged.ids.push(answer.body.transaction.id);
          else if (answer.body.code !== 'insufficient_funds') throw new Error(`adjust: ${answer.status} ${JSON.stringify(answer.body)}`);
        } else if (seen.length > 0) {
          const id = seen[Math.floor(random() * seen.length)]!;
          answer = await api(baseUrl, 'POST', `/api/admin/economy/transactions/${id}/reverse`, { token: serviceToken, body: { reason: 'random reversal' } });
          if (answer.status === 200) acknowledged.ids.push(...answer.body.transactions.map((record: { id: number }) => record.id));
          else if (!['already_reversed', 'insufficient_funds'].includes(answer.body.code)) throw new Error(`reverse: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      } catch (error) {
        if (options.stop?.()) return;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  return acknowledged;
}

/** Reads every account and its whole history from the store and checks the sums. */
async function checkConservation(dataDirectory: string, acknowledged: Acknowledged, startingCents: number): Promise<{ records: number; accounts: number }> {
  const store = await JsonStore.open(dataDirectory, { parts: allStoreParts() });
  try {
    const ledger = store.part(ledgerPart);
    let totalCents = 0;
    let adminCents = 0;
    let recordCount = 0;
    const present = new Set<number>();
    for (const player of players) {
      const account = (await ledger.accountByName(player))!;
      expect(account, player).to.not.equal(undefined);
      expect(account.startingCents).to.equal(startingCents);
      expect(account.cents, `${player} never below zero`).to.be.at.least(0);
      const records: LedgerRecord[] = [];
      for (let offset = 0; ; offset += 500) {
        const page = await ledger.history(account.uuid, { offset, limit: 500 });
        records.push(...page.records);
        if (records.length >= page.total) break;
      }
      records.reverse();
      let running = account.startingCents;
      for (const record of records) {
        running += record.amount;
        expect(record.balance, `${player}'s balance after record ${record.id}`).to.equal(running);
        expect(record.balance).to.be.at.least(0);
        if (record.type === 'ADMIN') adminCents += record.amount;
        present.add(record.id);
      }
      expect(account.cents, `${player}'s balance is the sum of its records`).to.equal(running);
      totalCents += account.cents;
      recordCount += records.length;
    }
    expect(totalCents, 'the total is the starting total plus the ADMIN amounts').to.equal(startingCents * players.length + adminCents);
    const missing = acknowledged.ids.filter((id) => !present.has(id));
    expect(missing, 'acknowledged records missing').to.deep.equal([]);
    return { records: recordCount, accounts: players.length };
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
      const tokens = await registerAll(server.baseUrl);
      acknowledged = await moveMoneyAtRandom(server.baseUrl, tokens, { operations: 10_000, clients: 64, seed: 7 });
      expect(server.errors).to.deep.equal([]);
    } finally {
      await server.gatehouse.stop();
    }
    const { records } = await checkConservation(dataDirectory, acknowledged!, 10_000);
    expect(records, 'a good share of the operations moved money').to.be.greaterThan(8000);
  });

  it('the same with kill -9 in the middle: after restart every acknowledged transaction is there, none half, the sums hold', async function () {
    this.timeout(180_000);
    const dataDirectory = path.join(directory, 'data');
    await writeCodes(dataDirectory);
    const extraConfig = `token: ${serviceToken}\nserver:\n  name: conservation\neconomy:\n  starting-balance: 100\n`;
    const running = await startGatehouseProcess(dataDirectory, extraConfig);
    const baseUrl = `http://127.0.0.1:${running.apiPort}`;
    const tokens = await registerAll(baseUrl);
    let killed = false;
    const work = moveMoneyAtRandom(baseUrl, tokens, { operations: 6000, clients: 64, seed: 11, stop: () => killed });
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
    await checkConservation(dataDirectory, acknowledged, 10_000);
    // And the service starts again on the same data, and serves the balances.
    const restarted = await startGatehouseProcess(dataDirectory, extraConfig);
    const balance = await api(`http://127.0.0.1:${restarted.apiPort}`, 'GET', '/api/economy/balance?username=Saver1', { token: serviceToken });
    expect(balance.status).to.equal(200);
  });
});
