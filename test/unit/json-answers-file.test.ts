/**
 * The answers kept for Idempotency-Keys on the JSON store, on disk: every
 * keyed transfer and purchase keeps one for a day, so a checkpoint writes
 * the answers changed since the last one, not all of them again; the file
 * stays within a bound of what is kept, reads an earlier version's
 * document, and outlives an append cut short by a crash.
 */
import { appendFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StoreCorruptError } from '../../src/lib/corrupt-data.js';
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

  const open = () => JsonStore.open(directory, { parts: implementationsOf(ledgerPart), checkpointIntervalMs: 3600_000 });
  const reopen = async () => {
    await store.close();
    store = await open();
    return store.part(ledgerPart);
  };

  it('reads the document of an earlier version, and folds it into its file at the first checkpoint', async function () {
    await store.close();
    await writeFile(path.join(directory, 'economy', 'idempotency.json'), JSON.stringify({ 'user:1:old': answer(1), 'user:1:older': answer(2) }));
    store = await open();
    expect(await store.part(ledgerPart).answer('user:1:old')).to.deep.include(answer(1));
    await store.part(ledgerPart).saveAnswer('user:1:new', answer(3));
    await store.checkpoint();
    expect([...(await answerFiles(directory)).keys()]).to.deep.equal(['idempotency.jsonl']);
    const ledger = await reopen();
    for (const [key, index] of [
      ['user:1:old', 1],
      ['user:1:older', 2],
      ['user:1:new', 3],
    ] as const) {
      expect(await ledger.answer(key), key).to.deep.include(answer(index));
    }
  });

  it('keeps its file within a bound of the answers kept, through answers replaced and forgotten', async function () {
    const ledger = store.part(ledgerPart);
    for (let round = 0; round < 5; round += 1) {
      for (let index = 0; index < 500; index += 1) await ledger.saveAnswer(`user:1:key-${index}`, { ...answer(index), fingerprint: `round-${round}` });
      await store.checkpoint();
    }
    await ledger.deleteAnswersBefore(new Date('2026-11-24T00:00:00.000Z'));
    await ledger.saveAnswer('user:1:kept', { ...answer(1), at: '2026-11-24T12:00:00.000Z' });
    await store.checkpoint();
    const lines = (await readFile(path.join(directory, 'economy', 'idempotency.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.length, 'lines for 1 answer kept of 2,500 written and 500 removed').to.be.at.most(2 * 1 + 1000);
    const again = await reopen();
    expect(await again.answer('user:1:key-3')).to.equal(undefined);
    expect(await again.answer('user:1:kept')).to.deep.include({ ...answer(1), at: '2026-11-24T12:00:00.000Z' });
  });

  it('leaves out a last line cut short by a crash (the journal still has it), and writes the file whole at the next checkpoint', async function () {
    const ledger = store.part(ledgerPart);
    await ledger.saveAnswer('user:1:first', answer(1));
    await store.checkpoint();
    await ledger.saveAnswer('user:1:second', answer(2));
    // A crash during the next checkpoint's append: half a line, no newline; that checkpoint never completed, so the
    // journal still holds the unit. The store is left as a killed process leaves it (not closed) and opened again.
    const file = path.join(directory, 'economy', 'idempotency.jsonl');
    await appendFile(file, '{"k":"user:1:second","v":{"finger');
    store = await open();
    const recovered = store.part(ledgerPart);
    expect(await recovered.answer('user:1:first')).to.deep.include(answer(1));
    expect(await recovered.answer('user:1:second'), 'from the journal').to.deep.include(answer(2));
    await recovered.saveAnswer('user:1:third', answer(3));
    await store.checkpoint();
    for (const line of (await readFile(file, 'utf8')).trim().split('\n')) JSON.parse(line);
    const again = await reopen();
    expect(await again.answer('user:1:third')).to.deep.include(answer(3));
  });

  it('refuses to start on a damaged line before the last, and leaves the file untouched', async function () {
    await store.part(ledgerPart).saveAnswer('user:1:first', answer(1));
    await store.checkpoint();
    await store.close();
    const file = path.join(directory, 'economy', 'idempotency.jsonl');
    const damaged = `{"k":"user:1:x","v":{oops}\n${await readFile(file, 'utf8')}`;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, damaged);
    const error = await open().catch((caught) => caught);
    expect(error).to.be.instanceOf(StoreCorruptError);
    expect(error.message).to.match(/idempotency\.jsonl cannot be read at line 1/);
    expect(await readFile(file, 'utf8')).to.equal(damaged);
    // Moved away, as the message says: the store starts, for the next test's cleanup.
    await rm(file);
    store = await open();
  });

  it("keeps a posting's answer as its records' ids, answered as the records, and forgotten with them past retention", async function () {
    const ledger = store.part(ledgerPart);
    const alice = { name: 'Alice', uuid: 'uuid-a' };
    const bob = { name: 'Bob', uuid: 'uuid-b' };
    const pay = [
      { player: alice, amount: -5, type: 'TRANSFER' as const, description: 'Transfer to Bob', counterparty: bob },
      { player: bob, amount: 5, type: 'TRANSFER' as const, description: 'Transfer from Alice', counterparty: alice },
    ];
    const made = await ledger.postOnce(pay, new Date('2026-08-01T12:00:00.000Z'), { key: 'user:1:pay', fingerprint: 'f' }, 100);
    if (!('records' in made)) throw new Error('not made');
    await store.checkpoint();
    const [line] = (await readFile(path.join(directory, 'economy', 'idempotency.jsonl'), 'utf8')).trim().split('\n');
    expect(JSON.parse(line!)).to.deep.equal({
      k: 'user:1:pay',
      v: { fingerprint: 'f', status: 200, at: '2026-08-01T12:00:00.000Z', firstRecordId: made.records[0]!.id, recordCount: 2 },
    });
    const again = await reopen();
    expect(await again.answer('user:1:pay')).to.deep.include({ fingerprint: 'f', status: 200, body: made.records });
    // A day file goes only once every record in it is past retention, days after the answer's own day.
    await again.post([{ player: alice, amount: 1, type: 'ADMIN', description: 'later' }], new Date('2026-11-20T12:00:00.000Z'));
    await store.checkpoint();
    await again.deleteRecordsBefore(new Date('2026-08-24T00:00:00.000Z'));
    expect(await again.answer('user:1:pay')).to.equal(undefined);
  });
});
