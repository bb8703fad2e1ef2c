/**
 * The store port's contract. Every store implementation runs this suite; a
 * new one proves itself by passing it: the JSON-file store, and PostgreSQL
 * (a throwaway server, each test with tables of its own prefix; skipped,
 * saying why, where no server can be started).
 */
import { expect } from 'chai';
import { teleportLogPart } from '../../src/features/teleports/store.js';
import { auditLogPart } from '../../src/features/audit/store.js';
import { connectionLogPart } from '../../src/features/connections/store.js';
import { messagesPart } from '../../src/features/messages/store.js';
import { positionsPart } from '../../src/features/players/store.js';
import { restartsPart } from '../../src/features/restarts/store.js';
import { registrationCodesPart } from '../../src/features/accounts/store.js';
import { settingsPart } from '../../src/features/settings/store.js';
import { UniqueConflictError, type NewUser, type Store, type StorePart } from '../../src/store/port.js';
import { storeImplementations, type StoreFixture } from '../helpers/store-implementations.js';

/** Feature parts whose contracts live here too. */
const parts = [positionsPart, settingsPart, registrationCodesPart, messagesPart, restartsPart, connectionLogPart, auditLogPart, teleportLogPart] as Array<StorePart<unknown>>;
const implementations = storeImplementations('store', parts);

function newUser(username: string, gameUsername = username, uuid = `uuid-${gameUsername.toLowerCase()}`): NewUser {
  return { username, passwordHash: 'hash', email: `${username}@example.com`, gameUsername, gameUuid: uuid, createdAt: new Date().toISOString() };
}

