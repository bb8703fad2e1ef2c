/**
 * Moderation's store part contract: bans, warnings and kicks, their filters
 * (a player by UUID, or by name where a record has none; an address; bans in
 * force, neither lifted nor ended; appeals by status), pages with their
 * total, a lift once, an appeal once, an answer to a pending appeal only,
 * a unit of work undone keeping nothing, and ids going on across a reopen.
 * Every store implementation runs it (see test/helpers/store-implementations.ts).
 */
import { expect } from 'chai';
import { type Appeal, moderationPart, type ModerationStore, type NewModerationRecord } from '../../src/features/moderation/store.js';
import type { Store, StorePart } from '../../src/store/port.js';
import { storeImplementations, type StoreFixture } from '../helpers/store-implementations.js';

const implementations = storeImplementations('moderation', [moderationPart as StorePart<unknown>]);

const alice = { name: 'Alice', uuid: '00000000-0000-4000-8000-00000000000a' };
const at = '2026-11-20T10:00:00.000Z';
const now = new Date('2026-11-20T12:00:00.000Z');
const record = (change: Partial<NewModerationRecord>): NewModerationRecord => ({
  kind: 'ban',
  player: alice,
  address: null,
  reason: 'griefing',
  by: 'chief',
  at,
  expiresAt: null,
  ...change,
});
const appeal: Appeal = { text: 'sorry', by: 'alice', at, status: 'pending', answer: null, answeredBy: null, answeredAt: null };

