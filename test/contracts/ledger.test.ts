/**
 * The ledger store's contract (the economy's store part). Every store
 * implementation runs it: the JSON store, and PostgreSQL (a throwaway
 * server, each test with tables of its own prefix; skipped, saying why,
 * where no server can be started).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { maxCents } from '../../src/features/common/money.js';
import { ledgerPart, PastBoundError, UnopenedAccountError } from '../../src/features/economy/store.js';
import type { LedgerRecord, LedgerStore } from '../../src/features/economy/store.js';
import { InsufficientFundsError } from '../../src/game/errors.js';
import { JsonStore } from '../../src/store/json/index.js';
import type { Store, StorePart } from '../../src/store/port.js';
import { storeImplementations, type StoreFixture } from '../helpers/store-implementations.js';

const implementations = storeImplementations('ledger', [ledgerPart as StorePart<unknown>], { checkpointIntervalMs: 3600_000 });

/**
 * A meeting point for concurrent units of work: each waits there until all
 * `count` arrived, or `ms` passed since the first did. Units that a correct
 * store holds back never arrive, so the first one goes on after `ms`; with a
 * store that let them all through, they all meet and go on together.
 */
function meetingPoint(count: number, ms: number): () => Promise<void> {
  let arrived = 0;
  let release: () => void;
  const met = new Promise<void>((resolve) => (release = resolve));
  return () => {
    arrived += 1;
    if (arrived === 1) setTimeout(() => release(), ms);
    if (arrived === count) release();
    return met;
  };
}

const alice = { name: 'Alice', uuid: '00000000-0000-4000-8000-00000000000a' };
const bob = { name: 'Bob', uuid: '00000000-0000-4000-8000-00000000000b' };
const at = (iso: string) => new Date(iso);