for (const [name, implementation] of Object.entries(implementations)) {
  describe(`store port contract: ${name}`, function () {
    let fixture: StoreFixture;
    let store: Store;
    before(async function () {
      await implementation.prepare?.(this);
    });
    beforeEach(async function () {
      fixture = await implementation.fixture();
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

      it('tells in one look which players have a web account', async function () {
        await store.users.create(newUser('Alpha'));
        await store.users.create(newUser('beta'));
        expect([...(await store.users.gameUuidsWithAccounts(['uuid-beta', 'uuid-gamma', 'uuid-alpha', 'uuid-beta']))].sort()).to.deep.equal(['uuid-alpha', 'uuid-beta']);
        expect(await store.users.gameUuidsWithAccounts([])).to.deep.equal(new Set());
        // Exactly: a uuid differing in letter case or a pattern's characters is another player's.
        expect(await store.users.gameUuidsWithAccounts(['UUID-ALPHA', 'uuid-%', 'uuid-_lpha'])).to.deep.equal(new Set());
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

      it('replaces a password hash, kept across a restart, and changes nothing of an account that is not there', async function () {
        const created = await store.users.create(newUser('Forgetful'));
        expect(await store.users.setPasswordHash(created.id, 'new-hash')).to.equal(true);
        expect(await store.users.setPasswordHash(created.id + 1000, 'other-hash')).to.equal(false);
        store = await fixture.reopen(store);
        expect(await store.users.findById(created.id)).to.deep.include({ username: 'Forgetful', passwordHash: 'new-hash' });
        await store
          .transaction(async (tx) => {
            await tx.users.setPasswordHash(created.id, 'hash-in-a-unit');
            throw new Error('the unit is given up');
          })
          .catch(() => undefined);
        expect((await store.users.findById(created.id))!.passwordHash, 'a unit given up changed nothing').to.equal('new-hash');
        expect(await store.users.count()).to.equal(1);
      });

      it('compares usernames in ASCII letter case only: a look-alike written with the Kelvin sign finds no one', async function () {
        await store.users.create(newUser('Kate'));
        expect(await store.users.findByUsername('\u212Aate')).to.equal(undefined);
        expect((await store.users.findByGameUsername('KATE'))!.username).to.equal('Kate');
        expect(await store.users.findByGameUsername('\u212Aate')).to.equal(undefined);
        expect((await store.users.create(newUser('\u212Aate', 'Other'))).username, 'a different name, not a conflict').to.equal('\u212Aate');
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
        expect(
          (await store.users.list({ page: 1, limit: 50, search: '_' })).users.map((user) => user.username),
          'an underscore is matched as itself',
        ).to.deep.equal(['Special_One']);
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
        await store.part(registrationCodesPart).replaceForPlayer(record('AAAA2222', 'p1'));
        await store.part(registrationCodesPart).replaceForPlayer(record('BBBB3333', 'p2'));
        await store.part(registrationCodesPart).replaceForPlayer(record('CCCC4444', 'p1'));
        expect(await store.part(registrationCodesPart).find('AAAA2222')).to.equal(undefined);
        expect((await store.part(registrationCodesPart).find('CCCC4444'))!.gameUsername).to.equal('p1');
        expect((await store.part(registrationCodesPart).find('BBBB3333'))!.gameUsername).to.equal('p2');
      });

      it('removes a used code and expired codes, and keeps the rest across a restart', async function () {
        await store.part(registrationCodesPart).replaceForPlayer(record('USED2222', 'p1'));
        await store.part(registrationCodesPart).replaceForPlayer(record('OLD22222', 'p2', '2000-01-01T00:00:00.000Z'));
        await store.part(registrationCodesPart).replaceForPlayer(record('KEEP2222', 'p3'));
        await store.part(registrationCodesPart).remove('USED2222');
        expect(await store.part(registrationCodesPart).removeExpired(new Date())).to.equal(1);
        store = await fixture.reopen(store);
        expect(await store.part(registrationCodesPart).find('USED2222')).to.equal(undefined);
        expect(await store.part(registrationCodesPart).find('OLD22222')).to.equal(undefined);
        expect(await store.part(registrationCodesPart).find('KEEP2222')).to.not.equal(undefined);
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
          store.part(connectionLogPart).append(entry('Ann', '2026-11-19T10:00:00.000Z')),
          store.part(connectionLogPart).append(entry('Bob', '2026-11-20T10:00:00.000Z')),
          store.part(connectionLogPart).append(entry('Ann', '2026-11-21T10:00:00.000Z', 'LOGOUT')),
        ]);
        expect(written.map((record) => record.id)).to.deep.equal([written[0]!.id, written[0]!.id + 1, written[0]!.id + 2]);
        const newest = await store.part(connectionLogPart).recent({ limit: 10 });
        expect(newest.map((record) => record.username)).to.deep.equal(['Ann', 'Bob', 'Ann']);
        expect(newest[0]!.action).to.equal('LOGOUT');
        const ann = await store.part(connectionLogPart).recent({ limit: 10, equals: { username: 'ann' } });
        expect(ann.map((record) => record.timestamp)).to.deep.equal(['2026-11-21T10:00:00.000Z', '2026-11-19T10:00:00.000Z']);
        expect(await store.part(connectionLogPart).recent({ limit: 1 })).to.have.length(1);
      });

      it('reads a page: skips the newest `offset` matching entries, and counts them all', async function () {
        for (const [username, day] of [
          ['Ann', 19],
          ['Bob', 20],
          ['Ann', 21],
          ['Ann', 22],
        ] as const) {
          await store.part(connectionLogPart).append(entry(username, `2026-11-${day}T10:00:00.000Z`));
        }
        const second = await store.part(connectionLogPart).recent({ limit: 2, offset: 2 });
        expect(second.map((record) => record.timestamp)).to.deep.equal(['2026-11-20T10:00:00.000Z', '2026-11-19T10:00:00.000Z']);
        const ann = await store.part(connectionLogPart).recent({ limit: 2, offset: 1, equals: { username: 'ANN' } });
        expect(ann.map((record) => record.timestamp)).to.deep.equal(['2026-11-21T10:00:00.000Z', '2026-11-19T10:00:00.000Z']);
        expect(await store.part(connectionLogPart).recent({ limit: 5, offset: 4 })).to.deep.equal([]);
        expect(await store.part(connectionLogPart).count({})).to.equal(4);
        expect(await store.part(connectionLogPart).count({ equals: { username: 'ann' } })).to.equal(3);
      });

      it('continues ids after a restart', async function () {
        const first = await store.part(connectionLogPart).append(entry('Ann', '2026-11-21T10:00:00.000Z'));
        store = await fixture.reopen(store);
        const second = await store.part(connectionLogPart).append(entry('Ann', '2026-11-21T11:00:00.000Z'));
        expect(second.id).to.equal(first.id + 1);
      });

      it('deletes entries older than a cutoff', async function () {
        await store.part(connectionLogPart).append(entry('Old', '2026-10-01T10:00:00.000Z'));
        await store.part(connectionLogPart).append(entry('New', '2026-11-20T10:00:00.000Z'));
        await store.part(connectionLogPart).deleteBefore(new Date('2026-10-22T00:00:00.000Z'));
        const left = await store.part(connectionLogPart).recent({ limit: 10 });
        expect(left.map((record) => record.username)).to.deep.equal(['New']);
      });
    });

    describe('units of work', function () {
      it('keeps every write of a unit, or none when the unit throws, across a restart', async function () {
        await store.transaction(async (tx) => {
          await tx.users.create(newUser('Together'));
          await tx.part(settingsPart).save({ serverName: 'together' });
        });
        const failed = await store
          .transaction(async (tx) => {
            await tx.users.create(newUser('Never'));
            await tx.part(settingsPart).save({ serverName: 'never' });
            throw new Error('changed my mind');
          })
          .catch((error: Error) => error.message);
        expect(failed).to.equal('changed my mind');
        const expectOnlyTheFirstUnit = async () => {
          expect(await store.users.findByUsername('Together')).to.not.equal(undefined);
          expect(await store.users.findByUsername('Never')).to.equal(undefined);
          expect(await store.part(settingsPart).load()).to.deep.equal({ serverName: 'together' });
        };
        await expectOnlyTheFirstUnit();
        store = await fixture.reopen(store);
        await expectOnlyTheFirstUnit();
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
              const overrides = await tx.part(settingsPart).load();
              await tx.part(settingsPart).save({ ...overrides, [`key${index}`]: index });
            }),
          ),
        );
        const expected = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`key${index}`, index]));
        expect(await store.part(settingsPart).load()).to.deep.equal(expected);
        store = await fixture.reopen(store);
        expect(await store.part(settingsPart).load()).to.deep.equal(expected);
      });
    });

    describe('concurrent writes of every kind are all kept', function () {
      it('registration codes of 30 players written at once', async function () {
        await Promise.all(
          Array.from({ length: 30 }, (_, index) =>
            store.part(registrationCodesPart).replaceForPlayer({
              code: `CODE${String(index).padStart(4, '0')}`,
              gameUsername: `p${index}`,
              gameUuid: `uuid-p${index}`,
              createdAt: '2026-01-01T00:00:00.000Z',
              expiresAt: '2999-01-01T00:00:00.000Z',
            }),
          ),
        );
        store = await fixture.reopen(store);
        for (let index = 0; index < 30; index += 1)
          expect(await store.part(registrationCodesPart).find(`CODE${String(index).padStart(4, '0')}`), `code ${index}`).to.not.equal(undefined);
      });

      it('30 messages added at once, each with its own id', async function () {
        const added = await Promise.all(
          Array.from({ length: 30 }, (_, index) =>
            store.part(messagesPart).add({ type: 'DIRECT', content: `m${index}`, createdAt: new Date().toISOString(), expiresAt: null, recipient: 'x', sentBy: 'y' }),
          ),
        );
        expect(new Set(added.map((message) => message.id)).size).to.equal(30);
        store = await fixture.reopen(store);
        expect((await store.part(messagesPart).list(100)).map((message) => message.content).sort()).to.deep.equal(added.map((message) => message.content).sort());
        const next = await store.part(messagesPart).add({ type: 'DIRECT', content: 'after', createdAt: new Date().toISOString(), expiresAt: null, recipient: 'x', sentBy: 'y' });
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

      it('pending restarts saved at once: the store and what it reloads agree, each server its own', async function () {
        const restart = (index: number) => ({
          restartAt: `2026-01-01T00:00:${String(index).padStart(2, '0')}.000Z`,
          reason: `r${index}`,
          requestedBy: 'a',
          requestedAt: '2026-01-01T00:00:00.000Z',
          delaySeconds: index,
        });
        await Promise.all(Array.from({ length: 20 }, (_, index) => store.part(restartsPart).save('survival', restart(index))));
        await store.part(restartsPart).save('creative', restart(42));
        const saved = await store.part(restartsPart).load('survival');
        expect(saved).to.not.equal(null);
        store = await fixture.reopen(store);
        expect(await store.part(restartsPart).load('survival')).to.deep.equal(saved);
        expect((await store.part(restartsPart).load('creative'))!.reason).to.equal('r42');
        await store.part(restartsPart).save('creative', null);
        expect(await store.part(restartsPart).load('creative')).to.equal(null);
        expect(await store.part(restartsPart).load('lobby')).to.equal(null);
      });

      it('one signing key, however many ask for it first at once', async function () {
        const keys = await Promise.all(Array.from({ length: 10 }, (_, index) => store.keys.getOrCreate('test-key', () => Buffer.alloc(32, index))));
        expect(new Set(keys.map((key) => key.toString('hex'))).size).to.equal(1);
        store = await fixture.reopen(store);
        expect((await store.keys.getOrCreate('test-key', () => Buffer.alloc(32, 99))).toString('hex')).to.equal(keys[0]!.toString('hex'));
      });
    });

    describe('messages, audit and teleport logs', function () {
      it('lists messages newest first, shows announcements until they expire, and deletes old ones', async function () {
        const add = (content: string, type: 'ANNOUNCEMENT' | 'DIRECT', createdAt: string, expiresAt: string | null) =>
          store.part(messagesPart).add({ type, content, createdAt, expiresAt, ...(type === 'DIRECT' ? { recipient: 'Steve' } : {}), sentBy: 'admin' });
        const old = await add('old', 'ANNOUNCEMENT', '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z');
        const direct = await add('hello', 'DIRECT', '2026-03-01T00:00:00.000Z', null);
        const current = await add('current', 'ANNOUNCEMENT', '2026-03-02T00:00:00.000Z', '2026-03-09T00:00:00.000Z');
        expect(direct).to.deep.include({ type: 'DIRECT', recipient: 'Steve', expiresAt: null, createdAt: '2026-03-01T00:00:00.000Z' });
        expect(current).to.not.have.property('recipient');
        expect((await store.part(messagesPart).list(2)).map((message) => message.content)).to.deep.equal(['current', 'hello']);
        expect((await store.part(messagesPart).activeAnnouncements(new Date('2026-03-05T00:00:00.000Z'))).map((message) => message.id)).to.deep.equal([current.id]);
        expect(await store.part(messagesPart).deleteBefore(new Date('2026-02-01T00:00:00.000Z'))).to.equal(1);
        expect((await store.part(messagesPart).list(10)).map((message) => message.id)).to.deep.equal([current.id, direct.id]);
        expect((await store.part(messagesPart).list(1, 1)).map((message) => message.id)).to.deep.equal([direct.id]);
        expect(await store.part(messagesPart).count()).to.equal(2);
        expect(old.id).to.be.lessThan(direct.id);
      });

      it('shows an announcement without an end until it is removed, keeps announcements still shown past the retention, and removes only announcements', async function () {
        const add = (content: string, type: 'ANNOUNCEMENT' | 'DIRECT', createdAt: string, expiresAt: string | null) =>
          store.part(messagesPart).add({ type, content, createdAt, expiresAt, ...(type === 'DIRECT' ? { recipient: 'Steve' } : {}), sentBy: 'admin' });
        const forever = await add('until removed', 'ANNOUNCEMENT', '2026-01-01T00:00:00.000Z', null);
        const long = await add('a long one', 'ANNOUNCEMENT', '2026-01-02T00:00:00.000Z', '2026-06-01T00:00:00.000Z');
        const ended = await add('ended', 'ANNOUNCEMENT', '2026-01-03T00:00:00.000Z', '2026-01-04T00:00:00.000Z');
        const direct = await add('hello', 'DIRECT', '2026-01-05T00:00:00.000Z', null);
        const shown = async (at: string) => (await store.part(messagesPart).activeAnnouncements(new Date(at))).map((message) => message.content);
        expect(await shown('2026-03-01T00:00:00.000Z')).to.deep.equal(['until removed', 'a long one']);
        expect(await shown('2030-01-01T00:00:00.000Z')).to.deep.equal(['until removed']);

        // The retention takes what was made before the cutoff, but not an announcement still shown then.
        expect(await store.part(messagesPart).deleteBefore(new Date('2026-03-01T00:00:00.000Z'))).to.equal(2);
        expect((await store.part(messagesPart).list(10)).map((message) => message.id)).to.deep.equal([long.id, forever.id]);
        expect(ended.id).to.be.lessThan(direct.id);

        const removed = await store.part(messagesPart).removeAnnouncement(forever.id);
        expect(removed).to.deep.include({ id: forever.id, content: 'until removed', type: 'ANNOUNCEMENT' });
        expect(await store.part(messagesPart).removeAnnouncement(forever.id), 'removed once').to.equal(null);
        expect(await shown('2026-03-01T00:00:00.000Z')).to.deep.equal(['a long one']);
        const another = await add('hi again', 'DIRECT', '2026-03-02T00:00:00.000Z', null);
        expect(await store.part(messagesPart).removeAnnouncement(another.id), 'a direct message is no announcement').to.equal(null);
        expect(await store.part(messagesPart).removeAnnouncement(987654), 'an unknown id').to.equal(null);
        expect((await store.part(messagesPart).list(10)).map((message) => message.id)).to.deep.equal([another.id, long.id]);
        store = await fixture.reopen(store);
        expect(
          (await store.part(messagesPart).list(10)).map((message) => message.id),
          'after a restart',
        ).to.deep.equal([another.id, long.id]);
      });

      it('keeps audit details and teleports as they were written, newest first', async function () {
        const details = { updated: ['serverName', 'chat.enabled'], previous: { serverName: 'a', nested: { deep: [1, 2, null] } }, note: 'quote " and \\ and \u00e9' };
        await store.part(auditLogPart).append({ timestamp: '2026-11-20T10:00:00.000Z', actor: 'admin', ipAddress: '10.0.0.2', action: 'settings.update', details });
        await store.part(auditLogPart).append({ timestamp: '2026-11-20T11:00:00.000Z', actor: 'service', ipAddress: '10.0.0.3', action: 'restart.schedule', details: {} });
        const [newest, oldest] = await store.part(auditLogPart).recent({ limit: 10 });
        expect(newest).to.deep.include({ actor: 'service', action: 'restart.schedule' });
        expect(oldest!.details).to.deep.equal(details);
        const teleport = {
          timestamp: '2026-11-20T12:00:00.000Z',
          requestedBy: 'admin',
          player: 'Steve',
          from: { world: 'world', x: 1.5, y: 64, z: -3 },
          to: { world: 'world_nether', x: 0, y: 70, z: 0, yaw: 90, pitch: -10 },
          target: 'Alex',
        };
        const written = await store.part(teleportLogPart).append(teleport);
        store = await fixture.reopen(store);
        expect(await store.part(teleportLogPart).recent({ limit: 1, equals: { player: 'STEVE' } })).to.deep.equal([{ ...teleport, id: written.id }]);
        expect(await store.part(teleportLogPart).recent({ limit: 1, equals: { player: 'Alex' } })).to.deep.equal([]);
      });
    });

    describe("player positions (a feature's store part)", function () {
      const steve = { name: 'Steve', uuid: '00000000-0000-3000-8000-000000000001' };
      const alex = { name: 'Alex', uuid: '00000000-0000-3000-8000-000000000002' };
      const at = (world: string, x: number) => ({ world, x, y: 64, z: -x, yaw: 0, pitch: 0 });

      it('keeps the last sighting in every world, several in one write, across a restart', async function () {
        const positions = store.part(positionsPart);
        await positions.record([
          { player: steve, location: at('world', 1), at: new Date('2026-11-20T10:00:00.000Z') },
          { player: alex, location: at('world', 5), at: new Date('2026-11-20T10:00:00.000Z') },
          { player: steve, location: at('world_nether', 2), at: new Date('2026-11-20T10:00:01.000Z') },
        ]);
        await positions.record([{ player: steve, location: at('world', 3), at: new Date('2026-11-20T10:00:02.000Z') }]);
        store = await fixture.reopen(store);
        const seen = await store.part(positionsPart).get(steve.uuid);
        expect(seen).to.deep.equal({
          uuid: steve.uuid,
          name: 'Steve',
          world: 'world',
          worlds: { world: { x: 3, y: 64, z: -3, at: '2026-11-20T10:00:02.000Z' }, world_nether: { x: 2, y: 64, z: -2, at: '2026-11-20T10:00:01.000Z' } },
        });
        expect((await store.part(positionsPart).byName('ALEX'))!.worlds.world!.x).to.equal(5);
        expect(await store.part(positionsPart).get('no-such-player')).to.equal(undefined);
      });

      it('keeps sightings written at once from many places', async function () {
        const positions = store.part(positionsPart);
        await Promise.all(Array.from({ length: 20 }, (_, index) => positions.record([{ player: steve, location: at(`world${index}`, index), at: new Date() }])));
        expect(Object.keys((await positions.get(steve.uuid))!.worlds).sort()).to.deep.equal(Array.from({ length: 20 }, (_, index) => `world${index}`).sort());
      });
    });
  });
}
