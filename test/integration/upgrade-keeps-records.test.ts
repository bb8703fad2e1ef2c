/**
 * A start on data an earlier release wrote keeps every record, on both
 * stores. test/fixtures/before-group-parts holds a data directory (as a
 * kill -9 left it: the files of a checkpoint, and what came after only in
 * the journal) and a pg_dump of a database, both written by commit 9ea22cd,
 * when the store's core still kept the records of the accounts, settings,
 * messages, restarts, audit, teleports and connections groups (its README
 * and write.mjs say how). Today's code is started on each and reads every
 * record back over HTTP: accounts, registration codes, settings changes,
 * the announcement and the direct message, the pending restart, the audit,
 * teleport and connection logs, balances and history, the API key, and the
 * signing key. On PostgreSQL each group's first migration must adopt the
 * tables already there, and leave the database as a fresh one is made.
 */
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Config } from '../../src/config/config.js';
import { FakeGame } from '../helpers/fake-game.js';
import { api, startTestGatehouse, type TestGatehouse, temporaryDirectory } from '../helpers/gatehouse.js';
import { requirePostgres, type ThrowawayPostgres, uniquePrefix } from '../helpers/postgres.js';

const fixture = path.resolve('test/fixtures/before-group-parts');
/** The service token the release was run with: its audit entries name the `service` actor. */
const serviceToken = 'fixture-service-token-0123456789abcdef';
const written = JSON.parse(await readFile(path.join(fixture, 'written.json'), 'utf8')) as Record<'json' | 'postgresql', { keyId: string; keySecret: string }>;

const configured = (config: Config) => {
  config.token = serviceToken;
  // The records are as old as the fixture: no retention may take them before they are read.
  for (const key of Object.keys(config.retention) as Array<keyof Config['retention']>) config.retention[key] = 36_500;
};

