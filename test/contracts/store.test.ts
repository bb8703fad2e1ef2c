/**
 * The store port's contract. Every store implementation runs this suite; a
 * new one (SQL, say) proves itself by passing it. Today: the JSON-file store.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { JsonStore } from '../../src/store/json/index.js';
import { UniqueConflictError, type NewUser, type Store } from '../../src/store/port.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

interface StoreFixture {
  open(): Promise<Store>;
  /** Closes and opens the same data again, as a restart would. */
  reopen(store: Store): Promise<Store>;
  dispose(): Promise<void>;
}

const implementations: Record<string, () => Promise<StoreFixture>> = {
  'JSON files': async () => {
    const directory = await temporaryDirectory('gatehouse-store-');
    return {
      open: () => JsonStore.open(directory),
      reopen: async (store) => {
        await store.close();
        return JsonStore.open(directory);
      },
      dispose: () => rm(directory, { recursive: true, force: true }),
    };
  },
};

function newUser(username: string, gameUsername = username, uuid = `uuid-${gameUsername.toLowerCase()}`): NewUser {
  return { username, passwordHash: 'hash', email: `${username}@example.com`, gameUsername, gameUuid: uuid, createdAt: new Date().toISOString() };
}

for (const [name, makeFixture] of Object.entries(implementations)) {
  describe(`store port contract: ${name}`, function () {
    let fixture: StoreFixture;
    let store: Store;
    beforeEach(async function () {
      fixture = await makeFixture();
      store = await fixture.open();
    });
    afterEach(async function () {
      await store.close();
      await fixture.dispose();
    });

    describe('users', function () {
      it('creates users with increasing ids and finds them by name in any case, id and game uuid', async function () {
        const first = await store.users.create(newUser('Alpha'));
        const second = await store.users.create(newUser('beta'));
        expect(second.id).to.be.greaterThan(first.id);
        expect(first.lastLogin).to.equal(null);
        expect((await store.users.findByUsername('ALPHA'))!.id).to.equal(first.id);
        expect((await store.users.findById(second.id))!.username).to.equal('beta');
        expect((await store.users.findByGameUuid('uuid-beta'))!.id).to.equal(second.id);
        expect(await store.users.findByUsername('gamma')).to.equal(undefined);
      });

      it('refuses a username taken in another case and a second account for one player', async function () {
        await store.users.create(newUser('Alpha'));
        const sameName = await store.users.create(newUser('alpha', 'Other')).catch((error) => error);
        expect(sameName).to.be.instanceOf(UniqueConflictError).and.have.property('field', 'username');
        const samePlayer = await store.users.create(newUser('alpha2', 'Alpha')).catch((error) => error);
        expect(samePlayer).to.be.instanceOf(UniqueConflictError).and.have.property('field', 'gameUuid');
        expect(await store.users.count()).to.equal(1);
      });

      it('lets exactly one of many concurrent creates of one username succeed', async function () {
        const results = await Promise.allSettled(Array.from({ length: 20 }, (_, index) => store.users.create(newUser('same', `Player${index}`))));
        expect(results.filter((result) => result.status === 'fulfilled')).to.have.length(1);
        expect(await store.users.count()).to.equal(1);
      });

      it('keeps users, ids and last logins across a restart', async function () {
        const created = await store.users.create(newUser('Keeper'));
        await store.users.recordLogin(created.id, '2026-01-02T03:04:05.006Z');
        store = await fixture.reopen(store);
        const found = await store.users.findByUsername('keeper');
        expect(found).to.deep.include({ id: created.id, username: 'Keeper', lastLogin: '2026-01-02T03:04:05.006Z' });
        const next = await store.users.create(newUser('Next'));
        expect(next.id).to.be.greaterThan(created.id);
      });

      it('lists users a page at a time, with a case-insensitive search', async function () {
        for (let index = 1; index <= 25; index += 1) await store.users.create(newUser(`user${String(index).padStart(2, '0')}`));
        await store.users.create(newUser('Special_One'));
        const page2 = await store.users.list({ page: 2, limit: 10 });
        expect(page2.total).to.equal(26);
        expect(page2.users.map((user) => user.username)).to.deep.equal(Array.from({ length: 10 }, (_, index) => `user${index + 11}`));
        const searched = await store.users.list({ page: 1, limit: 10, search: 'SPECIAL' });
        expect(searched.total).to.equal(1);
        expect(searched.users[0]!.username).to.equal('Special_One');
        expect((await store.users.list({ page: 9, limit: 10 })).users).to.deep.equal([]);
      });
    });

    describe('registration codes', function () {
      const record = (code: string, player: string, expiresAt = '2999-01-01T00:00:00.000Z') => ({
        code,
        gameUsername: player,
        gameUuid: `uuid-${player}`,
        createdAt: '2026-01-01T00:00:00.000Z',
        expiresAt,
      });

      it('keeps one code per player: a new one replaces the old', async function () {
        await store.registrationCodes.replaceForPlayer(record('AAAA2222', 'p1'));
        await store.registrationCodes.replaceForPlayer(record('BBBB3333', 'p2'));
        await store.registrationCodes.replaceForPlayer(record('CCCC4444', 'p1'));
        expect(await store.registrationCodes.find('AAAA2222')).to.equal(undefined);
        expect((await store.registrationCodes.find('CCCC4444'))!.gameUsername).to.equal('p1');
        expect((await store.registrationCodes.find('BBBB3333'))!.gameUsername).to.equal('p2');
      });

      it('removes a used code and expired codes, and keeps the rest across a restart', async function () {
        await store.registrationCodes.replaceForPlayer(record('USED2222', 'p1'));
        await store.registrationCodes.replaceForPlayer(record('OLD22222', 'p2', '2000-01-01T00:00:00.000Z'));
        await store.registrationCodes.replaceForPlayer(record('KEEP2222', 'p3'));
        await store.registrationCodes.remove('USED2222');
        expect(await store.registrationCodes.removeExpired(new Date())).to.equal(1);
        store = await fixture.reopen(store);
        expect(await store.registrationCodes.find('USED2222')).to.equal(undefined);
        expect(await store.registrationCodes.find('OLD22222')).to.equal(undefined);
        expect(await store.registrationCodes.find('KEEP2222')).to.not.equal(undefined);
      });
    });

    describe('connection log', function () {
      const entry = (username: string, timestamp: string, action: 'LOGIN' | 'LOGOUT' = 'LOGIN') => ({
        username,
        action,
        ipAddress: '10.0.0.1',
        timestamp,
        success: true,
      });

      it('assigns increasing ids and returns entries newest first, filtered by username in any case', async function () {
        const written = await Promise.all([
          store.connectionLog.append(entry('Ann', '2026-11-19T10:00:00.000Z')),
          store.connectionLog.append(entry('Bob', '2026-11-20T10:00:00.000Z')),
          store.connectionLog.append(entry('Ann', '2026-11-21T10:00:00.000Z', 'LOGOUT')),
        ]);
        expect(written.map((record) => record.id)).to.deep.equal([written[0]!.id, written[0]!.id + 1, written[0]!.id + 2]);
        const newest = await store.connectionLog.recent({ limit: 10 });
        expect(newest.map((record) => record.username)).to.deep.equal(['Ann', 'Bob', 'Ann']);
        expect(newest[0]!.action).to.equal('LOGOUT');
        const ann = await store.connectionLog.recent({ limit: 10, equals: { username: 'ann' } });
        expect(ann.map((record) => record.timestamp)).to.deep.equal(['2026-11-21T10:00:00.000Z', '2026-11-19T10:00:00.000Z']);
        expect(await store.connectionLog.recent({ limit: 1 })).to.have.length(1);
      });

      it('continues ids after a restart', async function () {
        const first = await store.connectionLog.append(entry('Ann', '2026-11-21T10:00:00.000Z'));
        store = await fixture.reopen(store);
        const second = await store.connectionLog.append(entry('Ann', '2026-11-21T11:00:00.000Z'));
        expect(second.id).to.equal(first.id + 1);
      });

      it('deletes entries older than a cutoff', async function () {
        await store.connectionLog.append(entry('Old', '2026-10-01T10:00:00.000Z'));
        await store.connectionLog.append(entry('New', '2026-11-20T10:00:00.000Z'));
        await store.connectionLog.deleteBefore(new Date('2026-10-22T00:00:00.000Z'));
        const left = await store.connectionLog.recent({ limit: 10 });
        expect(left.map((record) => record.username)).to.deep.equal(['New']);
      });
    });

    describe('units of work', function () {
      it('keeps every write of a unit, or none when the unit throws, across a restart', async function () {
        await store.transaction(async (tx) => {
          await tx.users.create(newUser('Together'));
          await tx.settings.save({ serverName: 'together' });
        });
        const failed = await store
          .transaction(async (tx) => {
            await tx.users.create(newUser('Never'));
            await tx.settings.save({ serverName: 'never' });
            throw new Error('changed my mind');
          })
          .catch((error: Error) => error.message);
        expect(failed).to.equal('changed my mind');
        for (const current of [store, (store = await fixture.reopen(store))]) {
          expect(await current.users.findByUsername('Together')).to.not.equal(undefined);
          expect(await current.users.findByUsername('Never')).to.equal(undefined);
          expect(await current.settings.load()).to.deep.equal({ serverName: 'together' });
        }
      });

      it('lets a unit read its own writes, and keeps them from others until it ends', async function () {
        let seenOutside: unknown = 'not read';
        await store.transaction(async (tx) => {
          const created = await tx.users.create(newUser('Inside'));
          expect((await tx.users.findByUsername('inside'))!.id).to.equal(created.id);
          seenOutside = await store.users.findByUsername('inside');
        });
        expect(seenOutside).to.equal(undefined);
        expect(await store.users.findByUsername('inside')).to.not.equal(undefined);
      });

      it('runs conflicting units one after another: 40 concurrent read-modify-writes all count', async function () {
        await Promise.all(
          Array.from({ length: 40 }, (_, index) =>
            store.transaction(async (tx) => {
              const overrides = await tx.settings.load();
              await tx.settings.save({ ...overrides, [`key${index}`]: index });
            }),
          ),
        );
        const expected = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`key${index}`, index]));
        expect(await store.settings.load()).to.deep.equal(expected);
        store = await fixture.reopen(store);
        expect(await store.settings.load()).to.deep.equal(expected);
      });
    });

    describe('concurrent writes of every kind are all kept', function () {
      it('registration codes of 30 players written at once', async function () {
        await Promise.all(
          Array.from({ length: 30 }, (_, index) =>
            store.registrationCodes.replaceForPlayer({
              code: `CODE${String(index).padStart(4, '0')}`,
              gameUsername: `p${index}`,
              gameUuid: `uuid-p${index}`,
              createdAt: '2026-01-01T00:00:00.000Z',
              expiresAt: '2999-01-01T00:00:00.000Z',
            }),
          ),
        );
        store = await fixture.reopen(store);
        for (let index = 0; index < 30; index += 1) expect(await store.registrationCodes.find(`CODE${String(index).padStart(4, '0')}`), `code ${index}`).to.not.equal(undefined);
      });

      it('30 messages added at once, each with its own id', async function () {
        const added = await Promise.all(
          Array.from({ length: 30 }, (_, index) =>
            store.messages.add({ type: 'DIRECT', content: `m${index}`, createdAt: new Date().toISOString(), expiresAt: null, recipient: 'x', sentBy: 'y' }),
          ),
        );
        expect(new Set(added.map((message) => message.id)).size).to.equal(30);
        store = await fixture.reopen(store);
        expect((await store.messages.list(100)).map((message) => message.content).sort()).to.deep.equal(added.map((message) => message.content).sort());
        const next = await store.messages.add({ type: 'DIRECT', content: 'after', createdAt: new Date().toISOString(), expiresAt: null, recipient: 'x', sentBy: 'y' });
        expect(next.id).to.be.greaterThan(Math.max(...added.map((message) => message.id)));
      });

      it('users created, and logins recorded, at once', async function () {
        const created = await Promise.all(Array.from({ length: 30 }, (_, index) => store.users.create(newUser(`many${index}`))));
        await Promise.all(created.map((user, index) => store.users.recordLogin(user.id, `2026-01-01T00:00:${String(index).padStart(2, '0')}.000Z`)));
        store = await fixture.reopen(store);
        for (const [index, user] of created.entries()) {
          expect((await store.users.findById(user.id))!.lastLogin).to.equal(`2026-01-01T00:00:${String(index).padStart(2, '0')}.000Z`);
        }
      });

      it('pending restarts saved at once: the store and what it reloads agree', async function () {
        const restart = (index: number) => ({ restartAt: `2026-01-01T00:00:${String(index).padStart(2, '0')}.000Z`, reason: `r${index}`, requestedBy: 'a', requestedAt: '2026-01-01T00:00:00.000Z', delaySeconds: index });
        await Promise.all(Array.from({ length: 20 }, (_, index) => store.restarts.save(restart(index))));
        const saved = await store.restarts.load();
        store = await fixture.reopen(store);
        expect(await store.restarts.load()).to.deep.equal(saved);
      });

      it('one signing key, however many ask for it first at once', async function () {
        const keys = await Promise.all(Array.from({ length: 10 }, (_, index) => store.keys.getOrCreate('test-key', () => Buffer.alloc(32, index))));
        expect(new Set(keys.map((key) => key.toString('hex'))).size).to.equal(1);
        store = await fixture.reopen(store);
        expect((await store.keys.getOrCreate('test-key', () => Buffer.alloc(32, 99))).toString('hex')).to.equal(keys[0]!.toString('hex'));
      });
    });
  });
}
