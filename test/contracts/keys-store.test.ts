/**
 * The API keys' store part contract: keys added, found by id and by their
 * secret's hash, listed newest first, replaced whole, and their use noted
 * without undoing a revocation. Every store implementation runs it (see
 * test/helpers/store-implementations.ts).
 */
import { expect } from 'chai';
import { apiKeysPart, type ApiKeyRecord, type ApiKeyStore } from '../../src/features/keys/store.js';
import type { Store, StorePart } from '../../src/store/port.js';
import { storeImplementations, type StoreFixture } from '../helpers/store-implementations.js';

const implementations = storeImplementations('keys', [apiKeysPart as StorePart<unknown>]);

function key(id: string, hash: string, createdAt: string): ApiKeyRecord {
  return {
    id,
    name: `key ${id}`,
    prefix: 'ghk_abcdef',
    secretHash: hash,
    scopes: ['players:read'],
    createdBy: 'service',
    createdAt,
    expiresAt: null,
    rateLimit: { requests: 10, windowSeconds: 60 },
    lastUsedAt: null,
    lastUsedFrom: null,
    rotatedAt: null,
    revokedAt: null,
  };
}

for (const [name, implementation] of Object.entries(implementations)) {
  describe(`API keys store contract: ${name}`, function () {
    let fixture: StoreFixture;
    let store: Store;
    let keys: ApiKeyStore;
    before(async function () {
      await implementation.prepare?.(this);
    });
    beforeEach(async function () {
      fixture = await implementation.fixture();
      store = await fixture.open();
      keys = store.part(apiKeysPart);
    });
    afterEach(async function () {
      await store.close();
      await fixture.dispose();
    });
    const reopen = async () => {
      store = await fixture.reopen(store);
      keys = store.part(apiKeysPart);
    };

    it('keeps keys across a reopen, found by id and by hash, newest first', async function () {
      await keys.add(key('key_a', 'hash-a', '2026-11-20T10:00:00.000Z'));
      await keys.add(key('key_b', 'hash-b', '2026-11-21T10:00:00.000Z'));
      await reopen();
      expect(await keys.find('key_a')).to.deep.equal(key('key_a', 'hash-a', '2026-11-20T10:00:00.000Z'));
      expect((await keys.findBySecretHash('hash-b'))?.id).to.equal('key_b');
      expect(await keys.findBySecretHash('hash-c')).to.equal(undefined);
      expect(await keys.find('key_c')).to.equal(undefined);
      expect((await keys.list()).map((record) => record.id)).to.deep.equal(['key_b', 'key_a']);
    });

    it('replaces a record whole (a rotated hash finds it, the old one no longer does) and notes a use without undoing a revocation', async function () {
      await keys.add(key('key_a', 'hash-a', '2026-11-20T10:00:00.000Z'));
      await keys.update({ ...key('key_a', 'hash-a2', '2026-11-20T10:00:00.000Z'), rotatedAt: '2026-11-22T10:00:00.000Z' });
      expect(await keys.findBySecretHash('hash-a')).to.equal(undefined);
      expect((await keys.findBySecretHash('hash-a2'))?.rotatedAt).to.equal('2026-11-22T10:00:00.000Z');
      const current = (await keys.find('key_a'))!;
      await keys.update({ ...current, revokedAt: '2026-11-23T10:00:00.000Z' });
      await keys.recordUse('key_a', '2026-11-23T11:00:00.000Z', '10.0.0.7');
      await keys.recordUse('key_missing', '2026-11-23T11:00:00.000Z', '10.0.0.7');
      await reopen();
      expect(await keys.find('key_a')).to.deep.include({
        revokedAt: '2026-11-23T10:00:00.000Z',
        lastUsedAt: '2026-11-23T11:00:00.000Z',
        lastUsedFrom: '10.0.0.7',
        secretHash: 'hash-a2',
      });
      expect(await keys.list()).to.have.length(1);
    });
  });
}