interface Started {
  server: TestGatehouse;
  game: FakeGame;
  /** Starts again on the same data (each part's migrations are then recorded: none runs twice). */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

/** A game with nothing to restart: the fixture's restart, overdue by now, stays pending where it can be read. */
function fixtureGame(): FakeGame {
  const game = new FakeGame();
  game.capabilities.messaging = { sendMessage: async () => undefined, broadcast: async () => undefined };
  return game;
}

async function startOn(adjust: (config: Config) => void, dataDirectory: string): Promise<{ server: TestGatehouse; game: FakeGame }> {
  const game = fixtureGame();
  return { server: await startTestGatehouse(adjust, { game, dataDirectory }), game };
}

/**
 * Runs a pg_dump's SQL on a connection of its own (the dump empties its
 * search_path), less its lines for psql (`\restrict`, which guards psql
 * against a hostile server).
 */
async function restore(postgres: ThrowawayPostgres, database: string): Promise<void> {
  const client = await postgres.client(database);
  try {
    const dump = await readFile(path.join(fixture, 'postgres.sql'), 'utf8');
    await client.query(
      dump
        .split('\n')
        .filter((line) => !line.startsWith('\\'))
        .join('\n'),
    );
  } finally {
    await client.end();
  }
}

/** Every table, column, index, constraint, sequence and function of a database, and the migrations it records, in one sorted list. */
async function schemaOf(postgres: ThrowawayPostgres, database: string): Promise<string[]> {
  const client = await postgres.client(database);
  try {
    const queries = [
      `SELECT relkind::text || ' ' || relname AS line FROM pg_class WHERE relnamespace = 'public'::regnamespace`,
      `SELECT concat_ws(' ', table_name, column_name, data_type, is_nullable, column_default, is_identity) AS line FROM information_schema.columns WHERE table_schema = 'public'`,
      `SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public'`,
      `SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS line FROM pg_constraint WHERE connamespace = 'public'::regnamespace`,
      `SELECT pg_get_functiondef(oid) AS line FROM pg_proc WHERE pronamespace = 'public'::regnamespace`,
      `SELECT 'migration ' || component || ' ' || version AS line FROM gatehouse_schema_versions`,
    ];
    const lines: string[] = [];
    for (const sql of queries) lines.push(...(await client.query<{ line: string }>(sql)).rows.map((row) => row.line));
    return lines.sort();
  } finally {
    await client.end();
  }
}

const stores: Record<'json' | 'postgresql', { name: string; start(context: Mocha.Context): Promise<Started> }> = {
  json: {
    name: 'JSON files',
    start: async () => {
      const dataDirectory = await temporaryDirectory('gatehouse-upgrade-');
      await cp(path.join(fixture, 'json'), dataDirectory, { recursive: true });
      const started = { ...(await startOn(configured, dataDirectory)) };
      return Object.assign(started, {
        restart: async () => {
          await started.server.stop();
          Object.assign(started, await startOn(configured, dataDirectory));
        },
        dispose: async () => {
          await started.server.stop();
          await rm(dataDirectory, { recursive: true, force: true });
        },
      });
    },
  },
  postgresql: {
    name: 'PostgreSQL',
    start: async (context) => {
      const postgres = await requirePostgres(context);
      const database = uniquePrefix('release');
      await postgres.createDatabase(database);
      await restore(postgres, database);
      const dataDirectory = await temporaryDirectory('gatehouse-upgrade-');
      // The release's prefix (the default): a fresh database made beside it is then named alike throughout.
      const onDatabase = (name: string) => (config: Config) => {
        configured(config);
        config.storage.type = 'postgresql';
        config.storage.postgresql = { ...postgres.settings('gatehouse_', 5), database: name };
      };
      const started = { ...(await startOn(onDatabase(database), dataDirectory)) };
      return Object.assign(started, {
        restart: async () => {
          await started.server.stop();
          Object.assign(started, await startOn(onDatabase(database), dataDirectory));
          // A fresh database, made by today's migrations alone, must be the same.
          const fresh = uniquePrefix('fresh');
          await postgres.createDatabase(fresh);
          const freshDirectory = await temporaryDirectory('gatehouse-upgrade-fresh-');
          await (await startOn(onDatabase(fresh), freshDirectory)).server.stop();
          await rm(freshDirectory, { recursive: true, force: true });
          const [adopted, made] = [await schemaOf(postgres, database), await schemaOf(postgres, fresh)];
          expect(
            { onlyAdopted: adopted.filter((line) => !made.includes(line)), onlyFresh: made.filter((line) => !adopted.includes(line)) },
            'the adopted schema, as a fresh one',
          ).to.deep.equal({ onlyAdopted: [], onlyFresh: [] });
        },
        dispose: async () => {
          await started.server.stop();
          await rm(dataDirectory, { recursive: true, force: true });
        },
      });
    },
  },
};

for (const [kind, store] of Object.entries(stores) as Array<[keyof typeof stores, (typeof stores)[keyof typeof stores]]>) {
  describe(`a start on records an earlier release wrote keeps them all (${store.name})`, function () {
    this.timeout(60_000);
    let started: Started;
    const admin = (method: string, urlPath: string, body?: unknown) => api(started.server.baseUrl, method, urlPath, { token: serviceToken, body });
    const login = (username: string) => api(started.server.baseUrl, 'POST', '/api/auth/login', { body: { username, password: 'password1' } });

    before(async function () {
      started = await store.start(this);
    });
    after(async function () {
      await started?.dispose();
    });

    it('keeps the web accounts and their passwords (on JSON, one in the files and one in the journal only)', async function () {
      expect((await login('steve')).status).to.equal(200);
      expect((await login('alex')).status).to.equal(200);
      const users = (await admin('GET', '/api/admin/users')).body.users as Array<{ username: string; email: string; gameUsername: string }>;
      expect(users.map(({ username, email, gameUsername }) => ({ username, email, gameUsername })).sort((a, b) => a.username.localeCompare(b.username))).to.deep.equal([
        { username: 'alex', email: 'alex@example.com', gameUsername: 'Alex' },
        { username: 'steve', email: 'steve@example.com', gameUsername: 'Steve' },
      ]);
    });

    it('keeps the registration codes not yet used', async function () {
      for (const [username, code] of [
        ['nora', 'KEEPME23'],
        ['olive', 'KEEPME45'],
      ]) {
        const registered = await api(started.server.baseUrl, 'POST', '/api/auth/register', { body: { username, password: 'password1', email: `${username}@example.com`, code } });
        expect(registered.status, `${username} registers with ${code}: ${JSON.stringify(registered.body)}`).to.equal(201);
      }
    });

    it('keeps the settings changed through the API', async function () {
      const read = (await admin('GET', '/api/admin/settings')).body;
      expect(read.settings).to.deep.include({ serverName: '&bBefore the parts', maxPlayers: 42, difficulty: 'hard' });
      expect([...read.overridden].sort()).to.deep.equal(['difficulty', 'maxPlayers', 'serverName']);
    });

    it('keeps the announcement and the direct message, and gives the next message a new id', async function () {
      const listed = (await admin('GET', '/api/admin/messages')).body.messages as Array<Record<string, unknown>>;
      expect(listed.map(({ id, type, content, expiresAt, recipient, sentBy }) => ({ id, type, content, expiresAt, recipient, sentBy }))).to.deep.equal([
        { id: 2, type: 'DIRECT', content: 'Hello Steve', expiresAt: null, recipient: 'Steve', sentBy: 'service' },
        { id: 1, type: 'ANNOUNCEMENT', content: 'Welcome to the fixture', expiresAt: null, recipient: undefined, sentBy: 'service' },
      ]);
      const made = await admin('POST', '/api/admin/messages', { content: 'After the upgrade' });
      expect(made.status).to.equal(201);
      expect(made.body.announcement.id).to.equal(3);
    });

    it('keeps the pending restart', async function () {
      expect((await admin('GET', '/api/admin/restart')).body.restart).to.deep.include({ reason: 'Fixture restart', requestedBy: 'service', delaySeconds: 86400 });
    });

    it('keeps the audit log', async function () {
      const entries = (await admin('GET', '/api/admin/audit?limit=500')).body.entries as Array<{ actor: string; action: string }>;
      // The release's, the oldest (newer ones are this suite's).
      expect(entries.slice(-8).map(({ actor, action }) => `${actor} ${action}`)).to.deep.equal([
        'service message.send',
        'service settings.update',
        'service economy.adjust',
        'service teleport.coordinates',
        'service keys.create',
        'service restart.schedule',
        'service message.announce',
        'service settings.update',
      ]);
    });

    it('keeps the teleport log', async function () {
      const { teleports } = (await admin('GET', '/api/admin/teleports')).body;
      expect(teleports).to.have.length(1);
      expect(teleports[0]).to.deep.include({ id: 1, requestedBy: 'service', player: 'Steve', from: { world: 'world', x: 10.5, y: 70, z: -3.25 } });
      expect(teleports[0].to).to.deep.include({ world: 'world', x: 100.5, y: 65, z: -20 });
    });

    it('keeps the connection log, and continues its ids', async function () {
      const before = (await admin('GET', '/api/admin/connections')).body.connections as Array<Record<string, unknown>>;
      expect(before.map(({ id, username, action, ipAddress, success, reason }) => ({ id, username, action, ipAddress, success, reason }))).to.deep.equal([
        { id: 3, username: 'Mallory', action: 'LOGIN', ipAddress: '198.51.100.9', success: false, reason: 'You are not white-listed on this server!' },
        { id: 2, username: 'Steve', action: 'LOGOUT', ipAddress: '203.0.113.7', success: true, reason: undefined },
        { id: 1, username: 'Steve', action: 'LOGIN', ipAddress: '203.0.113.7', success: true, reason: undefined },
      ]);
      started.game.events.emit('join', { player: { name: 'Alex', uuid: 'uuid-alex' }, ipAddress: '192.0.2.4' });
      await started.server.gatehouse.services.get('connectionLog').settled();
      const [newest] = (await admin('GET', '/api/admin/connections')).body.connections as Array<{ id: number; username: string }>;
      expect(newest).to.deep.include({ id: 4, username: 'Alex' });
    });

    it('keeps the balances and the history of the ledger', async function () {
      const balance = async (username: string) => (await api(started.server.baseUrl, 'GET', '/api/economy/balance', { token: (await login(username)).body.token })).body.balance;
      expect(await balance('steve')).to.equal(74.5);
      expect(await balance('alex')).to.equal(135.5);
      const history = (await api(started.server.baseUrl, 'GET', '/api/economy/history', { token: (await login('alex')).body.token })).body.transactions as Array<{
        amount: number;
        description: string;
      }>;
      expect(history.map(({ amount, description }) => ({ amount, description }))).to.deep.include.members([
        { amount: 10, description: 'fixture bonus' },
        { amount: 25.5, description: 'Transfer from Steve: fixture transfer' },
      ]);
    });

    it('keeps the API key: its secret still works, its last use is remembered', async function () {
      const { keyId, keySecret } = written[kind];
      expect((await api(started.server.baseUrl, 'GET', '/api/server/stats', { token: keySecret })).status).to.equal(200);
      const key = (await admin('GET', `/api/admin/keys/${keyId}`)).body.key;
      expect(key).to.deep.include({ name: 'dashboard', scopes: ['audit:read', 'server:read'] });
      expect(key.lastUsedAt).to.be.a('string');
    });

    it('keeps the token signing key', async function () {
      const kept = await started.server.gatehouse.store.keys.getOrCreate('jwt-signing', () => {
        throw new Error('the signing key was made anew');
      });
      expect(kept.length).to.be.greaterThan(0);
    });

    it('starts again on what it adopted, with every record still there', async function () {
      await started.restart();
      expect((await login('steve')).status).to.equal(200);
      expect((await admin('GET', '/api/admin/settings')).body.settings).to.deep.include({ serverName: '&bBefore the parts', difficulty: 'hard' });
      expect((await admin('GET', '/api/admin/messages')).body.messages).to.have.length(3);
      expect((await admin('GET', '/api/admin/restart')).body.restart).to.deep.include({ reason: 'Fixture restart' });
      expect((await admin('GET', '/api/admin/connections')).body.connections).to.have.length(4);
      expect((await admin('GET', '/api/admin/teleports')).body.teleports).to.have.length(1);
    });
  });
}
