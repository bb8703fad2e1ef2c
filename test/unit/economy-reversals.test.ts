/**
 * Reversing a transfer finds its other side by where `transfer` writes it:
 * even two equal transfers in the same millisecond are reversed each with
 * its own partner.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { loadConfig } from '../../src/config/config.js';
import { ledgerPart } from '../../src/features/economy/store.js';
import { EconomyService } from '../../src/features/economy/service.js';
import { JsonStore } from '../../src/store/json/index.js';
import { FakeGame } from '../helpers/fake-game.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { implementationsOf } from '../helpers/store-implementations.js';

describe('economy: reversals of transfers made in the same millisecond', function () {
  let directory: string;
  let store: JsonStore;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-reversals-');
    store = await JsonStore.open(directory, { parts: implementationsOf(ledgerPart), checkpointIntervalMs: 3600_000 });
  });
  afterEach(async function () {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('pairs each side with its own partner', async function () {
    const settings = (await loadConfig({}, directory)).settings;
    settings.economy.startingBalance = 100;
    const frozen = new Date('2026-11-23T12:00:00.000Z');
    const economy = new EconomyService(
      store,
      ledgerPart,
      new FakeGame(),
      () => settings,
      { provider: 'builtin', largeAdjustmentCents: 1e12, vault: { logError: () => undefined } },
      () => frozen,
    );
    const alice = { name: 'Alice', uuid: '00000000-0000-3000-8000-00000000a11c' };
    const bob = { name: 'Bob', uuid: '00000000-0000-3000-8000-000000000b0b' };
    const first = (await economy.transfer(alice, bob, 1000, undefined)).records;
    const second = (await economy.transfer(alice, bob, 1000, undefined)).records;
    expect(second[0]!.timestamp, 'the same millisecond').to.equal(first[0]!.timestamp);
    // Bob's side of the first transfer, whose next record is Alice's side of the second.
    const reversed = (await economy.reverse({ name: 'admin', ipAddress: '127.0.0.1' }, first[1]!.id, undefined)).records;
    expect(reversed.map((record) => record.reverses).sort()).to.deep.equal([first[0]!.id, first[1]!.id].sort());
    const again = (await economy.reverse({ name: 'admin', ipAddress: '127.0.0.1' }, second[0]!.id, undefined)).records;
    expect(again.map((record) => record.reverses).sort()).to.deep.equal([second[0]!.id, second[1]!.id].sort());
  });
});
