/**
 * The PostgreSQL store's schema at start: created with the table prefix and
 * recorded in `<prefix>schema_versions`; run once when several instances
 * start at once; upgraded when a part brings a new migration, its data kept;
 * refused when the database is newer than the code, or a migration fails
 * (then nothing of it stays); and two prefixes in one database apart.
 */
import { expect } from 'chai';
import { registrationCodesPart } from '../../src/features/accounts/store.js';
import { auditLogPart } from '../../src/features/audit/store.js';
import { connectionLogPart } from '../../src/features/connections/store.js';
import { ledgerPart } from '../../src/features/economy/store.js';
import { messagesPart } from '../../src/features/messages/store.js';
import { positionsPart } from '../../src/features/players/store.js';
import { restartsPart } from '../../src/features/restarts/store.js';
import { settingsPart } from '../../src/features/settings/store.js';
import { teleportLogPart } from '../../src/features/teleports/store.js';
import type { PostgresMigration } from '../../src/store/postgres/access.js';
import { PostgresStore } from '../../src/store/postgres/index.js';
import type { StorePartImplementations } from '../../src/store/part-implementations.js';
import { storePart } from '../../src/store/port.js';
import { implementationsOf } from '../helpers/store-implementations.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

interface Note {
  text: string;
  kind: string;
}

interface NoteStore {
  add(text: string): Promise<void>;
  all(): Promise<Note[]>;
}

const version1: PostgresMigration = {
  version: 1,
  description: 'notes',
  sql: ({ name }) => `CREATE TABLE ${name('notes')} (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, text text NOT NULL);`,
};
const version2: PostgresMigration = {
  version: 2,
  description: 'a kind for each note',
  sql: ({ name }) => `ALTER TABLE ${name('notes')} ADD COLUMN kind text NOT NULL DEFAULT 'plain';`,
};

const noteStorePart = storePart<NoteStore>('notes');

/** A feature's part as a feature declares one, at two versions of its schema. */
function notesPart(migrations: PostgresMigration[]): StorePartImplementations<NoteStore> {
  return {
    part: noteStorePart,
    json: {
      define: () => undefined,
      bind: () => {
        throw new Error('not used with the JSON store here');
      },
    },
    postgres: {
      migrations,
      bind: (access) => ({
        add: async (text) => {
          await access.query(`INSERT INTO ${access.name('notes')} (text) VALUES ($1)`, [text]);
        },
        all: async () => access.query<Note>(`SELECT text, ${migrations.length >= 2 ? 'kind' : `'none' AS kind`} FROM ${access.name('notes')} ORDER BY id`),
      }),
    },
  };
}

/** The parts whose tables the store's core made before each group kept its own. */
const movedFromTheCore = [registrationCodesPart, settingsPart, messagesPart, restartsPart, connectionLogPart, auditLogPart, teleportLogPart];

