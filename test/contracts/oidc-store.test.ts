/**
 * The OpenID Connect provider's store part contract: records kept across a
 * reopen, found by id, uid and user code unless expired, consumed once,
 * removed alone or with their grant, listed by model, and deleted once
 * expired; and the signing keys made, rotated when due, kept a while after,
 * then dropped. Every store implementation runs it (see
 * test/helpers/store-implementations.ts).
 */
import { expect } from 'chai';
import { currentKeys } from '../../src/features/oidc/signing-keys.js';
import { oidcPart, type OidcRecord, type OidcStore } from '../../src/features/oidc/store.js';
import type { Store, StorePart } from '../../src/store/port.js';
import { storeImplementations, type StoreFixture } from '../helpers/store-implementations.js';

const implementations = storeImplementations('oidc', [oidcPart as StorePart<unknown>]);

function record(model: string, id: string, extra: Partial<OidcRecord> = {}): OidcRecord {
  return { model, id, payload: { jti: id, kind: model }, grantId: null, uid: null, userCode: null, expiresAt: '2026-11-21T10:00:00.000Z', ...extra };
}

for (const [name, implementation] of Object.entries(implementations)) {
  describe(`OpenID Connect store contract: ${name}`, function () {
    let fixture: StoreFixture;
    let store: Store;
    let oidc: OidcStore;
    const before10 = '2026-11-21T09:00:00.000Z';
    const after10 = '2026-11-21T11:00:00.000Z';
    before(async function () {
      await implementation.prepare?.(this);
    });
    beforeEach(async function () {
      fixture = await implementation.fixture();
      store = await fixture.open();
      oidc = store.part(oidcPart);
    });
    afterEach(async function () {
      await store.close();
      await fixture.dispose();
    });

    it('keeps records across a reopen, found by id, uid and user code until they expire', async function () {
      await oidc.put(record('Session', 's1', { uid: 'u1' }));
      await oidc.put(record('DeviceCode', 'd1', { userCode: 'ABCD' }));
      await oidc.put(record('Client', 'c1', { expiresAt: null }));
      store = await fixture.reopen(store);
      oidc = store.part(oidcPart);
      expect(await oidc.find('Session', 's1', before10)).to.deep.equal(record('Session', 's1', { uid: 'u1' }));
      expect((await oidc.findBy('Session', 'uid', 'u1', before10))?.id).to.equal('s1');
      expect((await oidc.findBy('DeviceCode', 'userCode', 'ABCD', before10))?.id).to.equal('d1');
      expect(await oidc.find('Session', 's1', after10)).to.equal(undefined);
      expect(await oidc.findBy('Session', 'uid', 'u1', after10)).to.equal(undefined);
      expect((await oidc.find('Client', 'c1', after10))?.id).to.equal('c1');
      // The same id under another model is another record.
      expect(await oidc.find('Grant', 's1', before10)).to.equal(undefined);
    });

    it('marks a record consumed, replaces one whole, removes one or a grant’s all, lists by model, deletes the expired', async function () {
      await oidc.put(record('AuthorizationCode', 'code1', { grantId: 'g1' }));
      await oidc.put(record('RefreshToken', 'rt1', { grantId: 'g1' }));
      await oidc.put(record('RefreshToken', 'rt2', { grantId: 'g2', expiresAt: '2026-11-22T10:00:00.000Z' }));
      await oidc.consume('AuthorizationCode', 'code1', 1_790_000_000);
      expect((await oidc.find('AuthorizationCode', 'code1', before10))?.payload).to.deep.equal({ jti: 'code1', kind: 'AuthorizationCode', consumed: 1_790_000_000 });
      await oidc.put(record('RefreshToken', 'rt2', { grantId: 'g2', payload: { rotated: true }, expiresAt: '2026-11-22T10:00:00.000Z' }));
      expect((await oidc.find('RefreshToken', 'rt2', after10))?.payload).to.deep.equal({ rotated: true });
      expect((await oidc.list('RefreshToken')).map((found) => found.id)).to.deep.equal(['rt1', 'rt2']);
      await oidc.removeGrant('g1');
      expect(await oidc.find('AuthorizationCode', 'code1', before10)).to.equal(undefined);
      expect(await oidc.find('RefreshToken', 'rt1', before10)).to.equal(undefined);
      expect(await oidc.remove('RefreshToken', 'rt2')).to.equal(true);
      expect(await oidc.remove('RefreshToken', 'rt2')).to.equal(false);
      await oidc.put(record('Interaction', 'old'));
      await oidc.put(record('Interaction', 'new', { expiresAt: '2026-11-23T10:00:00.000Z' }));
      await oidc.put(record('Client', 'kept', { expiresAt: null }));
      expect(await oidc.deleteExpiredBefore(new Date('2026-11-22T00:00:00.000Z'))).to.equal(1);
      expect((await oidc.list('Interaction')).map((found) => found.id)).to.deep.equal(['new']);
      expect((await oidc.list('Client')).map((found) => found.id)).to.deep.equal(['kept']);
    });

    it('replaces a record only over the payload read: a second writer from the same reading changes nothing', async function () {
      expect(await oidc.replace(record('SigningKeys', 'current', { payload: { keys: ['a'] }, expiresAt: null }), null)).to.equal(true);
      expect(await oidc.replace(record('SigningKeys', 'current', { payload: { keys: ['b'] }, expiresAt: null }), null)).to.equal(false);
      expect(await oidc.replace(record('SigningKeys', 'current', { payload: { keys: ['c'] }, expiresAt: null }), { keys: ['a'] })).to.equal(true);
      expect(await oidc.replace(record('SigningKeys', 'current', { payload: { keys: ['d'] }, expiresAt: null }), { keys: ['a'] })).to.equal(false);
      expect((await oidc.find('SigningKeys', 'current', after10))?.payload).to.deep.equal({ keys: ['c'] });
      // Two instances at once, neither having seen keys: both end with the same.
      await oidc.remove('SigningKeys', 'current');
      const policy = { rotationDays: 30, retiredDays: 7 };
      const [one, two] = await Promise.all([currentKeys(oidc, policy, new Date()), currentKeys(oidc, policy, new Date())]);
      expect(one.fingerprint).to.equal(two.fingerprint);
      expect(one.jwks).to.have.length(1);
    });

    it('makes the signing keys once, rotates them when due, keeps the one before a while, then drops it', async function () {
      const policy = { rotationDays: 30, retiredDays: 7 };
      const day = 86_400_000;
      const start = new Date('2026-11-01T00:00:00.000Z');
      const first = await currentKeys(oidc, policy, start);
      expect(first.jwks).to.have.length(1);
      expect(first.jwks[0]).to.include({ alg: 'RS256', use: 'sig', kty: 'RSA' });
      expect(await currentKeys(oidc, policy, new Date(start.getTime() + 29 * day))).to.deep.equal(first);
      const rotated = await currentKeys(oidc, policy, new Date(start.getTime() + 30 * day));
      expect(rotated.jwks.map((jwk) => jwk.kid)).to.deep.equal([rotated.jwks[0]!.kid, first.jwks[0]!.kid]);
      expect(rotated.jwks[0]!.kid).not.to.equal(first.jwks[0]!.kid);
      expect(rotated.cookieKeys[1]).to.equal(first.cookieKeys[0]);
      // Still published 6 days later; gone once the new one has signed for 7.
      expect(await currentKeys(oidc, policy, new Date(start.getTime() + 36 * day))).to.deep.equal(rotated);
      const pruned = await currentKeys(oidc, policy, new Date(start.getTime() + 37 * day));
      expect(pruned.jwks.map((jwk) => jwk.kid)).to.deep.equal([rotated.jwks[0]!.kid]);
      // Another rotation keeps the one it replaces.
      const again = await currentKeys(oidc, policy, new Date(start.getTime() + 60 * day));
      expect(again.jwks.map((jwk) => jwk.kid)).to.deep.equal([again.jwks[0]!.kid, rotated.jwks[0]!.kid]);
    });
  });
}
