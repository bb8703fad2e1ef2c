/**
 * PostgreSQL stopped and started under traffic, Gatehouse left running:
 * while the database is away every request that needs the store answers 503
 * (quickly, not after hanging) and anything else still answers; once it is
 * back the same Gatehouse serves again by itself; and no transaction the API
 * acknowledged is lost, the sums holding on the store afterwards. Once with
 * a clean shutdown (`pg_ctl -m fast`) and once as a crash (`-m immediate`,
 * recovered from the WAL at the next start).
 */
import { expect } from 'chai';
import { ledgerPart } from '../../src/features/economy/store.js';
import { PostgresStore } from '../../src/store/postgres/index.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { checkConservation, moveMoneyAtRandom, registerPlayers, storeCodes } from '../helpers/money-conservation.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';
import { implementationsOf } from '../helpers/store-implementations.js';

const serviceToken = 'outage-service-token-for-tests-0123456789abcdef';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL stopped and started during traffic (Gatehouse not restarted)', function () {
  let postgres: ThrowawayPostgres;
  let server: TestGatehouse | undefined;
  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this, { own: true });
  });
  after(async function () {
    await postgres?.dispose();
  });
  afterEach(async function () {
    await server?.stop();
    server = undefined;
  });

  it('answers 503 while the database is away, serves again when it is back, and loses no acknowledged transaction', async function () {
    this.timeout(180_000);
    const prefix = uniquePrefix('outage');
    const infos: string[] = [];
    server = await startTestGatehouse(
      (config) => {
        config.token = serviceToken;
        config.settings.economy.startingBalance = 100;
        config.storage.type = 'postgresql';
        config.storage.postgresql = postgres.settings(prefix, 10);
      },
      { onInfo: (line) => infos.push(line) },
    );
    const { baseUrl } = server;
    await storeCodes(server.gatehouse.store);
    const tokens = await registerPlayers(baseUrl);

    let stopped = false;
    const traffic = moveMoneyAtRandom(baseUrl, tokens, { operations: 1_000_000, clients: 16, seed: 21, serviceToken, stop: () => stopped, tolerated: [503] });

    const outages: Array<{ mode: 'fast' | 'immediate'; balanceDuring: number; codeDuring: string; answeredWithinMs: number; healthDuring: number; backAfterMs: number }> = [];
    for (const mode of ['fast', 'immediate'] as const) {
      // Long enough after the last outage for it to be logged as over.
      await sleep(2500);
      await postgres.stopServer(mode);
      // While it is away: a read that needs the store, timed, and one that does not.
      const asked = Date.now();
      const during = await api(baseUrl, 'GET', '/api/economy/balance', { token: tokens[0] });
      const answeredWithinMs = Date.now() - asked;
      const health = await api(baseUrl, 'GET', '/api/health');
      await sleep(1500);
      await postgres.startServer();
      const restarted = Date.now();
      let back = false;
      for (let attempt = 0; attempt < 300 && !back; attempt += 1) {
        back = (await api(baseUrl, 'GET', '/api/economy/balance', { token: tokens[0] })).status === 200;
        if (!back) await sleep(100);
      }
      expect(back, `the same Gatehouse serves again after the ${mode} stop`).to.equal(true);
      outages.push({ mode, balanceDuring: during.status, codeDuring: during.body?.code, answeredWithinMs, healthDuring: health.status, backAfterMs: Date.now() - restarted });
    }
    await sleep(1500);
    stopped = true;
    const acknowledged = await traffic;

    for (const outage of outages) {
      expect(outage.balanceDuring, `${outage.mode}: a request needing the store while it is away`).to.equal(503);
      expect(outage.codeDuring).to.equal('storage_failed');
      expect(outage.answeredWithinMs, `${outage.mode}: the 503 comes at once, not after hanging`).to.be.lessThan(6000);
      expect(outage.healthDuring, 'what needs no store still answers').to.equal(200);
    }
    expect(acknowledged.otherStatuses[503], 'the traffic met the outages').to.be.greaterThan(0);
    expect(Object.keys(acknowledged.otherStatuses), 'no answer but 200, the expected refusals and 503').to.deep.equal(['503']);
    expect(acknowledged.ids.length, 'money moved around the outages').to.be.greaterThan(500);
    // Logged once per outage when it starts, and once when the database answers again; nothing else.
    expect(server.errors, server.errors.join('\n')).to.have.length(2);
    expect(
      server.errors.every((line) =>
        /^store: PostgreSQL at 127\.0\.0\.1:\d+\/gatehouse cannot be used \(.+\); requests that need the store answer 503 until it is back$/.test(line),
      ),
      server.errors.join('\n'),
    ).to.equal(true);
    expect(infos.filter((line) => /^store: PostgreSQL at .* answers again/.test(line))).to.have.length(2);

    await server.stop();
    server = undefined;
    const store = await PostgresStore.open(postgres.settings(prefix), { parts: implementationsOf(ledgerPart) });
    try {
      await checkConservation(store, acknowledged, 10_000);
    } finally {
      await store.close();
    }
    console.log(
      `      outages: ${outages.map((outage) => `${outage.mode}: 503 in ${outage.answeredWithinMs} ms, serving again ${outage.backAfterMs} ms after the start`).join('; ')}; ${acknowledged.ids.length} records acknowledged, ${acknowledged.otherStatuses[503]} answers 503`,
    );
  });
});
