/**
 * Money moved under an Idempotency-Key on PostgreSQL, as the portal sends
 * every transfer and purchase: the key costs the posting no more than one
 * statement (a transfer's claim, posting and answer are the one statement it
 * is without a key; in a unit of work, the claim), counted at the client
 * library, on a store with the ledger alone (nothing else talks to the
 * database meanwhile).
 */
import { expect } from 'chai';
import pg from 'pg';
import { loadConfig } from '../../src/config/config.js';
import { EconomyService } from '../../src/features/economy/service.js';
import { ledgerPart } from '../../src/features/economy/store.js';
import { PostgresStore } from '../../src/store/postgres/index.js';
import { FakeGame } from '../helpers/fake-game.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';
import { implementationsOf } from '../helpers/store-implementations.js';

const alice = { name: 'Alice', uuid: '00000000-0000-3000-8000-00000000a11c' };
const bob = { name: 'Bob', uuid: '00000000-0000-3000-8000-000000000b0b' };

/** Every statement any client of this process sends while `work` runs. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    sent.push(typeof config === 'string' ? config : (config.text ?? ''));
    return (query as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

describe('money moved under an Idempotency-Key on PostgreSQL', function () {
  let postgres: ThrowawayPostgres;
  let store: PostgresStore;
  let economy: EconomyService;
  before(async function () {
    postgres = await requirePostgres(this);
  });
  beforeEach(async function () {
    store = await PostgresStore.open(postgres.settings(uniquePrefix('keyed')), { parts: implementationsOf(ledgerPart) });
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
    const unkeyed = await statementsOf(() => economy.transfer(alice, bob, 10, undefined));
    const keyed = await statementsOf(() => economy.transfer(alice, bob, 10, undefined, { key: 'user:1:first', fingerprint: 'f' }));
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
    const unkeyed = await statementsOf(() => purchase());
    const keyed = await statementsOf(() => purchase('user:1:bought'));
    expect(keyed, `with a key: ${keyed.join(' | ')}`).to.have.length(unkeyed.length + 1);
  });
});
