/**
 * How the PostgreSQL ledger tells why a line of a posting found no account
 * to apply to (`<prefix>ledger_refusal`, ledger migration 4). It is asked
 * after the line's UPDATE failed, in a statement of its own: what it finds
 * may have changed since (another request opened the account), and then it
 * must not invent a refusal for money or the bound.
 */
import { expect } from 'chai';
import type pg from 'pg';
import { maxCents } from '../../src/features/common/money.js';
import { ledgerPart } from '../../src/features/economy/store.js';
import { implementationsOf } from '../helpers/store-implementations.js';
import { PostgresStore } from '../../src/store/postgres/index.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

describe('PostgreSQL ledger: why a line was refused', function () {
  let postgres: ThrowawayPostgres;
  let store: PostgresStore;
  let client: pg.Client;
  let prefix: string;
  before(async function () {
    postgres = await requirePostgres(this);
    prefix = uniquePrefix('refusal');
    store = await PostgresStore.open(postgres.settings(prefix), { parts: implementationsOf(ledgerPart) });
    client = await postgres.client();
    const ledger = store.part(ledgerPart);
    await ledger.openAccount({ name: 'Poor', uuid: 'uuid-poor' }, 100, new Date());
    await ledger.openAccount({ name: 'Rich', uuid: 'uuid-rich' }, maxCents, new Date());
  });
  after(async function () {
    await client?.end();
    await store?.close();
  });

  const refusal = async (uuids: string[], names: string[], amount: number) =>
    (await client.query(`SELECT line, refused, account, balance FROM ${prefix}ledger_refusal(1, $1, $2, $3, $4)`, [uuids, names, amount, maxCents])).rows.map((row) => row.refused);

  it('names want of money and the bound only when the line would meet them; any other line is unopened (to be opened and posted again)', async function () {
    expect(await refusal(['uuid-poor'], ['Poor'], -101), 'more than Poor has').to.deep.equal(['funds']);
    expect(await refusal(['uuid-rich'], ['Rich'], 1), 'past the bound').to.deep.equal(['bound']);
    expect(await refusal(['uuid-nobody'], ['Nobody'], 1), 'no account').to.deep.equal(['unopened']);
    expect(await refusal(['uuid-poor'], ['OldName'], -1), 'another name').to.deep.equal(['unopened']);
    // The account is there now and the line would go through: it was opened after the line failed.
    expect(await refusal(['uuid-poor'], ['Poor'], -50), 'would take money Poor has').to.deep.equal(['unopened']);
    expect(await refusal(['uuid-poor'], ['Poor'], 50), 'would give money within the bound').to.deep.equal(['unopened']);
  });
});