for (const [name, implementation] of Object.entries(implementations)) {
  describe(`ledger store contract: ${name}`, function () {
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

    it('opens an account once, with its starting balance, and finds it by uuid and by name in any case', async function () {
      const opened = await ledger.openAccount(alice, 1000, at('2026-11-01T00:00:00.000Z'));
      expect(opened).to.deep.include({ uuid: alice.uuid, name: 'Alice', cents: 1000, startingCents: 1000 });
      const again = await ledger.openAccount(alice, 5000, at('2026-11-02T00:00:00.000Z'));
      expect(again.cents, 'a second open changes nothing').to.equal(1000);
      expect((await ledger.accountByName('ALICE'))!.no).to.equal(opened.no);
      expect(await ledger.account(bob.uuid)).to.equal(undefined);
    });

    it('posts movements with the balance after each, and refuses one that would go below zero, changing nothing', async function () {
      await ledger.openAccount(alice, 1000, new Date());
      await ledger.openAccount(bob, 0, new Date());
      const posted = await ledger.post(
        [
          { player: alice, amount: -250, type: 'TRANSFER', description: 'to Bob', counterparty: bob },
          { player: bob, amount: 250, type: 'TRANSFER', description: 'from Alice', counterparty: alice },
        ],
        at('2026-11-23T10:00:00.000Z'),
      );
      expect(posted.map((record) => [record.player.name, record.amount, record.balance])).to.deep.equal([
        ['Alice', -250, 750],
        ['Bob', 250, 250],
      ]);
      expect(posted[1]!.id).to.equal(posted[0]!.id + 1);
      const refused = await store
        .transaction(async (tx) => {
          await tx.part(ledgerPart).post([{ player: bob, amount: 100, type: 'ADMIN', description: 'first half' }], new Date());
          await tx.part(ledgerPart).post([{ player: alice, amount: -751, type: 'ADMIN', description: 'too much' }], new Date());
        })
        .catch((error) => error);
      expect(refused).to.be.instanceOf(InsufficientFundsError);
      expect((await ledger.account(alice.uuid))!.cents).to.equal(750);
      expect((await ledger.account(bob.uuid))!.cents, 'the unit wrote nothing').to.equal(250);
      expect((await ledger.history(bob.uuid, { offset: 0, limit: 10 })).total).to.equal(1);
    });

    it('refuses a posting made alone, with nothing of it written: for want of money on a later line, or past the bound', async function () {
      await ledger.openAccount(alice, 1000, new Date());
      await ledger.openAccount(bob, 500, new Date());
      const short = await ledger
        .post(
          [
            { player: alice, amount: 300, type: 'ADMIN', description: 'first line' },
            { player: bob, amount: -501, type: 'ADMIN', description: 'more than Bob has' },
          ],
          new Date(),
        )
        .catch((error) => error);
      expect(short).to.be.instanceOf(InsufficientFundsError).and.include({ playerName: 'Bob', neededCents: 501, balanceCents: 500 });
      const past = await ledger
        .post(
          [
            { player: bob, amount: -100, type: 'ADMIN', description: 'first line' },
            { player: alice, amount: maxCents - 999, type: 'ADMIN', description: 'one cent past the bound' },
          ],
          new Date(),
        )
        .catch((error) => error);
      expect(past)
        .to.be.instanceOf(PastBoundError)
        .and.deep.include({ player: alice, balanceCents: 1000, cents: maxCents - 999 });
      // The same line's balance seen with an earlier line of the posting applied.
      const twice = await ledger
        .post(
          [
            { player: bob, amount: -300, type: 'ADMIN', description: 'first' },
            { player: bob, amount: -300, type: 'ADMIN', description: 'second' },
          ],
          new Date(),
        )
        .catch((error) => error);
      expect(twice).to.be.instanceOf(InsufficientFundsError).and.include({ neededCents: 300, balanceCents: 200 });
      // Three lines or more (a batch of job pay): the third refused puts back the two before it.
      const carol = { name: 'Carol', uuid: '00000000-0000-4000-8000-00000000000c' };
      await ledger.openAccount(carol, 0, new Date());
      const three = (third: number) =>
        ledger.post(
          [
            { player: alice, amount: 10, type: 'REWARD', description: 'one' },
            { player: bob, amount: -20, type: 'ADMIN', description: 'two' },
            { player: carol, amount: third, type: 'ADMIN', description: 'three' },
          ],
          new Date(),
        );
      expect(await three(-1).catch((error) => error))
        .to.be.instanceOf(InsufficientFundsError)
        .and.include({ playerName: 'Carol', neededCents: 1, balanceCents: 0 });
      expect(await three(maxCents + 1).catch((error) => error))
        .to.be.instanceOf(PastBoundError)
        .and.deep.include({ player: carol, balanceCents: 0 });
      const unopened = await ledger
        .post(
          [
            { player: alice, amount: 1, type: 'ADMIN', description: 'a' },
            { player: bob, amount: 1, type: 'ADMIN', description: 'b' },
            { player: { name: 'Nobody', uuid: 'nobody' }, amount: 1, type: 'ADMIN', description: 'c' },
          ],
          new Date(),
        )
        .catch((error) => error);
      expect(unopened)
        .to.be.instanceOf(UnopenedAccountError)
        .and.deep.include({ player: { name: 'Nobody', uuid: 'nobody' } });
      await reopen();
      expect((await ledger.account(alice.uuid))!.cents).to.equal(1000);
      expect((await ledger.account(bob.uuid))!.cents).to.equal(500);
      expect((await ledger.history(alice.uuid, { offset: 0, limit: 10 })).total).to.equal(0);
      expect((await ledger.history(bob.uuid, { offset: 0, limit: 10 })).total).to.equal(0);
      expect((await ledger.account(carol.uuid))!.cents).to.equal(0);
      const posted = await ledger.post(
        [
          { player: alice, amount: 10, type: 'REWARD', description: 'one' },
          { player: bob, amount: -20, type: 'ADMIN', description: 'two' },
          { player: carol, amount: 30, type: 'ADMIN', description: 'three', actor: 'admin' },
        ],
        new Date(),
      );
      expect(posted.map((record) => [record.player.name, record.balance, record.id - posted[0]!.id])).to.deep.equal([
        ['Alice', 1010, 0],
        ['Bob', 480, 1],
        ['Carol', 30, 2],
      ]);
      expect(await ledger.record(posted[2]!.id)).to.deep.equal(posted[2]);
      // The same inside a unit of work: refused whole with the unit, then made.
      const inUnit = (third: number) =>
        store.transaction((tx) =>
          tx.part(ledgerPart).post(
            [
              { player: alice, amount: 1, type: 'REWARD', description: 'one' },
              { player: bob, amount: -1, type: 'ADMIN', description: 'two' },
              { player: carol, amount: third, type: 'ADMIN', description: 'three' },
            ],
            new Date(),
          ),
        );
      expect(await inUnit(-31).catch((error) => error))
        .to.be.instanceOf(InsufficientFundsError)
        .and.include({ playerName: 'Carol', balanceCents: 30 });
      expect((await ledger.account(alice.uuid))!.cents, 'nothing of it').to.equal(1010);
      expect((await inUnit(-30)).map((record) => record.balance)).to.deep.equal([1011, 479, 0]);
      // Vault's lines take the balance the game reports, on either line of a pair.
      const mirrored = await ledger.post(
        [
          { player: bob, amount: -80, type: 'TRANSFER', description: 'to Carol', counterparty: carol, externalBalance: 400 },
          { player: carol, amount: 80, type: 'TRANSFER', description: 'from Bob', counterparty: bob, externalBalance: 111 },
        ],
        new Date(),
      );
      expect(mirrored.map((record) => record.balance)).to.deep.equal([400, 111]);
      expect((await ledger.account(carol.uuid))!.cents).to.equal(111);
      // Down from above the bound (a balance from before it) is allowed; an external balance is not bounded.
      const above = await ledger.post([{ player: alice, amount: 0, type: 'ADMIN', description: 'Vault says', externalBalance: maxCents + 5 }], new Date());
      expect(above[0]!.balance).to.equal(maxCents + 5);
      expect((await ledger.post([{ player: alice, amount: -5, type: 'ADMIN', description: 'down' }], new Date()))[0]!.balance).to.equal(maxCents);
    });

    it('posts every one of many postings made at once among players whose accounts they open, each whole', async function () {
      // Rounds of fresh players: a posting that finds an account missing may see another posting open it meanwhile.
      for (let round = 0; round < 8; round += 1) {
        const players = Array.from({ length: 6 }, (_, index) => ({ name: `Fresh${round}x${index}`, uuid: `00000000-0000-4000-8000-0000000${round}01${index}` }));
        const postings = Array.from({ length: 60 }, (_, index) => {
          const from = players[index % 6]!;
          const to = players[(index % 6) + 1 + (index % 5) < 6 ? (index % 6) + 1 + (index % 5) : (index % 6) - 1]!;
          return [
            { player: from, amount: -1, type: 'TRANSFER' as const, description: `to ${to.name}`, counterparty: to },
            { player: to, amount: 1, type: 'TRANSFER' as const, description: `from ${from.name}`, counterparty: from },
          ];
        });
        const posted = await Promise.all(postings.map((posting) => ledger.openAndPost(posting, 100, new Date())));
        expect(posted.map((records) => records.length)).to.deep.equal(postings.map(() => 2));
        const balances = await Promise.all(players.map(async (player) => (await ledger.account(player.uuid))!.cents));
        expect(balances.reduce((sum, cents) => sum + cents, 0)).to.equal(600);
        expect(new Set(posted.flatMap((records) => records.map((record) => record.id))).size).to.equal(120);
      }
    });

    it('makes or refuses each of many postings made alone at once on its own: refusals write nothing of theirs, the rest is made, no money made or lost', async function () {
      const players = Array.from({ length: 8 }, (_, index) => ({ name: `Mixed${index}`, uuid: `00000000-0000-4000-8000-0000000002${String(index).padStart(2, '0')}` }));
      for (const player of players) await ledger.openAccount(player, 100, new Date());
      // Each player sends 30 times 10 to the next: only 10 of each player's 30 can be paid before the money the previous
      // player sends arrives, and a posting of two lines whose first is refused leaves the second unwritten too.
      const attempts = players.flatMap((from, index) =>
        Array.from({ length: 30 }, (_, attempt) => {
          const to = players[(index + 1) % players.length]!;
          const lines = [
            { player: from, amount: -10, type: 'TRANSFER' as const, description: `to ${to.name}`, counterparty: to },
            { player: to, amount: 10, type: 'TRANSFER' as const, description: `from ${from.name}`, counterparty: from },
          ];
          // Half the postings give before they take: a refused second line puts the first back.
          return attempt % 2 === 0 ? lines : lines.reverse();
        }),
      );
      const outcomes = await Promise.all(
        attempts.map((posting) =>
          ledger.post(posting, new Date()).then(
            (records) => records,
            (error: Error) => error,
          ),
        ),
      );
      const made = outcomes.filter((outcome): outcome is LedgerRecord[] => Array.isArray(outcome));
      const refused = outcomes.filter((outcome) => !Array.isArray(outcome));
      expect(refused.every((error) => error instanceof InsufficientFundsError)).to.equal(true);
      expect(made.length, 'some made').to.be.above(0);
      expect(made.every((records) => records.length === 2 && records[1]!.id === records[0]!.id + 1)).to.equal(true);
      const balances = await Promise.all(players.map(async (player) => (await ledger.account(player.uuid))!.cents));
      expect(
        balances.reduce((sum, cents) => sum + cents, 0),
        'money kept',
      ).to.equal(800);
      expect(balances.every((cents) => cents >= 0)).to.equal(true);
      for (const [index, player] of players.entries()) {
        const history = await ledger.history(player.uuid, { offset: 0, limit: 1000 });
        const sent = made.filter((records) => records.some((record) => record.player.uuid === player.uuid && record.amount < 0)).length;
        const received = made.filter((records) => records.some((record) => record.player.uuid === player.uuid && record.amount > 0)).length;
        expect(history.total, `${player.name}'s records`).to.equal(sent + received);
        expect(balances[index], `${player.name}'s balance`).to.equal(100 - 10 * sent + 10 * received);
      }
    });

    it('posts though the account it opened is renamed before the posting (a join at that moment): it opens it again', async function () {
      await ledger.openAccount({ name: 'OldName', uuid: alice.uuid }, 1000, new Date());
      const open = ledger.openAccount.bind(ledger);
      let renamed = false;
      ledger.openAccount = async (player, startingCents, when) => {
        const opened = await open(player, startingCents, when);
        if (renamed) return opened;
        renamed = true;
        // Another request renames it between this open and the posting.
        await open({ name: 'Joined', uuid: player.uuid }, startingCents, when);
        return opened;
      };
      const posted = await ledger.openAndPost([{ player: alice, amount: -10, type: 'ADMIN', description: 'after a rename' }], 0, new Date());
      expect(renamed).to.equal(true);
      expect(posted.map((record) => [record.player.name, record.balance])).to.deep.equal([['Alice', 990]]);
    });

    it('opens the accounts a posting needs, under its players names, and answers the records as it keeps them', async function () {
      await ledger.openAccount({ name: 'OldName', uuid: alice.uuid }, 1000, at('2026-11-01T00:00:00.000Z'));
      const posted = await ledger.openAndPost(
        [
          { player: alice, amount: -250, type: 'TRANSFER', description: 'to Bob', counterparty: bob },
          { player: bob, amount: 250, type: 'TRANSFER', description: 'from Alice', counterparty: alice },
        ],
        700,
        at('2026-11-23T10:00:00.000Z'),
      );
      expect(posted.map((record) => [record.player.name, record.amount, record.balance])).to.deep.equal([
        ['Alice', -250, 750],
        ['Bob', 250, 950],
      ]);
      expect((await ledger.account(alice.uuid))!.name, 'renamed to the posting name').to.equal('Alice');
      expect(await ledger.record(posted[0]!.id)).to.deep.equal(posted[0]);
      expect(await ledger.record(posted[1]!.id)).to.deep.equal(posted[1]);
      const bought = await ledger.openAndPost([{ player: bob, amount: -50, type: 'PURCHASE', description: 'Bought 2 Bread', item: 'bread', quantity: 2 }], 0, new Date());
      expect(await ledger.record(bought[0]!.id)).to.deep.equal(bought[0]);
      // post opens nothing: a player under a name their account no longer has is refused, nothing written.
      const stale = await ledger
        .post(
          [
            { player: bob, amount: -10, type: 'TRANSFER', description: 'to OldName' },
            { player: { name: 'OldName', uuid: alice.uuid }, amount: 10, type: 'TRANSFER', description: 'from Bob' },
          ],
          new Date(),
        )
        .catch((error) => error);
      expect(stale)
        .to.be.instanceOf(UnopenedAccountError)
        .and.deep.include({ player: { name: 'OldName', uuid: alice.uuid } });
      const nobody = await ledger.post([{ player: { name: 'Nobody', uuid: 'no-such-uuid' }, amount: 10, type: 'ADMIN', description: 'x' }], new Date()).catch((error) => error);
      expect(nobody).to.be.instanceOf(UnopenedAccountError);
      expect((await ledger.account(bob.uuid))!.cents).to.equal(900);
      expect((await ledger.account(alice.uuid))!.name).to.equal('Alice');
    });

    it('pages a history newest first, and keeps records, balances and reversals across a restart', async function () {
      await ledger.openAccount(alice, 0, new Date());
      // Some descriptions of more than one byte a letter: the day files' index counts bytes, not letters.
      const described = (index: number) => (index % 3 === 0 ? `récompense ${index} 🎁` : `reward ${index}`);
      for (let index = 1; index <= 25; index += 1) await ledger.post([{ player: alice, amount: index, type: 'REWARD', description: described(index) }], new Date());
      const first = await ledger.history(alice.uuid, { offset: 0, limit: 10 });
      expect(first.total).to.equal(25);
      expect(first.records.map((record) => record.amount)).to.deep.equal([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
      await ledger.markReversed([3], 26);
      // Half the records reach the day files at a checkpoint, half stay in the journal: both come back.
      if (store instanceof JsonStore) await store.checkpoint();
      for (let index = 26; index <= 30; index += 1) await ledger.post([{ player: alice, amount: index, type: 'REWARD', description: `reward ${index}` }], new Date());
      await reopen();
      const last = await ledger.history(alice.uuid, { offset: 20, limit: 20 });
      expect(last.records.map((record) => record.amount)).to.deep.equal([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      expect(last.records.map((record) => record.description)).to.deep.equal([10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map(described));
      expect((await ledger.record(24))!.description).to.equal('récompense 24 🎁');
      expect((await ledger.account(alice.uuid))!.cents).to.equal((30 * 31) / 2);
      expect(await ledger.reversalOf(3)).to.equal(26);
      expect(await ledger.reversalOf(4)).to.equal(undefined);
      expect((await ledger.record(first.records[0]!.id))!.description).to.equal('reward 25');
      expect((await ledger.post([{ player: alice, amount: 1, type: 'REWARD', description: 'after' }], new Date()))[0]!.id).to.equal(31);
    });

    it('keeps the answers of idempotent requests, and forgets them after their day', async function () {
      await ledger.saveAnswer('user:1:key', { fingerprint: 'f', status: 200, body: [{ id: 1 }], at: '2026-11-22T00:00:00.000Z' });
      await ledger.saveAnswer('user:1:new', { fingerprint: 'g', status: 200, body: [], at: '2026-11-23T12:00:00.000Z' });
      await reopen();
      expect(await ledger.answer('user:1:key')).to.deep.include({ fingerprint: 'f', body: [{ id: 1 }] });
      expect(await ledger.deleteAnswersBefore(at('2026-11-23T00:00:00.000Z'))).to.equal(1);
      expect(await ledger.answer('user:1:key')).to.equal(undefined);
      expect(await ledger.answer('user:1:new')).to.not.equal(undefined);
    });

    it('deletes records of days past retention, keeping balances and the newest day', async function () {
      await ledger.openAccount(alice, 0, new Date());
      for (const day of ['2026-08-01', '2026-08-02', '2026-11-20']) {
        await ledger.post([{ player: alice, amount: 100, type: 'REWARD', description: day }], at(`${day}T12:00:00.000Z`));
        if (store instanceof JsonStore) await store.checkpoint();
      }
      const removed = await ledger.deleteRecordsBefore(at('2026-08-24T00:00:00.000Z'));
      expect(removed).to.equal(2);
      const left = await ledger.history(alice.uuid, { offset: 0, limit: 10 });
      expect(left.records.map((record) => record.description)).to.deep.equal(['2026-11-20']);
      expect(left.total).to.equal(1);
      expect((await ledger.account(alice.uuid))!.cents, 'balances do not depend on old records').to.equal(300);
      if (fixture.directory) expect((await readdir(path.join(fixture.directory, 'economy', 'ledger'))).filter((name) => name.endsWith('.jsonl'))).to.have.length(1);
      await reopen();
      expect((await ledger.history(alice.uuid, { offset: 0, limit: 10 })).records.map((record) => record.description)).to.deep.equal(['2026-11-20']);
    });

    it("opens one account however many open it at once, and gives a renamed player's old name up", async function () {
      const opened = await Promise.all(Array.from({ length: 20 }, () => ledger.openAccount(alice, 1000, new Date())));
      expect(new Set(opened.map((account) => account.no)).size).to.equal(1);
      expect(await ledger.totals()).to.deep.equal({ accounts: 1, cents: 1000 });
      // Another player now goes by Alice: the old account keeps its money under a marked name.
      const newAlice = { name: 'Alice', uuid: '00000000-0000-4000-8000-0000000000aa' };
      await ledger.openAccount(newAlice, 0, new Date());
      expect((await ledger.accountByName('alice'))!.uuid).to.equal(newAlice.uuid);
      expect((await ledger.account(alice.uuid))!.name).to.equal(`Alice~${opened[0]!.no}`);
    });

    it('moves money between the same players both ways at once: every posting whole, no balance below zero, nothing created or lost', async function () {
      this.timeout(30_000);
      const players = [alice, bob, { name: 'Carol', uuid: '00000000-0000-4000-8000-00000000000c' }];
      for (const player of players) await ledger.openAccount(player, 500, new Date());
      let refused = 0;
      const posted = await Promise.all(
        Array.from({ length: 200 }, async (_, index) => {
          const from = players[index % 3]!;
          const to = players[(index + 1 + (index % 2)) % 3]!;
          const amount = 1 + ((index * 37) % 300);
          try {
            return await store.transaction((tx) =>
              tx.part(ledgerPart).post(
                [
                  { player: from, amount: -amount, type: 'TRANSFER', description: 'out', counterparty: to },
                  { player: to, amount, type: 'TRANSFER', description: 'in', counterparty: from },
                ],
                new Date(),
              ),
            );
          } catch (error) {
            expect(error).to.be.instanceOf(InsufficientFundsError);
            refused += 1;
            return [];
          }
        }),
      );
      expect(refused, 'some overdrafts were refused').to.be.greaterThan(0);
      for (const pair of posted.filter((records) => records.length > 0)) {
        expect(pair[1]!.id, 'the two sides of a transfer have consecutive ids').to.equal(pair[0]!.id + 1);
      }
      let total = 0;
      for (const player of players) {
        const account = (await ledger.account(player.uuid))!;
        const { records } = await ledger.history(player.uuid, { offset: 0, limit: 1000 });
        expect(account.cents).to.be.at.least(0);
        expect(account.cents, `${player.name}: the balance is the start plus the records`).to.equal(500 + records.reduce((sum, record) => sum + record.amount, 0));
        expect(records.every((record) => record.balance >= 0)).to.equal(true);
        total += account.cents;
      }
      expect(total).to.equal(1500);
    });

    it('of many units answering one Idempotency-Key at once, one moves the money and the others find its answer', async function () {
      await ledger.openAccount(alice, 0, new Date());
      const checked = meetingPoint(12, 300);
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, () =>
          store.transaction(async (tx) => {
            const part = tx.part(ledgerPart);
            if (await part.answer('user:1:once')) return 'replayed';
            await checked();
            const records = await part.post([{ player: alice, amount: 100, type: 'ADMIN', description: 'once' }], new Date());
            await part.saveAnswer('user:1:once', { fingerprint: 'f', status: 200, body: records, at: new Date().toISOString() });
            return 'moved';
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === 'moved')).to.have.length(1);
      expect((await ledger.account(alice.uuid))!.cents).to.equal(100);
    });

    it('of two reversals of one record at once, one reverses it and the other finds it reversed', async function () {
      await ledger.openAccount(alice, 1000, new Date());
      const [original] = await ledger.post([{ player: alice, amount: -300, type: 'PURCHASE', description: 'bought' }], new Date());
      const checked = meetingPoint(6, 300);
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () =>
          store.transaction(async (tx) => {
            const part = tx.part(ledgerPart);
            if ((await part.reversalOf(original!.id)) !== undefined) return 'already reversed';
            await checked();
            const [reversal] = await part.post([{ player: alice, amount: 300, type: 'ADMIN', description: 'reversal', reverses: original!.id }], new Date());
            await part.markReversed([original!.id], reversal!.id);
            return 'reversed';
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === 'reversed')).to.have.length(1);
      expect((await ledger.account(alice.uuid))!.cents).to.equal(1000);
    });

    it('keeps totals of the accounts and the money in them', async function () {
      await ledger.openAccount(alice, 1000, new Date());
      await ledger.openAccount(bob, 500, new Date());
      await ledger.post([{ player: bob, amount: -200, type: 'ADMIN', description: 'fine' }], new Date());
      expect(await ledger.totals()).to.deep.equal({ accounts: 2, cents: 1300 });
      await reopen();
      expect(await ledger.totals()).to.deep.equal({ accounts: 2, cents: 1300 });
    });

    it("lists every account's player and balance, with the name last seen, across a restart", async function () {
      const listed = async () => [...(await ledger.balances())].map(({ uuid, name, cents }) => ({ uuid, name, cents })).sort((a, b) => (a.uuid < b.uuid ? -1 : 1));
      expect(await listed(), 'no accounts yet').to.deep.equal([]);
      await ledger.openAccount(alice, 1000, new Date());
      await ledger.openAccount(bob, 500, new Date());
      await ledger.post([{ player: bob, amount: -200, type: 'ADMIN', description: 'fine' }], new Date());
      await ledger.openAccount({ name: 'Alicia', uuid: alice.uuid }, 0, new Date());
      const expected = [
        { uuid: alice.uuid, name: 'Alicia', cents: 1000 },
        { uuid: bob.uuid, name: 'Bob', cents: 300 },
      ];
      expect(await listed()).to.deep.equal(expected);
      await reopen();
      expect(await listed()).to.deep.equal(expected);
    });
  });
}
