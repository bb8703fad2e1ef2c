/**
 * Money moved under an Idempotency-Key on PostgreSQL, as the portal sends
 * every transfer and purchase: the key costs the posting no more than one
 * statement (a transfer's claim, posting and answer are the one statement it
 * is without a key; in a unit of work, the claim), counted at the client
 * library, on a store with the ledger alone (nothing else talks to the
 * database meanwhile).
 */
import { expect } from 'chai';
import { loadConfig } from '../../src/config/config.js';
import { EconomyService } from '../../src/features/economy/service.js';
import { ledgerPart } from '../../src/features/economy/store.js';
import { PostgresStore } from '../../src/store/postgres/index.js';
import { FakeGame } from '../helpers/fake-game.js';
import { requirePostgres, statementsOf, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';
import { implementationsOf } from '../helpers/store-implementations.js';

const alice = { name: 'Alice', uuid: '00000000-0000-3000-8000-00000000a11c' };
const bob = { name: 'Bob', uuid: '00000000-0000-3000-8000-000000000b0b' };

/** Every statement any client of this process sends while `work` runs. */
const statementsSentBy = async (work: () => Promise<unknown>) => (await statementsOf(work)).sent;

describe('money moved under an Idempotency-Key on PostgreSQL', function () {
  let postgres: ThrowawayPostgres;
  let store: PostgresStore;
  let economy: EconomyService;
  let tablePrefix: string;
  before(async function () {
    postgres = await requirePostgres(this);
  });
  beforeEach(async function () {
    const database = postgres.settings(uniquePrefix('keyed'));
    tablePrefix = database.tablePrefix;
    store = await PostgresStore.open(database, { parts: implementationsOf(ledgerPart) });
    const settings = (await loadConfig({}, '/nonexistent')).settings;
    settings.economy.startingBalance = 1000;
    economy = new EconomyService(store, ledgerPart, new FakeGame(), () => settings, { provider: 'builtin', largeAdjustmentCents: 1e12, vault: { logError: () => undefined } });
    // The accounts opened, so what is counted is the posting alone.
    await economy.transfer(alice, bob, 1, undefined);
  });
  afterEach(async function () {
    await store.close();
  });

  it('sends a transfer with a key in as many statements as one without: one', async function () {
    const unkeyed = await statementsSentBy(() => economy.transfer(alice, bob, 10, undefined));
    const keyed = await statementsSentBy(() => economy.transfer(alice, bob, 10, undefined, { key: 'user:1:first', fingerprint: 'f' }));
    expect(unkeyed, 'without a key').to.have.length(1);
    expect(keyed, `with a key: ${keyed.join(' | ')}`).to.have.length(unkeyed.length);
  });

  it('adds one statement to a movement made in a unit of work (a purchase): the claim of its key', async function () {
    // Planned in the unit, as a purchase prices from the stock there, with something recorded after.
    const purchase = (key?: string) =>
      economy.move(
        {
          plan: async () => [{ player: alice, amount: -5, type: 'PURCHASE' as const, description: 'Bought 1 Stone', item: 'stone', quantity: 1 }],
          record: async () => undefined,
        },
        key ? { key, fingerprint: 'f' } : undefined,
      );
    const unkeyed = await statementsSentBy(() => purchase());
    const keyed = await statementsSentBy(() => purchase('user:1:bought'));
    expect(keyed, `with a key: ${keyed.join(' | ')}`).to.have.length(unkeyed.length + 1);
  });

  it("keeps a keyed transfer's answer as its records' ids, not the records again: the answer's body a few bytes", async function () {
    await economy.transfer(alice, bob, 10, 'rent', { key: 'user:1:small', fingerprint: 'f'.repeat(64) });
    const client = await postgres.client();
    try {
      const { rows } = await client.query<{ bytes: number }>(`SELECT pg_column_size(body) AS bytes FROM ${tablePrefix}economy_answers WHERE key = $1`, ['user:1:small']);
      // Every keyed transfer and purchase keeps an answer for a day, written to the WAL with the posting.
      expect(rows[0]!.bytes, 'bytes of the answer kept').to.be.at.most(64);
    } finally {
      await client.end();
    }
  });

  it('answers a repeat with the first answer, moving nothing, and refuses the key with another request', async function () {
    const once = { key: 'user:1:repeat', fingerprint: 'transfer 10 to Bob' };
    const first = await economy.transfer(alice, bob, 10, 'rent', once);
    const repeats = await Promise.all(Array.from({ length: 5 }, () => economy.transfer(alice, bob, 10, 'rent', once)));
    expect(first.replayed).to.equal(false);
    for (const repeat of repeats) expect(repeat).to.deep.equal({ ...first, replayed: true });
    const other = await economy.transfer(alice, bob, 20, undefined, { key: once.key, fingerprint: 'transfer 20 to Bob' }).catch((error) => error);
    expect(other).to.include({ status: 409, code: 'idempotency_key_reused' });
    expect((await store.part(ledgerPart).account(alice.uuid))!.cents, 'in cents: 1,000.00 less 0.01 and 0.10').to.equal(100_000 - 1 - 10);
  });
});

describe('money moved under an Idempotency-Key on PostgreSQL, through a crash of the database', function () {
  let postgres: ThrowawayPostgres;
  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this, { own: true });
  });
  after(async function () {
    await postgres?.dispose();
  });

  it("commits each key's answer with its posting or neither: every key sent again after the restart has moved money exactly once", async function () {
    this.timeout(120_000);
    const settings = postgres.settings(uniquePrefix('keyedcrash'), 10);
    const economyOver = async (opened: PostgresStore) => {
      const config = (await loadConfig({}, '/nonexistent')).settings;
      config.economy.startingBalance = 1_000_000;
      return new EconomyService(opened, ledgerPart, new FakeGame(), () => config, { provider: 'builtin', largeAdjustmentCents: 1e12, vault: { logError: () => undefined } });
    };
    let store = await PostgresStore.open(settings, { parts: implementationsOf(ledgerPart) });
    let economy = await economyOver(store);
    await economy.transfer(alice, bob, 1, undefined);
    // Each transfer names its key in its note, so its records can be found.
    const send = (service: EconomyService, no: number) => service.transfer(alice, bob, 1, `k${no}`, { key: `user:1:k${no}`, fingerprint: `k${no}` });
    const acknowledged = new Set<number>();
    let next = 0;
    let stopping = false;
    const clients = Array.from({ length: 16 }, async () => {
      while (!stopping) {
        const no = next++;
        await send(economy, no).then(
          () => acknowledged.add(no),
          () => undefined,
        );
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await postgres.stopServer('immediate');
    stopping = true;
    await Promise.all(clients);
    await store.close().catch(() => undefined);
    await postgres.startServer();
    store = await PostgresStore.open(settings, { parts: implementationsOf(ledgerPart) });
    economy = await economyOver(store);
    const client = await postgres.client();
    try {
      const answered = new Set((await client.query<{ key: string }>(`SELECT key FROM ${settings.tablePrefix}economy_answers`)).rows.map((row) => row.key));
      const posted = (await client.query<{ description: string }>(`SELECT description FROM ${settings.tablePrefix}ledger WHERE player_name = 'Alice' AND description LIKE '%: k%'`))
        .rows;
      const postedKeys = new Set(posted.map((row) => `user:1:${row.description.split(': ')[1]}`));
      expect(acknowledged.size, 'transfers were acknowledged before the crash').to.be.greaterThan(20);
      expect(
        [...acknowledged].filter((no) => !answered.has(`user:1:k${no}`)),
        'acknowledged without an answer',
      ).to.deep.equal([]);
      expect(
        [...postedKeys].filter((key) => !answered.has(key)),
        'posted without an answer',
      ).to.deep.equal([]);
      expect(
        [...answered].filter((key) => !postedKeys.has(key)),
        'answered without a posting',
      ).to.deep.equal([]);
    } finally {
      await client.end();
    }
    // Every request sent again, as a client whose answer was lost would: each key's money moved once.
    for (let no = 0; no < next; no += 1) await send(economy, no);
    const balance = (await store.part(ledgerPart).account(alice.uuid))!.cents;
    await store.close();
    expect(balance, 'in cents').to.equal(100_000_000 - 1 - next);
  });
});
