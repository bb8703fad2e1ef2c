/**
 * API keys on a network: two Gatehouse instances on one PostgreSQL database.
 * A key made on one works on the other, and its revocation on one holds on
 * the other from the very next request.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { PostgresStore } from '../../src/store/postgres/index.js';
import { api, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';
import { startNetworkInstance } from '../helpers/network.js';

const serviceToken = 'keys-network-service-token-for-tests-0123456789abcdef';

describe('API keys on a network of servers', function () {
  let postgres: ThrowawayPostgres;
  let prefix: string;
  let directory: string;
  let survival: TestGatehouse;
  let creative: TestGatehouse;

  const start = async (server: string) => {
    return startNetworkInstance({ directory, postgres, prefix }, server, (config) => {
      config.token = serviceToken;
    });
  };

  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this);
    prefix = uniquePrefix('keys_network');
    directory = await temporaryDirectory('gatehouse-keys-network-');
    [survival, creative] = await Promise.all([start('survival'), start('creative')]);
  });
  after(async function () {
    await Promise.all([survival?.stop(), creative?.stop()]);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('revokes a key made on one instance on the other at once', async function () {
    const made = await api(survival.baseUrl, 'POST', '/api/admin/keys', { token: serviceToken, body: { name: 'network dashboard', scopes: ['players:read'] } });
    expect(made.status).to.equal(201);
    const secret = made.body.secret as string;
    expect((await api(creative.baseUrl, 'GET', '/api/players', { token: secret })).status).to.equal(200);
    expect((await api(survival.baseUrl, 'GET', '/api/players', { token: secret })).status).to.equal(200);
    const revoked = await api(survival.baseUrl, 'DELETE', `/api/admin/keys/${made.body.key.id}`, { token: serviceToken });
    expect(revoked.status).to.equal(200);
    const onTheOther = await api(creative.baseUrl, 'GET', '/api/players', { token: secret });
    expect(onTheOther.status).to.equal(401);
    expect(onTheOther.body.code).to.equal('key_revoked');
    expect((await api(survival.baseUrl, 'GET', '/api/players', { token: secret })).status).to.equal(401);
    // In the database: the name and the hash, never the secret.
    const database = (survival.gatehouse.store as PostgresStore).database;
    const rows = await database.query<{ row: string }>(`SELECT to_jsonb(keys)::text AS row FROM ${database.name('api_keys')} AS keys`);
    expect(rows).to.have.length(1);
    expect(rows[0]!.row).to.include('network dashboard');
    expect(rows[0]!.row).to.not.include(secret.slice(10));
  });
});
