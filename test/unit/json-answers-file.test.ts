/**
 * The answers kept for Idempotency-Keys on the JSON store, on disk: every
 * keyed transfer and purchase keeps one for a day, so a checkpoint writes
 * the answers changed since the last one, not all of them again.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { ledgerPart } from '../../src/features/economy/store.js';
import { JsonStore } from '../../src/store/json/index.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { implementationsOf } from '../helpers/store-implementations.js';

const answer = (index: number) => ({
  fingerprint: `fingerprint-${index}`,
  status: 200,
  body: [
    {
      id: index,
      account: 1,
      player: { name: 'Alice', uuid: 'uuid-a' },
      type: 'TRANSFER',
      amount: -1,
      balance: 99,
      description: 'Transfer to Bob',
      timestamp: '2026-11-23T12:00:00.000Z',
    },
  ],
  at: '2026-11-23T12:00:00.000Z',
});

/** The economy folder's files (not the ledger's), each with its inode and size. */
async function answerFiles(directory: string): Promise<Map<string, { inode: number; size: number }>> {
  const economy = path.join(directory, 'economy');
  const files = new Map<string, { inode: number; size: number }>();
  for (const name of await readdir(economy)) {
    if (!name.startsWith('idempotency')) continue;
    const found = await stat(path.join(economy, name));
    files.set(name, { inode: found.ino, size: found.size });
  }
  return files;
}

/** Bytes written between two looks: a file new or replaced counts whole, one appended to by what it grew. */
function written(before: Map<string, { inode: number; size: number }>, after: Map<string, { inode: number; size: number }>): number {
  let bytes = 0;
  for (const [name, now] of after) {
    const then = before.get(name);
    bytes += then && then.inode === now.inode ? now.size - then.size : now.size;
  }
  return bytes;
}

describe('JSON store: the answers kept for Idempotency-Keys on disk', function () {
  let directory: string;
  let store: JsonStore;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-answers-');
    store = await JsonStore.open(directory, { parts: implementationsOf(ledgerPart), checkpointIntervalMs: 3600_000 });
  });
  afterEach(async function () {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('writes at a checkpoint the answers kept since the last one, not every answer again', async function () {
    const ledger = store.part(ledgerPart);
    for (let index = 0; index < 1000; index += 1) await ledger.saveAnswer(`user:1:key-${index}`, answer(index));
    const empty = await answerFiles(directory);
    await store.checkpoint();
    const first = await answerFiles(directory);
    const perAnswer = written(empty, first) / 1000;
    await ledger.saveAnswer('user:1:one-more', answer(1000));
    await store.checkpoint();
    const second = written(first, await answerFiles(directory));
    expect(second, `bytes written for one more answer, against ${perAnswer.toFixed(0)} an answer`).to.be.below(2 * perAnswer);
  });
});