for (const [name, implementation] of Object.entries(implementations)) {
  describe(`moderation store contract: ${name}`, function () {
    let fixture: StoreFixture;
    let store: Store;
    let records: ModerationStore;
    before(async function () {
      await implementation.prepare?.(this);
    });
    beforeEach(async function () {
      fixture = await implementation.fixture();
      store = await fixture.open();
      records = store.part(moderationPart);
    });
    afterEach(async function () {
      await store.close();
      await fixture.dispose();
    });

    it('finds records by player (UUID, or a name of any case where none was known), address, kind, in force at a moment, and appeal', async function () {
      const lasting = await records.add(record({}));
      const ended = await records.add(record({ expiresAt: '2026-11-20T11:00:00.000Z' }));
      const lifted = await records.add(record({}));
      await records.lift(lifted.id, { at, by: 'chief', reason: 'served' });
      const nameOnly = await records.add(record({ kind: 'warning', player: { name: 'bob', uuid: '' } }));
      const address = await records.add(record({ player: null, address: '203.0.113.9' }));
      const kick = await records.add(record({ kind: 'kick' }));
      const ids = async (filter: Parameters<ModerationStore['list']>[0]) => (await records.list(filter, 100, 0)).records.map((found) => found.id);

      expect(await ids({})).to.deep.equal([kick.id, address.id, nameOnly.id, lifted.id, ended.id, lasting.id]);
      expect(await ids({ player: { name: 'ALICE', uuid: alice.uuid } })).to.deep.equal([kick.id, lifted.id, ended.id, lasting.id]);
      expect(await ids({ player: { name: 'Bob', uuid: '00000000-0000-4000-8000-00000000000b' } })).to.deep.equal([nameOnly.id]);
      expect(await ids({ address: '203.0.113.9' })).to.deep.equal([address.id]);
      expect(await ids({ kind: 'ban', inForceAt: now })).to.deep.equal([address.id, lasting.id]);
      expect(await ids({ kind: 'ban', inForceAt: new Date('2026-11-20T10:30:00.000Z'), player: alice })).to.deep.equal([ended.id, lasting.id]);
      await records.appeal(lasting.id, appeal);
      expect(await ids({ appeal: 'pending' })).to.deep.equal([lasting.id]);
      const page = await records.list({}, 2, 2);
      expect(page.records.map((found) => found.id)).to.deep.equal([nameOnly.id, lifted.id]);
      expect(page.total).to.equal(6);
      expect(await records.list({}, 2, 50)).to.deep.equal({ records: [], total: 6 });
    });

    it("answers a player's newest ban in force at a moment, alone, many asked at once, and inside a unit of work", async function () {
      const bob = { name: 'Bob', uuid: '00000000-0000-4000-8000-00000000000b' };
      const carol = { name: 'Carol', uuid: '' };
      const older = await records.add(record({}));
      const newer = await records.add(record({ expiresAt: '2026-11-20T11:00:00.000Z' }));
      await records.add(record({ kind: 'warning' }));
      const lifted = await records.add(record({ player: bob }));
      await records.lift(lifted.id, { at, by: 'chief', reason: 'served' });
      const byName = await records.add(record({ player: { name: 'carol', uuid: '' } }));
      await records.add(record({ player: null, address: '203.0.113.9' }));
      const idOf = (found: { id: number } | null) => found?.id ?? null;

      expect(idOf(await records.banInForce(alice, new Date('2026-11-20T10:30:00.000Z'))), 'the newest of two in force').to.equal(newer.id);
      expect(idOf(await records.banInForce({ name: 'ALICE', uuid: alice.uuid }, now)), 'the newer one ended').to.equal(older.id);
      // Asked together (as requests at the same moment are on PostgreSQL), each caller gets its own answer.
      const together = await Promise.all([
        records.banInForce(alice, now),
        records.banInForce(bob, now),
        records.banInForce({ name: 'CAROL', uuid: '00000000-0000-4000-8000-00000000000c' }, now),
        records.banInForce(carol, now),
        records.banInForce({ name: 'Dave', uuid: '' }, now),
        records.banInForce(alice, new Date('2026-11-20T10:30:00.000Z')),
      ]);
      expect(together.map(idOf)).to.deep.equal([older.id, null, byName.id, byName.id, null, newer.id]);
      expect(together[0]).to.deep.equal({ ...record({}), id: older.id, lifted: null, appeal: null });
      await store.transaction(async (tx) => {
        const inUnit = tx.part(moderationPart);
        const ban = await inUnit.add(record({ player: bob }));
        expect(idOf(await inUnit.banInForce(bob, now)), 'a ban made in the unit').to.equal(ban.id);
      });
      expect(idOf(await records.banInForce(bob, now))).to.be.a('number');
    });

    it('lifts a ban once, takes one appeal a ban, answers only a pending appeal', async function () {
      const ban = await records.add(record({}));
      const warning = await records.add(record({ kind: 'warning' }));
      expect(await records.lift(warning.id, { at, by: 'chief', reason: 'x' }), 'not a ban').to.equal(null);
      expect(await records.appeal(warning.id, appeal), 'not a ban').to.equal(null);
      expect(await records.answer(ban.id, { status: 'accepted', answer: 'no appeal', answeredBy: 'chief', answeredAt: at }), 'no appeal yet').to.equal(null);
      expect((await records.appeal(ban.id, appeal))?.appeal).to.deep.equal(appeal);
      expect(await records.appeal(ban.id, { ...appeal, text: 'again' }), 'once').to.equal(null);
      const answered = await records.answer(ban.id, { status: 'rejected', answer: 'no', answeredBy: 'chief', answeredAt: now.toISOString() });
      expect(answered?.appeal).to.deep.equal({ ...appeal, status: 'rejected', answer: 'no', answeredBy: 'chief', answeredAt: now.toISOString() });
      expect(await records.answer(ban.id, { status: 'accepted', answer: 'yes', answeredBy: 'chief', answeredAt: at }), 'answered already').to.equal(null);
      expect((await records.lift(ban.id, { at, by: 'chief', reason: 'served' }))?.lifted).to.deep.equal({ at, by: 'chief', reason: 'served' });
      expect(await records.lift(ban.id, { at, by: 'chief', reason: 'twice' }), 'once').to.equal(null);
      expect(await records.get(ban.id)).to.deep.include({ lifted: { at, by: 'chief', reason: 'served' } });
      expect(await records.get(9999)).to.equal(null);
    });

    it('keeps nothing of a unit of work undone, and its records and next ids across a reopen', async function () {
      const first = await records.add(record({ expiresAt: '2026-12-01T00:00:00.000Z' }));
      await store
        .transaction(async (tx) => {
          await tx.part(moderationPart).lift(first.id, { at, by: 'chief', reason: 'undone' });
          await tx.part(moderationPart).add(record({ kind: 'warning' }));
          throw new Error('undo');
        })
        .catch(() => undefined);
      expect((await records.get(first.id))?.lifted).to.equal(null);
      store = await fixture.reopen(store);
      records = store.part(moderationPart);
      expect(await records.get(first.id)).to.deep.equal({ ...record({ expiresAt: '2026-12-01T00:00:00.000Z' }), id: first.id, lifted: null, appeal: null });
      const next = await records.add(record({ kind: 'kick' }));
      expect(next.id).to.be.above(first.id);
      expect((await records.list({}, 10, 0)).total).to.equal(2);
    });
  });
}
