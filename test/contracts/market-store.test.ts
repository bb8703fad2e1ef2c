/**
 * The shop's store part contract: the market, offer counts, daily sales,
 * deliveries and sales under way. Every store implementation runs it (see
 * test/helpers/store-implementations.ts).
 */
import { expect } from 'chai';
import { marketPart } from '../../src/features/shop/store.js';
import type { DeliveryRecord, MarketStore } from '../../src/features/shop/store.js';
import type { Store, StorePart } from '../../src/store/port.js';
import { storeImplementations, type StoreFixture } from '../helpers/store-implementations.js';

const implementations = storeImplementations('market', [marketPart as StorePart<unknown>], { checkpointIntervalMs: 3600_000 });

const alice = { name: 'Alice', uuid: '00000000-0000-4000-8000-00000000000a' };
const bob = { name: 'Bob', uuid: '00000000-0000-4000-8000-00000000000b' };

function newDelivery(player = alice, transactionId = 1, at = '2026-11-20T10:00:00.000Z'): Omit<DeliveryRecord, 'id'> {
  return { player, item: 'diamond', quantity: 5, given: 0, state: 'pending', transactionId, createdAt: at, updatedAt: at, attempt: null, attempts: 0 };
}

for (const [name, implementation] of Object.entries(implementations)) {
  describe(`market store contract: ${name}`, function () {
    let fixture: StoreFixture;
    let store: Store;
    let market: MarketStore;
    before(async function () {
      await implementation.prepare?.(this);
    });
    beforeEach(async function () {
      fixture = await implementation.fixture();
      store = await fixture.open();
      market = store.part(marketPart);
    });
    afterEach(async function () {
      await store.close();
      await fixture.dispose();
    });
    const reopen = async () => {
      store = await fixture.reopen(store);
      market = store.part(marketPart);
    };

    it('keeps item states with their samples, across a reopen', async function () {
      expect(await market.item('diamond')).to.equal(undefined);
      await market.saveItem({ item: 'diamond', stock: 20, updatedAt: '2026-11-20T10:00:00.000Z', samples: [{ at: '2026-11-20T10:00:00.000Z', cents: 10_000 }] });
      await market.saveItem({ item: 'coal', stock: 0, updatedAt: '2026-11-20T10:00:00.000Z', samples: [] });
      await market.saveItem({
        item: 'diamond',
        stock: 19,
        updatedAt: '2026-11-20T11:00:00.000Z',
        samples: [
          { at: '2026-11-20T10:00:00.000Z', cents: 10_000 },
          { at: '2026-11-20T11:00:00.000Z', cents: 10_513 },
        ],
        driftedAt: '2026-11-20T10:50:00.000Z',
      });
      await reopen();
      expect(await market.item('diamond')).to.deep.equal({
        item: 'diamond',
        stock: 19,
        updatedAt: '2026-11-20T11:00:00.000Z',
        samples: [
          { at: '2026-11-20T10:00:00.000Z', cents: 10_000 },
          { at: '2026-11-20T11:00:00.000Z', cents: 10_513 },
        ],
        driftedAt: '2026-11-20T10:50:00.000Z',
      });
      expect((await market.items()).map((state) => state.item).sort()).to.deep.equal(['coal', 'diamond']);
    });

    it('counts weekly offers per week, player and item, and sales per day and player', async function () {
      await market.addWeeklyBought('2026-W47', alice.uuid, 'diamond', 2);
      await market.addWeeklyBought('2026-W47', alice.uuid, 'diamond', 1);
      await market.addWeeklyBought('2026-W47', alice.uuid, 'coal', 4);
      await market.addWeeklyBought('2026-W47', bob.uuid, 'diamond', 5);
      await market.addWeeklyBought('2026-W48', alice.uuid, 'diamond', 1);
      await market.addSoldToday('2026-11-20', alice.uuid, 150);
      await market.addSoldToday('2026-11-20', alice.uuid, 50);
      await reopen();
      expect(await market.weeklyBought('2026-W47', alice.uuid, 'diamond')).to.equal(3);
      expect(await market.weeklyBought('2026-W47', alice.uuid, 'emerald')).to.equal(0);
      expect([...(await market.weeklyBoughtBy('2026-W47', alice.uuid))].sort()).to.deep.equal([
        ['coal', 4],
        ['diamond', 3],
      ]);
      expect(await market.soldToday('2026-11-20', alice.uuid)).to.equal(200);
      expect(await market.soldToday('2026-11-21', alice.uuid)).to.equal(0);
    });

    it('numbers deliveries, finds them by id and by transaction, lists pending ones by player, and pages a player’s', async function () {
      const first = await market.createDelivery(newDelivery(alice, 11));
      const second = await market.createDelivery(newDelivery(bob, 12));
      const third = await market.createDelivery(newDelivery(alice, 13));
      expect([first.id, second.id, third.id]).to.deep.equal([1, 2, 3]);
      await market.saveDelivery({ ...first, given: 5, state: 'delivered', updatedAt: '2026-11-20T10:05:00.000Z' });
      await market.saveDelivery({ ...third, attempt: { operationId: 'delivery-3-1', count: 5, startedAt: '2026-11-20T10:06:00.000Z' }, attempts: 1 });
      await reopen();
      expect(await market.deliveryOfTransaction(13)).to.deep.include({
        id: 3,
        attempts: 1,
        attempt: { operationId: 'delivery-3-1', count: 5, startedAt: '2026-11-20T10:06:00.000Z' },
      });
      expect((await market.pendingDeliveries(alice.uuid)).map((delivery) => delivery.id)).to.deep.equal([3]);
      expect((await market.pendingDeliveries()).map((delivery) => delivery.id)).to.deep.equal([2, 3]);
      const page = await market.deliveriesOf(alice.uuid, 1, 1);
      expect(page.total).to.equal(2);
      expect(page.deliveries.map((delivery) => delivery.id)).to.deep.equal([3]);
      expect((await market.deliveriesOf(alice.uuid, 1, 10, 'delivered')).deliveries.map((delivery) => delivery.id)).to.deep.equal([1]);
      expect(await market.delivery(99)).to.equal(undefined);
      // A new delivery after a reopen keeps counting.
      expect((await market.createDelivery(newDelivery(bob, 14))).id).to.equal(4);
    });

    it('writes a delivery and its purchase’s other changes all or nothing, in a unit of work', async function () {
      await store
        .transaction(async (tx) => {
          await tx.part(marketPart).createDelivery(newDelivery(alice, 21));
          await tx.part(marketPart).saveItem({ item: 'diamond', stock: 1, updatedAt: '2026-11-20T10:00:00.000Z', samples: [] });
          throw new Error('the charge failed');
        })
        .catch(() => undefined);
      expect(await market.deliveryOfTransaction(21)).to.equal(undefined);
      expect(await market.item('diamond')).to.equal(undefined);
      expect(await market.pendingDeliveries(alice.uuid)).to.deep.equal([]);
      const seen = await store.transaction(async (tx) => {
        const created = await tx.part(marketPart).createDelivery(newDelivery(alice, 22));
        return (await tx.part(marketPart).delivery(created.id))?.transactionId;
      });
      expect(seen, 'a unit sees its own writes').to.equal(22);
    });

    it("starts a delivery's attempt only when none is under way, and writes its outcome once; keeps the server it was asked on", async function () {
      const created = await market.createDelivery(newDelivery(alice, 41));
      const attempt = { operationId: 'delivery-ab12-1-1', count: 5, startedAt: '2026-11-20T10:01:00.000Z', server: 'survival' };
      const started = await market.startDeliveryAttempt(created.id, 0, attempt, '2026-11-20T10:01:00.000Z');
      expect(started).to.deep.include({ attempt, attempts: 1, updatedAt: '2026-11-20T10:01:00.000Z' });
      expect(await market.startDeliveryAttempt(created.id, 0, { ...attempt, server: 'creative' }, '2026-11-20T10:01:01.000Z'), 'one under way').to.equal(undefined);
      await reopen();
      expect((await market.delivery(created.id))!.attempt, 'the server kept').to.deep.equal(attempt);
      expect(await market.settleDeliveryAttempt(created.id, 'delivery-ab12-1-0', 5, '2026-11-20T10:02:00.000Z'), 'another attempt').to.equal(undefined);
      const settled = await market.settleDeliveryAttempt(created.id, attempt.operationId, 3, '2026-11-20T10:02:00.000Z');
      expect(settled).to.deep.include({ given: 3, state: 'pending', attempt: null, attempts: 1 });
      expect(await market.settleDeliveryAttempt(created.id, attempt.operationId, 3, '2026-11-20T10:02:01.000Z'), 'counted once').to.equal(undefined);
      expect(await market.startDeliveryAttempt(created.id, 0, attempt, '2026-11-20T10:03:00.000Z'), 'an attempt number already used').to.equal(undefined);
      const second = { operationId: 'delivery-ab12-1-2', count: 2, startedAt: '2026-11-20T10:03:00.000Z', server: 'creative' };
      expect(await market.startDeliveryAttempt(created.id, 1, second, '2026-11-20T10:03:00.000Z')).to.deep.include({ attempt: second, attempts: 2 });
      expect(await market.settleDeliveryAttempt(created.id, second.operationId, 2, '2026-11-20T10:04:00.000Z')).to.deep.include({ given: 5, state: 'delivered', attempt: null });
      expect(await market.startDeliveryAttempt(created.id, 2, second, '2026-11-20T10:05:00.000Z'), 'delivered').to.equal(undefined);
      // A sale's attempt keeps its server too; deleting it says whether it was still there.
      const sale = await market.createSale({
        player: bob,
        item: 'coal',
        quantity: 4,
        attempt: { operationId: 'sale-ab12-x', count: 4, startedAt: '2026-11-20T10:00:00.000Z', server: 'creative' },
        createdAt: '2026-11-20T10:00:00.000Z',
      });
      await reopen();
      expect((await market.salesUnderWay())[0]!.attempt.server).to.equal('creative');
      expect(await market.deleteSale(sale.id)).to.equal(true);
      expect(await market.deleteSale(sale.id)).to.equal(false);
    });

    it('keeps sales under way until they are paid, and deletes old records for retention', async function () {
      const sale = await market.createSale({
        player: alice,
        item: 'coal',
        quantity: 10,
        attempt: { operationId: 'sale-x', count: 10, startedAt: '2026-11-20T10:00:00.000Z' },
        createdAt: '2026-11-20T10:00:00.000Z',
      });
      await reopen();
      expect(await market.salesUnderWay()).to.deep.equal([sale]);
      await market.deleteSale(sale.id);
      expect(await market.salesUnderWay()).to.deep.equal([]);

      const old = await market.createDelivery(newDelivery(alice, 31, '2026-08-01T10:00:00.000Z'));
      await market.saveDelivery({ ...old, state: 'delivered', given: 5 });
      const oldPending = await market.createDelivery(newDelivery(bob, 32, '2026-08-01T10:00:00.000Z'));
      await market.addWeeklyBought('2026-W30', alice.uuid, 'diamond', 1);
      await market.addWeeklyBought('2026-W47', alice.uuid, 'diamond', 1);
      await market.addSoldToday('2026-08-01', alice.uuid, 10);
      await market.addSoldToday('2026-11-20', alice.uuid, 10);
      expect(await market.deleteBefore(new Date('2026-11-01T00:00:00.000Z'))).to.equal(3);
      expect(await market.delivery(old.id)).to.equal(undefined);
      expect(await market.delivery(oldPending.id), 'a pending delivery is never deleted').to.not.equal(undefined);
      expect(await market.weeklyBought('2026-W47', alice.uuid, 'diamond')).to.equal(1);
      expect(await market.soldToday('2026-11-20', alice.uuid)).to.equal(10);
    });
  });
}
