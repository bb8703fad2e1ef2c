/**
 * The ledger store's contract for postings under an Idempotency-Key
 * (`LedgerStore.postOnce`), as the portal sends every transfer and
 * purchase: the key's answer found, or the posting made and its records
 * kept as the answer, in one write, on every store implementation (the JSON
 * store, and PostgreSQL: a throwaway server, each test with tables of its own
 * prefix; skipped, saying why, where no server can be started).
 */
import { expect } from 'chai';
import { ledgerPart, UnopenedAccountError } from '../../src/features/economy/store.js';
import type { LedgerStore } from '../../src/features/economy/store.js';
import { InsufficientFundsError } from '../../src/game/errors.js';
import type { Store, StorePart } from '../../src/store/port.js';
import { storeImplementations, type StoreFixture } from '../helpers/store-implementations.js';

const implementations = storeImplementations('keyed', [ledgerPart as StorePart<unknown>], { checkpointIntervalMs: 3600_000 });

const alice = { name: 'Alice', uuid: '00000000-0000-4000-8000-00000000000a' };
const bob = { name: 'Bob', uuid: '00000000-0000-4000-8000-00000000000b' };
const at = (iso: string) => new Date(iso);

for (const [name, implementation] of Object.entries(implementations)) {
  describe(`ledger store contract, postings under an Idempotency-Key: ${name}`, function () {
    let fixture: StoreFixture;
    let store: Store;
    let ledger: LedgerStore;
    before(async function () {
      await implementation.prepare?.(this);
    });
    beforeEach(async function () {
      fixture = await implementation.fixture();
      store = await fixture.open();
      ledger = store.part(ledgerPart);
    });
    afterEach(async function () {
      await store.close();
      await fixture.dispose();
    });
    const reopen = async () => {
      store = await fixture.reopen(store);
      ledger = store.part(ledgerPart);
    };

    it('posts under an Idempotency-Key once: the records kept as its answer with them, a repeat answered them and nothing moved', async function () {
      await ledger.openAccount(alice, 1000, new Date());
      const carol = { name: 'Carol', uuid: '00000000-0000-4000-8000-00000000000c' };
      const transfer = [
        { player: alice, amount: -250, type: 'TRANSFER' as const, description: 'Transfer to Carol: rent', counterparty: carol },
        { player: carol, amount: 250, type: 'TRANSFER' as const, description: 'Transfer from Alice: rent', counterparty: alice },
      ];
      const once = { key: 'user:1:rent', fingerprint: 'f1' };
      // Carol has no account yet: opened with 500, as openAndPost would.
      const first = await ledger.postOnce(transfer, at('2026-11-23T10:00:00.123Z'), once, 500);
      if (!('records' in first)) throw new Error('the first posting under the key was not made');
      expect(first.records.map((record) => [record.player.name, record.amount, record.balance])).to.deep.equal([
        ['Alice', -250, 750],
        ['Carol', 250, 750],
      ]);
      expect(await ledger.record(first.records[1]!.id)).to.deep.equal(first.records[1]);
      const kept = await ledger.answer(once.key);
      expect(kept).to.deep.include({ fingerprint: 'f1', status: 200 });
      // The answer is the records as kept, every field, whichever store made it (a replay may come through another instance).
      expect(kept!.body).to.deep.equal(JSON.parse(JSON.stringify(first.records)));
      const again = await ledger.postOnce(transfer, new Date(), once, 500);
      expect(again).to.deep.equal({ kept });
      // Whatever the request: the key has an answer (the caller tells a repeat from another request by the fingerprint).
      expect(await ledger.postOnce([{ player: alice, amount: -1, type: 'ADMIN', description: 'other' }], new Date(), { key: once.key, fingerprint: 'f2' })).to.deep.equal({ kept });
      expect((await ledger.account(alice.uuid))!.cents, 'moved once').to.equal(750);
      // Every optional field of a record, in a posting of one line.
      const bought = await ledger.postOnce(
        [{ player: carol, amount: -75, type: 'ADMIN', description: 'Reversal of 7', item: 'bread', quantity: 3, reverses: 7, actor: 'admin' }],
        at('2026-11-23T11:00:00.000Z'),
        { key: 'user:2:bread', fingerprint: 'f3' },
      );
      if (!('records' in bought)) throw new Error('not made');
      expect((await ledger.answer('user:2:bread'))!.body).to.deep.equal(JSON.parse(JSON.stringify(bought.records)));
      await reopen();
      expect((await ledger.answer(once.key))!.body).to.deep.equal(kept!.body);
    });

    it('keeps no answer for a posting refused under a key, nor for one whose unit of work is undone: the key stays free', async function () {
      await ledger.openAccount(alice, 100, new Date());
      await ledger.openAccount(bob, 0, new Date());
      const pay = (amount: number) => [
        { player: alice, amount: -amount, type: 'TRANSFER' as const, description: 'to Bob', counterparty: bob },
        { player: bob, amount, type: 'TRANSFER' as const, description: 'from Alice', counterparty: alice },
      ];
      const once = { key: 'user:1:pay', fingerprint: 'f' };
      expect(await ledger.postOnce(pay(101), new Date(), once).catch((error) => error)).to.be.instanceOf(InsufficientFundsError);
      expect(await ledger.answer(once.key)).to.equal(undefined);
      const stale = await ledger
        .postOnce([{ player: { name: 'OldName', uuid: alice.uuid }, amount: 1, type: 'ADMIN', description: 'x' }], new Date(), once)
        .catch((error) => error);
      expect(stale, 'without a starting balance, no account is opened').to.be.instanceOf(UnopenedAccountError);
      expect(await ledger.answer(once.key)).to.equal(undefined);
      const undone = await store
        .transaction(async (tx) => {
          await tx.part(ledgerPart).postOnce(pay(10), new Date(), once);
          throw new Error('what followed the posting failed');
        })
        .catch((error) => error);
      expect(undone).to.have.property('message', 'what followed the posting failed');
      expect(await ledger.answer(once.key)).to.equal(undefined);
      expect((await ledger.account(alice.uuid))!.cents).to.equal(100);
      const made = await ledger.postOnce(pay(100), new Date(), once);
      expect('records' in made && made.records.map((record) => record.balance)).to.deep.equal([0, 100]);
    });

    it('of many postings under one Idempotency-Key at once, made alone or in units of work, one moves the money and the others find its answer', async function () {
      await ledger.openAccount(alice, 0, new Date());
      const reward = [{ player: alice, amount: 100, type: 'REWARD' as const, description: 'once' }];
      const once = { key: 'user:1:together', fingerprint: 'f' };
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          index % 3 === 0 ? store.transaction((tx) => tx.part(ledgerPart).postOnce(reward, new Date(), once)) : ledger.postOnce(reward, new Date(), once),
        ),
      );
      const made = outcomes.filter((outcome) => 'records' in outcome);
      expect(made).to.have.length(1);
      const kept = await ledger.answer(once.key);
      expect(outcomes.filter((outcome) => 'kept' in outcome).every((outcome) => JSON.stringify(outcome) === JSON.stringify({ kept }))).to.equal(true);
      expect((await ledger.account(alice.uuid))!.cents).to.equal(100);
    });
  });
}
