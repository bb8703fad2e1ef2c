/**
 * A unit of work's values are made into JSON once: the journal's line is
 * built from each value's text, and the ledger writes the same text into its
 * day files at the next checkpoint rather than serialising the records again.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { IndexedLog } from '../../src/store/json/indexed-log.js';
import { type JournalOp, unitLine } from '../../src/store/json/journal.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

interface Entry {
  id: number;
  timestamp: string;
  group: number;
  text: string;
}

describe("JSON store: a unit's values made into JSON once", function () {
  it('builds the journal line JSON.stringify makes of the unit, whatever the values hold', function () {
    const ops: JournalOp[] = [
      { t: 'ledger', k: '7', v: { id: 7, description: 'a "quoted" line\nwith ünïcödé, \u2028 and \\ back', amount: -1.5, nested: { list: [1, null, 'x'] } } },
      { t: 'users', k: 'key "with" quotes', v: null },
      { t: 'settings', k: 'overrides', v: undefined },
      { t: 'answers', k: 'user:1:é', v: 'a string' },
      { t: 'counts', k: '0', v: 0 },
    ];
    const values = ops.map((op) => JSON.stringify(op.v) as string | undefined);
    expect(unitLine(12, ops, values)).to.equal(JSON.stringify({ seq: 12, ops }));
    expect(unitLine(1, [], [])).to.equal(JSON.stringify({ seq: 1, ops: [] }));
  });

  describe('the ledger at a checkpoint', function () {
    let directory: string;
    let log: IndexedLog<Entry>;
    beforeEach(async function () {
      directory = await temporaryDirectory('gatehouse-unit-text-');
      log = new IndexedLog<Entry>(directory, { name: 'ledger', groupOf: (entry) => entry.group });
      await log.asTableFile().load();
    });
    afterEach(async function () {
      log.close();
      await rm(directory, { recursive: true, force: true });
    });

    const dayFileLines = async () => {
      const [name] = (await readdir(directory)).filter((file) => file.endsWith('.jsonl'));
      return (await readFile(path.join(directory, name!), 'utf8')).split('\n').filter(Boolean);
    };
    const checkpoint = () => log.asTableFile().snapshot(undefined as never, new Set())();

    it("writes a record committed by a unit as the journal's text of it, and a record replayed from the journal made anew", async function () {
      const first: Entry = { id: 1, timestamp: '2026-11-28T10:00:00.000Z', group: 3, text: 'ünïcödé' };
      const second: Entry = { id: 2, timestamp: '2026-11-28T10:00:01.000Z', group: 4, text: 'replayed' };
      // The journal's text of the first, in another key order than JSON.stringify's: it is this text that reaches the day file.
      const journalled = '{"text":"ünïcödé","group":3,"timestamp":"2026-11-28T10:00:00.000Z","id":1}';
      log.apply('1', first, true, journalled);
      log.apply('2', second);
      await checkpoint();
      expect(await dayFileLines()).to.deep.equal([journalled, JSON.stringify(second)]);
      // The index counts the text's bytes: both read back whole, through it.
      expect(log.get(1)).to.deep.equal(first);
      expect(log.get(2)).to.deep.equal(second);
      expect(log.idsOf(3, 0, 10)).to.deep.equal({ ids: [1], total: 1 });
    });
  });
});
