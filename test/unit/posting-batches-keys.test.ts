/**
 * Postings made alone on PostgreSQL under Idempotency-Keys go to the
 * database together as the others do
 * (src/features/economy/postgres-posting-batches.ts), but never two under one
 * key in one statement: the second waits for the next statement, where the
 * first one's answer is found.
 */
import { expect } from 'chai';
import { type BatchLine, PostingBatches, type Queued } from '../../src/features/economy/postgres-posting-batches.js';
import type { Posting } from '../../src/features/economy/store.js';

const posting = (name: string): Posting[] => [{ player: { name, uuid: `uuid-${name}` }, amount: 1, type: 'ADMIN', description: name }];
const key = (name: string) => ({ key: `user:1:${name}`, lock: '1', fingerprint: 'f' });

describe('PostingBatches, under Idempotency-Keys', function () {
  it('never sends two postings under one key in one statement: the second goes in the next', async function () {
    const sent: string[][] = [];
    const pending: Array<() => void> = [];
    const batches = new PostingBatches((batch: readonly Queued[]) => {
      sent.push(batch.map((queued) => queued.postings[0]!.description));
      return new Promise<BatchLine[]>((resolve) =>
        pending.push(() => resolve(batch.map((_, index) => ({ posting: index + 1, line: 1, refused: null, id: 100 + index, account: index, balance: 1 })))),
      );
    });
    const answers = [
      batches.post(posting('a'), new Date()),
      batches.post(posting('b'), new Date()),
      batches.post(posting('once'), new Date(), key('once')),
      batches.post(posting('other'), new Date(), key('other')),
      batches.post(posting('once again'), new Date(), key('once')),
      batches.post(posting('unkeyed'), new Date()),
    ];
    while (pending.length > 0) {
      pending.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(answers);
    expect(sent).to.deep.equal([['a'], ['b'], ['once', 'other', 'unkeyed'], ['once again']]);
  });
});