describe('PostgreSQL store: the schema and its migrations', function () {
  let postgres: ThrowawayPostgres;
  before(async function () {
    postgres = await requirePostgres(this);
  });

  const tablesOf = async (prefix: string) => {
    const client = await postgres.client();
    try {
      const { rows } = await client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE $1 ORDER BY 1`, [
        `${prefix.replace(/_/g, '\\_')}%`,
      ]);
      return rows.map((row) => row.name.slice(prefix.length));
    } finally {
      await client.end();
    }
  };
  const versionsOf = async (prefix: string) => {
    const client = await postgres.client();
    try {
      const { rows } = await client.query<{ component: string; version: number }>(`SELECT component, version FROM ${prefix}schema_versions ORDER BY component, version`);
      return rows.map((row) => `${row.component} ${row.version}`);
    } finally {
      await client.end();
    }
  };

  it('creates every table with the prefix and records each migration', async function () {
    const prefix = uniquePrefix('schema');
    const store = await PostgresStore.open(postgres.settings(prefix), { parts: implementationsOf(ledgerPart, positionsPart, ...movedFromTheCore) });
    await store.close();
    expect(await tablesOf(prefix)).to.deep.equal([
      'audit_log',
      'connection_log',
      'economy_accounts',
      'economy_answers',
      'economy_reversals',
      'keys',
      'ledger',
      'messages',
      'pending_restarts',
      'player_positions',
      'registration_codes',
      'schema_versions',
      'settings',
      'teleport_log',
      'users',
    ]);
    expect(await versionsOf(prefix)).to.deep.equal([
      'auditLog 1',
      'connectionLog 1',
      'core 1',
      'core 2',
      'ledger 1',
      'ledger 2',
      'ledger 3',
      'ledger 4',
      'ledger 5',
      'messages 1',
      'player-positions 1',
      'registrationCodes 1',
      'restarts 1',
      'settings 1',
      'teleportLog 1',
    ]);
  });

  it('keeps the one pending restart of a database the core made at its first version, before restarts were kept by server', async function () {
    const prefix = uniquePrefix('core_first');
    const name = (table: string) => prefix + table;
    const client = await postgres.client();
    try {
      // The tables of the core's first version (commit 9ea22cd and earlier) that this test reads, as that migration made them, recorded as the runner records it.
      await client.query(`
        CREATE TABLE ${name('schema_versions')} (
          component text NOT NULL,
          version integer NOT NULL,
          description text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (component, version)
        );
        INSERT INTO ${name('schema_versions')} (component, version, description)
          VALUES ('core', 1, 'users, registration codes, connection, audit and teleport logs, settings, messages, the pending restart, keys');
        CREATE TABLE ${name('users')} (
          id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
          username text NOT NULL,
          password_hash text NOT NULL,
          email text NOT NULL,
          game_username text NOT NULL,
          game_uuid text NOT NULL,
          created_at timestamptz NOT NULL,
          last_login timestamptz
        );
        CREATE TABLE ${name('restart')} (
          id integer PRIMARY KEY CHECK (id = 1),
          pending json
        );
        INSERT INTO ${name('restart')} (id, pending) VALUES (1, '{"restartAt":"2026-11-01T12:00:00.000Z","reason":"old","requestedBy":"admin","requestedAt":"2026-11-01T11:00:00.000Z","delaySeconds":3600}');
        CREATE TABLE ${name('keys')} (
          name text PRIMARY KEY,
          value text NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
      `);
    } finally {
      await client.end();
    }
    const store = await PostgresStore.open(postgres.settings(prefix), { parts: implementationsOf(restartsPart) });
    try {
      expect(await store.part(restartsPart).load('main')).to.deep.include({ reason: 'old', delaySeconds: 3600 });
    } finally {
      await store.close();
    }
    expect(await tablesOf(prefix)).to.deep.equal(['keys', 'pending_restarts', 'schema_versions', 'users']);
    expect(await versionsOf(prefix)).to.deep.equal(['core 1', 'core 2', 'restarts 1']);
  });

  it('runs each migration once when four instances start at once', async function () {
    const prefix = uniquePrefix('race');
    const logs: string[] = [];
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => PostgresStore.open(postgres.settings(prefix), { parts: implementationsOf(ledgerPart), logInfo: (line) => logs.push(line) })),
    );
    await Promise.all(stores.map((store) => store.close()));
    expect(await versionsOf(prefix)).to.deep.equal(['core 1', 'core 2', 'ledger 1', 'ledger 2', 'ledger 3', 'ledger 4', 'ledger 5']);
    expect(logs.filter((line) => /schema migrated/.test(line))).to.deep.equal([
      'store: core schema migrated to version 1: users and the shared keys',
      'store: core schema migrated to version 2: nothing any more: the pending restarts by server are made by the restarts part',
      'store: ledger schema migrated to version 1: economy accounts, the ledger, reversals, answers to Idempotency-Keys',
      'store: ledger schema migrated to version 2: a posting whose players all have accounts under their names in one call',
      "store: ledger schema migrated to version 3: an Idempotency-Key's lock and its stored answer in one call",
      'store: ledger schema migrated to version 4: postings checked and applied line by line, refusals undone in the call, the balance bound kept; postings made alone together',
      "store: ledger schema migrated to version 5: postings with their Idempotency-Keys' claims and answers, in one statement",
    ]);
  });

  it('upgrades a part whose feature brings a new migration, keeping its data', async function () {
    const prefix = uniquePrefix('upgrade');
    const old = await PostgresStore.open(postgres.settings(prefix), { parts: [notesPart([version1])] });
    await old.part(noteStorePart).add('written by the old version');
    await old.close();
    const upgraded = await PostgresStore.open(postgres.settings(prefix), { parts: [notesPart([version1, version2])] });
    try {
      const notes = upgraded.part(noteStorePart);
      await notes.add('written by the new version');
      expect(await notes.all()).to.deep.equal([
        { text: 'written by the old version', kind: 'plain' },
        { text: 'written by the new version', kind: 'plain' },
      ]);
    } finally {
      await upgraded.close();
    }
    expect(await versionsOf(prefix)).to.deep.equal(['core 1', 'core 2', 'notes 1', 'notes 2']);
  });

  it('refuses to start on a database newer than it knows, changing nothing', async function () {
    const prefix = uniquePrefix('newer');
    await (await PostgresStore.open(postgres.settings(prefix), { parts: [notesPart([version1, version2])] })).close();
    const refusal = await PostgresStore.open(postgres.settings(prefix), { parts: [notesPart([version1])] }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refusal).to.match(/the database's notes schema \(\w+schema_versions\) is at version 2, newer than this Gatehouse knows \(1\): upgrade Gatehouse/);
    expect(await versionsOf(prefix)).to.deep.equal(['core 1', 'core 2', 'notes 1', 'notes 2']);
  });

  it('stops start-up on a failing migration, naming it, and keeps none of it', async function () {
    const prefix = uniquePrefix('broken');
    const broken: PostgresMigration = {
      version: 2,
      description: 'half a change',
      sql: ({ name }) => `CREATE TABLE ${name('half')} (id integer); SELECT no_such_column FROM ${name('notes')};`,
    };
    const refusal = await PostgresStore.open(postgres.settings(prefix), { parts: [notesPart([version1, broken])] }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refusal).to.match(/the notes schema's migration 2 \(half a change\) failed: column "no_such_column" does not exist/);
    expect(await tablesOf(prefix), 'version 1 committed, nothing of version 2')
      .to.include('notes')
      .and.not.include('half');
    expect(await versionsOf(prefix)).to.deep.equal(['core 1', 'core 2', 'notes 1']);
  });

  it('refuses a part that has no PostgreSQL implementation', async function () {
    const jsonOnly: StorePartImplementations<unknown> = { part: storePart('json-only'), json: { define: () => undefined, bind: () => ({}) } };
    const refusal = await PostgresStore.open(postgres.settings(uniquePrefix('jsononly')), { parts: [jsonOnly] }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refusal).to.equal('the store part "json-only" has no PostgreSQL implementation yet: use storage.type json');
  });

  it('keeps two table prefixes in one database apart', async function () {
    const [lobby, survival] = await Promise.all(
      [uniquePrefix('lobby'), uniquePrefix('survival')].map((prefix) => PostgresStore.open(postgres.settings(prefix), { parts: implementationsOf(settingsPart) })),
    );
    try {
      const newUser = (username: string) => ({
        username,
        passwordHash: 'h',
        email: `${username}@example.com`,
        gameUsername: username,
        gameUuid: `uuid-${username}`,
        createdAt: new Date().toISOString(),
      });
      await lobby!.users.create(newUser('Same'));
      await survival!.users.create(newUser('Same'));
      await lobby!.part(settingsPart).save({ serverName: 'lobby' });
      expect(await survival!.part(settingsPart).load()).to.deep.equal({});
      expect(await lobby!.users.count()).to.equal(1);
      expect(await survival!.users.count()).to.equal(1);
    } finally {
      await Promise.all([lobby!.close(), survival!.close()]);
    }
  });

  it('stops start-up with the address named, and never the password, when the database cannot be reached', async function () {
    const settings = { ...postgres.settings(uniquePrefix('unreachable')), port: 1, password: 'do-not-print-me' };
    const refusal = await PostgresStore.open(settings).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refusal).to.match(/^PostgreSQL store at 127\.0\.0\.1:1\/gatehouse: PostgreSQL at 127\.0\.0\.1:1\/gatehouse cannot be used: connect ECONNREFUSED/);
    expect(refusal).to.not.include('do-not-print-me');
    const wrongPassword = await PostgresStore.open({ ...postgres.settings(uniquePrefix('denied')), password: 'wrong-password' }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(wrongPassword).to.match(/password authentication failed for user "gatehouse_test"/);
    expect(wrongPassword).to.not.include('wrong-password');
  });
});
