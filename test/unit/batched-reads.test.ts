import { expect } from 'chai';
import { batchedReads } from '../../src/store/postgres/batched-reads.js';
import { StoreUnavailableError } from '../../src/store/postgres/errors.js';

/** A database stand-in: each statement (a batch of keys) answers when the test says; answers a key doubled. */
class Statements {
  readonly sent: number[][] = [];
  private waiting: Array<{ keys: readonly number[]; resolve: (answers: Array<number | Error>) => void; reject: (error: Error) => void }> = [];

  read = (keys: readonly number[]): Promise<Array<number | Error>> => {
    this.sent.push([...keys]);
    return new Promise((resolve, reject) => this.waiting.push({ keys, resolve, reject }));
  };

  get onTheirWay(): number {
    return this.waiting.length;
  }

  /** Answers the oldest statement on its way; a key 13 gets an Error of its own. */
  answer(): void {
    const { keys, resolve } = this.waiting.shift()!;
    resolve(keys.map((key) => (key === 13 ? new Error('thirteen') : key * 2)));
  }

  /** Fails the oldest statement on its way as a database away does. */
  fail(message: string): void {
    this.waiting.shift()!.reject(new StoreUnavailableError(message));
  }

  /** Fails the oldest statement on its way as PostgreSQL refusing a value does (22021: a NUL byte in text). */
  refuse(): void {
    this.waiting.shift()!.reject(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }));
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('reads made at the same moment, sent in one statement', function () {
  let database: Statements;
  let read: (key: number) => Promise<number>;

  beforeEach(function () {
    database = new Statements();
    read = batchedReads(database.read);
  });

  it('sends what is asked in one turn as one statement, each caller answered its own', async function () {
    const answers = Promise.all([1, 2, 3, 2].map(read));
    await settle();
    expect(database.sent).to.deep.equal([[1, 2, 3, 2]]);
    database.answer();
    expect(await answers).to.deep.equal([2, 4, 6, 4]);
  });

  it('sends at the end of the turn while fewer than two statements are on their way; what is asked meanwhile goes in the next, sent when one comes back', async function () {
    const first = read(1);
    await settle();
    const second = read(2);
    await settle();
    expect(database.sent, 'the second goes at once: only one was on its way').to.deep.equal([[1], [2]]);
    const later = [3, 4, 5].map(read);
    await settle();
    expect(database.onTheirWay, 'two on their way: the rest wait').to.equal(2);
    database.answer();
    expect(await first).to.equal(2);
    await settle();
    expect(database.sent.at(-1), 'what waited goes together once a statement came back').to.deep.equal([3, 4, 5]);
    database.answer();
    database.answer();
    expect(await second).to.equal(4);
    expect(await Promise.all(later)).to.deep.equal([6, 8, 10]);
    expect(database.onTheirWay).to.equal(0);
  });

  it('never answers a read from a statement sent before it was asked', async function () {
    const first = read(1);
    await settle();
    const again = read(1);
    await settle();
    expect(database.sent, 'the same key asked again after the first statement went is a statement of its own').to.deep.equal([[1], [1]]);
    database.answer();
    await first;
    let answered = false;
    void again.then(() => (answered = true));
    await settle();
    expect(answered, 'not by the first statement').to.equal(false);
    database.answer();
    expect(await again).to.equal(2);
  });

  it('sends at most 100 keys a statement', async function () {
    const answers = Promise.all(Array.from({ length: 250 }, (_, index) => read(1000 + index)));
    await settle();
    expect(database.sent.map((keys) => keys.length)).to.deep.equal([100, 100]);
    database.answer();
    database.answer();
    await settle();
    expect(database.sent.map((keys) => keys.length)).to.deep.equal([100, 100, 50]);
    database.answer();
    expect((await answers).at(-1)).to.equal(2498);
  });

  it('fails every caller of a statement failed with the database away and no other; an Error answered for one key fails that caller alone; the slots are freed', async function () {
    const failing = [1, 2].map((key) => read(key).catch((error: Error) => error.message));
    await settle();
    const mixed = [13, 4].map((key) => read(key).catch((error: Error) => error.message));
    await settle();
    database.fail('connection lost');
    database.answer();
    expect(await Promise.all(failing)).to.deep.equal(['connection lost', 'connection lost']);
    expect(await Promise.all(mixed)).to.deep.equal(['thirteen', 8]);
    const after = [read(5)];
    await settle();
    after.push(read(6));
    await settle();
    expect(database.sent.slice(-2), 'both slots free again: two statements go at once').to.deep.equal([[5], [6]]);
    database.answer();
    database.answer();
    expect(await Promise.all(after)).to.deep.equal([10, 12]);
  });

  it("sends a statement refused for what a key holds again a key at a time, so only that key's caller fails", async function () {
    const answers = [1, 2, 3].map((key) => read(key).catch((error: Error) => error.message));
    await settle();
    database.refuse();
    await settle();
    expect(database.sent.slice(1), 'each key alone').to.deep.equal([[1], [2], [3]]);
    database.answer();
    database.refuse();
    database.answer();
    expect(await Promise.all(answers)).to.deep.equal([2, 'invalid byte sequence for encoding "UTF8": 0x00', 6]);
    expect(database.onTheirWay).to.equal(0);
  });

  it("inside a unit of work reads each key alone, at once, on the unit's connection; an Error answered for it fails its caller", async function () {
    const inUnit = batchedReads(database.read, { inUnit: true });
    const answers = [inUnit(1), inUnit(13).catch((error: Error) => error.message), inUnit(2)];
    expect(database.sent, 'sent at once, before the end of the turn, a statement each').to.deep.equal([[1], [13], [2]]);
    database.answer();
    database.answer();
    database.answer();
    expect(await Promise.all(answers)).to.deep.equal([2, 'thirteen', 4]);
  });
});
