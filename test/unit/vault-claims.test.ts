/**
 * The network-wide claim of a Vault Idempotency-Key (VaultKeyClaims) on the
 * JSON store, with a clock the test moves: a claim in use makes another
 * request wait (then 409), a released one is claimed afresh, and one left by
 * a dead instance is taken over under its own operation id and postings.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { VaultKeyClaims } from '../../src/features/economy/vault-claims.js';
import { ledgerPart, type Posting } from '../../src/features/economy/store.js';
import { JsonStore } from '../../src/store/json/index.js';
import type { Store } from '../../src/store/port.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { implementationsOf } from '../helpers/store-implementations.js';

describe('Vault Idempotency-Key claims', function () {
  let directory: string;
  let store: Store;
  let now: Date;
  const key = { key: 'user:1:pay-7', fingerprint: 'transfer Poor 3000' };
  const postings: Posting[] = [
    { player: { name: 'Rich', uuid: 'r' }, amount: -3000, type: 'TRANSFER', description: 'to Poor' },
    { player: { name: 'Poor', uuid: 'p' }, amount: 3000, type: 'TRANSFER', description: 'from Rich' },
  ];
  const plan = async () => postings;
  const noReplay = async () => undefined;
  const claims = () => new VaultKeyClaims(store, ledgerPart, () => now, { staleAfterMs: 120_000, waitForMs: 300 });

  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-vault-claims-');
    store = await JsonStore.open(directory, { parts: implementationsOf(ledgerPart) });
    now = new Date('2026-01-01T12:00:00Z');
  });
  afterEach(async function () {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('makes a second request with the key wait while the first holds it, then answers 409', async function () {
    const first = await claims().begin(key, plan, noReplay);
    expect(first).to.have.property('operation');
    const second = await claims()
      .begin(key, plan, noReplay)
      .catch((error: { status?: number; code?: string }) => error);
    expect(second).to.deep.include({ status: 409, code: 'idempotency_key_in_use' });
  });

  it('claims a released key afresh, under a new operation', async function () {
    const first = await claims().begin(key, plan, noReplay);
    if ('replay' in first) throw new Error('a replay');
    await claims().release(key, first);
    const again = await claims().begin(key, plan, noReplay);
    if ('replay' in again) throw new Error('a replay');
    expect(again.operation).to.not.equal(first.operation);
  });

  it("takes over a dead instance's claim after it went stale: the same operation and postings", async function () {
    const first = await claims().begin(key, async () => postings, noReplay);
    if ('replay' in first) throw new Error('a replay');
    now = new Date(now.getTime() + 121_000);
    const taken = await claims().begin(key, async () => [], noReplay);
    expect(taken).to.deep.equal({ operation: first.operation, postings });
    // Taken over, it is fresh again: a third request waits.
    const third = await claims()
      .begin(key, plan, noReplay)
      .catch((error: { code?: string }) => error);
    expect(third).to.deep.include({ code: 'idempotency_key_in_use' });
  });

  it('refuses the key with another request', async function () {
    await claims().begin(key, plan, noReplay);
    const other = await claims()
      .begin({ ...key, fingerprint: 'transfer Poor 9999' }, plan, noReplay)
      .catch((error: { code?: string }) => error);
    expect(other).to.deep.include({ code: 'idempotency_key_reused' });
  });
});
