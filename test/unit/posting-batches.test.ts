/**
 * Postings made alone on PostgreSQL go to the database together
 * (src/features/economy/postgres-posting-batches.ts): the first at once, those
 * that come while statements are on their way in one statement after, each
 * posting answered its own lines, and one posting's fault answered to it alone.
 */
import { expect } from 'chai';
import { type BatchLine, PostingBatches, type Queued } from '../../src/features/economy/postgres-posting-batches.js';
import type { Posting } from '../../src/features/economy/store.js';
import { StoreUnavailableError } from '../../src/store/postgres/errors.js';

const posting = (name: string, amount: number): Posting[] => [{ player: { name, uuid: `uuid-${name}` }, amount, type: 'ADMIN', description: name }];

/** A database that answers each line as posted, when the test lets it. */
function database(fail?: (batch: readonly Queued[]) => Error | undefined) {
  const sent: string[][] = [];
  const pending: Array<() => void> = [];
  const send = (batch: readonly Queued[]) => {
    sent.push(batch.map((queued) => queued.postings[0]!.player.name));
    return new Promise<BatchLine[]>((resolve, reject) => {
      pending.push(() => {
        const failure = fail?.(batch);
        if (failure) reject(failure);
        else resolve(batch.map((queued, index) => ({ posting: index + 1, line: 1, refused: null, id: 100 + index, account: index, balance: queued.postings[0]!.amount })));
      });
    });
  };
  const answerAll = async () => {
    while (pending.length > 0) {
      pending.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { sent, send, answerAll };
}

describe('PostingBatches', function () {
  it('sends the first posting at once, and those that come while two statements are on their way together after', async function () {
    const db = database();
    const batches = new PostingBatches(db.send);
    const answers = ['a', 'b', 'c', 'd', 'e'].map((name, index) => batches.post(posting(name, index + 1), new Date()));
    expect(db.sent, 'two on their way, the rest waiting').to.deep.equal([['a'], ['b']]);
    await db.answerAll();
    expect(db.sent).to.deep.equal([['a'], ['b'], ['c', 'd', 'e']]);
    const lines = await Promise.all(answers);
    expect(lines.map((own) => own.map((line) => line.balance))).to.deep.equal([[1], [2], [3], [4], [5]]);
  });

  it('answers a fault of the data to its own posting only: the others are sent again one by one and made', async function () {
    const db = database((batch) => (batch.some((queued) => queued.postings[0]!.player.name === 'bad') ? new Error('integer out of range') : undefined));
    const batches = new PostingBatches(db.send);
    const first = batches.post(posting('first', 1), new Date());
    const second = batches.post(posting('second', 2), new Date());
    const answers = ['x', 'bad', 'y'].map((name) =>
      batches.post(posting(name, 3), new Date()).then(
        (lines) => lines.length,
        (error: Error) => error.message,
      ),
    );
    await db.answerAll();
    expect(await Promise.all([first, second]).then((all) => all.length)).to.equal(2);
    expect(await Promise.all(answers)).to.deep.equal([1, 'integer out of range', 1]);
    expect(db.sent.slice(2)).to.deep.equal([['x', 'bad', 'y'], ['x'], ['bad'], ['y']]);
  });

  it('answers the database away to every posting of the statement, sending nothing again', async function () {
    const db = database((batch) => (batch.length > 1 ? new StoreUnavailableError('PostgreSQL cannot be used') : undefined));
    const batches = new PostingBatches(db.send);
    void batches.post(posting('a', 1), new Date());
    void batches.post(posting('b', 1), new Date());
    const answers = ['c', 'd'].map((name) => batches.post(posting(name, 1), new Date()).catch((error: Error) => error.name));
    await db.answerAll();
    expect(await Promise.all(answers)).to.deep.equal(['StoreUnavailableError', 'StoreUnavailableError']);
    expect(db.sent).to.have.length(3);
  });
});
