/**
 * The sessions' store part contract, for its look-up by id, which every
 * request with a login token makes: a session found alone, many found at
 * once (on PostgreSQL those go in one statement: each caller gets its own
 * record, a missing one nothing), one found inside a unit of work, and a
 * session ended seen ended by the next look-up, whoever ended it.
 * Every store implementation runs it (see test/helpers/store-implementations.ts).
 */
import { expect } from 'chai';
import { type SessionRecord, sessionsPart, type SessionStore } from '../../src/features/sessions/store.js';
import type { Store, StorePart } from '../../src/store/port.js';
import { storeImplementations, type StoreFixture } from '../helpers/store-implementations.js';

const implementations = storeImplementations('sessions', [sessionsPart as StorePart<unknown>]);

const at = '2026-11-20T10:00:00.000Z';
const session = (id: string, userId: number): SessionRecord => ({
  id,
  userId,
  kind: 'api',
  device: 'curl',
  userAgent: 'curl/8',
  address: '127.0.0.1',
  lastAddress: '127.0.0.1',
  startedAt: at,
  lastUsedAt: at,
  expiresAt: '2026-11-21T10:00:00.000Z',
  refreshGeneration: 0,
  rotatedAt: null,
  endedAt: null,
  endReason: null,
});

for (const [name, implementation] of Object.entries(implementations)) {
  describe(`sessions store contract: ${name}`, function () {
    let fixture: StoreFixture;
    let store: Store;
    let sessions: SessionStore;
    before(async function () {
      await implementation.prepare?.(this);
    });
    beforeEach(async function () {
      fixture = await implementation.fixture();
      store = await fixture.open();
      sessions = store.part(sessionsPart);
    });
    afterEach(async function () {
      await store.close();
      await fixture.dispose();
    });

    it('finds a session alone, many at once (each its own, a missing one nothing), and inside a unit of work', async function () {
      const ids = Array.from({ length: 40 }, (_, index) => `ses_${index}`);
      for (const [index, id] of ids.entries()) await sessions.add(session(id, index + 1));
      expect(await sessions.find('ses_3')).to.deep.equal(session('ses_3', 4));
      const asked = [...ids, 'ses_missing', 'ses_7', 'ses_7'];
      const found = await Promise.all(asked.map((id) => sessions.find(id)));
      expect(found.map((record) => record?.userId)).to.deep.equal([...ids.map((_, index) => index + 1), undefined, 8, 8]);
      expect(found[41], 'one record to each caller, even for one session').to.not.equal(found[42]);
      await store.transaction(async (tx) => {
        const inUnit = tx.part(sessionsPart);
        await inUnit.add(session('ses_unit', 99));
        expect((await inUnit.find('ses_unit'))?.userId, 'a session added in the unit').to.equal(99);
      });
      expect((await sessions.find('ses_unit'))?.userId).to.equal(99);
    });

    it('sees a session ended by the next look-up, also when looked up at the same moment as others', async function () {
      await sessions.add(session('ses_a', 1));
      await sessions.add(session('ses_b', 2));
      expect((await sessions.find('ses_a'))?.endedAt).to.equal(null);
      expect(await sessions.end('ses_a', at, 'ended')).to.equal(true);
      const [a, b] = await Promise.all([sessions.find('ses_a'), sessions.find('ses_b')]);
      expect(a).to.deep.include({ endedAt: at, endReason: 'ended' });
      expect(b?.endedAt).to.equal(null);
    });
  });
}
