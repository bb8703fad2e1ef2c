/**
 * Money is conserved on PostgreSQL as on JSON files (test/e2e/
 * economy-conservation.test.ts): 64 concurrent clients moving money at
 * random over HTTP through one Gatehouse, then through two Gatehouse
 * instances sharing one database; checked on the store afterwards.
 */
import { expect } from 'chai';
import { allStoreParts } from '../../src/features/index.js';
import { PostgresStore } from '../../src/store/postgres/index.js';
import { startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { checkConservation, moveMoneyAtRandom, registerPlayers, storeCodes, type Acknowledged } from '../helpers/money-conservation.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

const serviceToken = 'conservation-service-token-for-tests-0123456789abcdef';

describe('money is conserved under concurrency on PostgreSQL (builtin economy)', function () {
  let postgres: ThrowawayPostgres;
  const running: TestGatehouse[] = [];
  before(async function () {
    postgres = await requirePostgres(this);
  });
  afterEach(async function () {
    await Promise.all(running.splice(0).map((server) => server.stop()));
  });

  let started = 0;
  const startOn = async (prefix: string) => {
    const serverId = `server${(started += 1)}`;
    const server = await startTestGatehouse((config) => {
      // Each instance a server of its own on the network.
      config.serverId = serverId;
      config.token = serviceToken;
      config.settings.economy.startingBalance = 100;
      config.storage.type = 'postgresql';
      config.storage.postgresql = postgres.settings(prefix, 20);
    });
    running.push(server);
    return server;
  };

  const checkStore = async (prefix: string, acknowledged: Pick<Acknowledged, 'ids' | 'transfers'>) => {
    const store = await PostgresStore.open(postgres.settings(prefix), { parts: allStoreParts() });
    try {
      return await checkConservation(store, acknowledged, 10_000);
    } finally {
      await store.close();
    }
  };

  it('64 concurrent clients, 10,000 random transfers, adjustments and reversals: no negative balance, every sum holds', async function () {
    this.timeout(240_000);
    const prefix = uniquePrefix('money');
    const server = await startOn(prefix);
    await storeCodes(server.gatehouse.store);
    const tokens = await registerPlayers(server.baseUrl);
    const acknowledged = await moveMoneyAtRandom(server.baseUrl, tokens, { operations: 10_000, clients: 64, seed: 7, serviceToken });
    expect(server.errors).to.deep.equal([]);
    const retried = (await server.gatehouse.store.statistics()).unitsRetried;
    await server.stop();
    running.splice(0);
    const { records } = await checkStore(prefix, acknowledged);
    expect(records, 'a good share of the operations moved money').to.be.greaterThan(8000);
    // Transfers lock their accounts in one order, so none should have been a deadlock's victim; reversals of a pair may.
    expect(retried, 'units run again after a deadlock').to.be.lessThan(50);
  });

  it('three Gatehouse instances on one database, 64 clients spread over them: a token from one works on the others, and every sum holds', async function () {
    this.timeout(240_000);
    const prefix = uniquePrefix('network');
    const [first, second, third] = [await startOn(prefix), await startOn(prefix), await startOn(prefix)];
    await storeCodes(first!.gatehouse.store);
    const tokens = await registerPlayers(first!.baseUrl);
    const acknowledged = await moveMoneyAtRandom(first!.baseUrl, tokens, {
      operations: 6000,
      clients: 64,
      seed: 13,
      serviceToken,
      baseUrls: [first!.baseUrl, second!.baseUrl, third!.baseUrl],
    });
    for (const server of [first!, second!, third!]) expect(server.errors).to.deep.equal([]);
    await Promise.all(running.splice(0).map((server) => server.stop()));
    const { records } = await checkStore(prefix, acknowledged);
    expect(records).to.be.greaterThan(4500);
  });
});
