/**
 * The jobs' store part contract: players' jobs, placed blocks and owed
 * payouts. Every store implementation runs it (see
 * test/helpers/store-implementations.ts).
 */
import { expect } from 'chai';
import { freshRecord, jobsPart, type JobsStore, type OwedPayout, type PlayerJobs } from '../../src/features/jobs/store.js';
import type { Store, StorePart } from '../../src/store/port.js';
import { storeImplementations, type StoreFixture } from '../helpers/store-implementations.js';

const implementations = storeImplementations('jobs', [jobsPart as StorePart<unknown>]);

function miner(uuid: string, name: string, experience: number): PlayerJobs {
  return { uuid, name, jobs: { miner: { ...freshRecord(), joined: true, joinedAt: '2026-11-20T10:00:00.000Z', experience, earned: { day: '2026-11-20', units: 1234 } } } };
}

const owed = (id: string, cents: number): OwedPayout => ({
  id,
  player: { name: 'Alice', uuid: 'uuid-a' },
  cents,
  description: 'Jobs: Miner (3 actions)',
  countedAt: '2026-11-20T10:00:05.000Z',
});

for (const [name, implementation] of Object.entries(implementations)) {
  describe(`jobs store contract: ${name}`, function () {
    let fixture: StoreFixture;
    let store: Store;
    let jobs: JobsStore;
    before(async function () {
      await implementation.prepare?.(this);
    });
    beforeEach(async function () {
      fixture = await implementation.fixture();
      store = await fixture.open();
      jobs = store.part(jobsPart);
    });
    afterEach(async function () {
      await store.close();
      await fixture.dispose();
    });
    const reopen = async () => {
      store = await fixture.reopen(store);
      jobs = store.part(jobsPart);
    };

    it("keeps players' jobs, replaced whole, across a reopen", async function () {
      expect(await jobs.player('uuid-a')).to.equal(undefined);
      await jobs.save([miner('uuid-a', 'Alice', 10), miner('uuid-b', 'Bob', 20)]);
      await jobs.save([{ ...miner('uuid-a', 'Alicia', 15), jobs: { ...miner('uuid-a', 'Alicia', 15).jobs, digger: freshRecord() } }]);
      await jobs.save([]);
      await reopen();
      expect(await jobs.player('uuid-a')).to.deep.equal({ uuid: 'uuid-a', name: 'Alicia', jobs: { ...miner('uuid-a', 'Alicia', 15).jobs, digger: freshRecord() } });
      expect((await jobs.players()).map((player) => player.uuid).sort()).to.deep.equal(['uuid-a', 'uuid-b']);
    });

    it('adds and forgets placed blocks, and keeps owed payouts until removed', async function () {
      await jobs.recordPlacedBlocks({
        added: [
          ['world:1:64:2', 1000],
          ['world:5:64:5', 2000],
        ],
        removed: [],
      });
      await jobs.recordPlacedBlocks({ added: [['world_nether:0:10:0', 3000]], removed: ['world:1:64:2'] });
      await jobs.addOwed([owed('p-1', 150), owed('p-2', 75)]);
      await reopen();
      expect((await jobs.placedBlocks()).sort()).to.deep.equal([
        ['world:5:64:5', 2000],
        ['world_nether:0:10:0', 3000],
      ]);
      expect((await jobs.owed()).map((payout) => [payout.id, payout.cents])).to.deep.equal([
        ['p-1', 150],
        ['p-2', 75],
      ]);
      await jobs.removeOwed(['p-1']);
      expect((await jobs.owed()).map((payout) => payout.id)).to.deep.equal(['p-2']);
    });

    it("writes a payout's experience and its owed payout all or nothing, in a unit of work", async function () {
      await store
        .transaction(async (tx) => {
          await tx.part(jobsPart).save([miner('uuid-c', 'Carol', 5)]);
          await tx.part(jobsPart).addOwed([owed('p-3', 10)]);
          throw new Error('the ledger refused');
        })
        .catch(() => undefined);
      expect(await jobs.player('uuid-c')).to.equal(undefined);
      expect(await jobs.owed()).to.deep.equal([]);
    });
  });
}
