/**
 * The plugin's bundled sidecar (the esbuild bundle in the jar, pg inside it)
 * on PostgreSQL: dropped into the (fake) Paper server with `storage.type:
 * postgresql`, it creates its schema, and a player's /register becomes a web
 * account stored in the database, as every server of a network would have it.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { eventually } from '../helpers/bots.js';
import { api, temporaryDirectory } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';
import { requirePostgres, testDatabase, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';
import { freePort } from '../helpers/free-port.js';

describe("the plugin's bundled sidecar on PostgreSQL", function () {
  let postgres: ThrowawayPostgres;
  let directory: string;
  let harness: PaperHarness | undefined;
  before(async function () {
    postgres = await requirePostgres(this);
  });
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-plugin-postgres-');
  });
  afterEach(async function () {
    await harness?.stop();
    harness = undefined;
    await rm(directory, { recursive: true, force: true });
  });

  it('migrates its schema and stores an account registered in game in the database', async function () {
    this.timeout(90_000);
    const prefix = uniquePrefix('plugin');
    const settings = postgres.settings(prefix);
    const config = [
      'port: 0',
      'host: 127.0.0.1',
      'token: plugin-postgres-token-for-tests-0123456789abcdef',
      'game:',
      '  bridge:',
      `    port: ${await freePort()}`,
      'sidecar:',
      '  launch: true',
      `  node: ${process.execPath}`,
      'storage:',
      '  type: postgresql',
      '  postgresql:',
      `    address: 127.0.0.1:${settings.port}`,
      `    database: ${testDatabase}`,
      `    username: ${settings.username}`,
      `    password: ${settings.password}`,
      `    table-prefix: ${prefix}`,
      '',
    ].join('\n');
    harness = await PaperHarness.start({ directory, config });
    const log = harness.log;
    await eventually(() => (log.some((line) => /Connected to the Gatehouse sidecar/.test(line)) ? true : undefined), 30000, 'the plugin connected to its sidecar');
    expect(log.join('\n')).to.match(/\[sidecar\].*store: core schema migrated to version 1/);
    // The plugin may connect before the sidecar has printed where it listens.
    const listening = await eventually(() => log.filter((line) => /\[sidecar\].*Gatehouse API listening on/.test(line)).at(-1), 30000, 'the sidecar said where it listens');
    const base = /(http:\/\/127\.0\.0\.1:\d+)\/api/.exec(listening)![1]!;
    expect((await api(base, 'GET', '/api/health')).body).to.deep.include({ status: 'ok', storage: 'postgresql' });

    await harness.request('join', { name: 'Networked' });
    const code = await harness.registrationCode('Networked', 10000);
    const registered = await api(base, 'POST', '/api/auth/register', { body: { code, username: 'networked', email: 'networked@example.com', password: 'password1' } });
    expect(registered.status).to.equal(201);
    const client = await postgres.client();
    try {
      const { rows } = await client.query(`SELECT username, game_username FROM ${prefix}users`);
      expect(rows).to.deep.equal([{ username: 'networked', game_username: 'Networked' }]);
      const logins = await client.query(`SELECT record->>'username' AS username FROM ${prefix}connection_log`);
      expect(
        logins.rows.map((row) => row.username),
        'the join, in the connection log',
      ).to.include('Networked');
    } finally {
      await client.end();
    }
    expect(log.join('\n'), 'the password never in the log').to.not.include(settings.password);
  });
});
