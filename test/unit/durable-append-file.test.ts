import { constants } from 'node:fs';
import { readdir, readFile, readlink, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { JsonEventLog } from '../../src/features/events/store-json.js';
import { DurableAppendFile } from '../../src/lib/durable-file.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

/** This process's open files under `directory` (Linux's /proc): not the sockets and pipes other tests may be closing meanwhile. */
async function openFilesIn(directory: string): Promise<Array<{ target: string; flags: number }>> {
  const open: Array<{ target: string; flags: number }> = [];
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (!target.startsWith(`${directory}/`)) continue;
    const flags = /flags:\s*(\d+)/.exec(await readFile(`/proc/self/fdinfo/${fd}`, 'utf8').catch(() => ''))?.[1];
    open.push({ target, flags: Number.parseInt(flags ?? '0', 8) });
  }
  return open;
}

describe('durable appends, each test in a directory of its own', function () {
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-append-');
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  describe('DurableAppendFile (a log kept open, each append on disk when it resolves)', function () {
    for (const syncFlag of [true, false]) {
      it(`appends after what the file holds, owner-only, and lets its descriptor go when closed (${syncFlag ? 'O_DSYNC' : 'a write then fdatasync'})`, async function () {
        const file = path.join(directory, 'log.jsonl');
        const first = await DurableAppendFile.open(file, { syncFlag });
        const [held] = await openFilesIn(directory);
        expect(held?.target).to.equal(file);
        expect(Boolean(held!.flags & constants.O_DSYNC)).to.equal(syncFlag);
        await first.append('{"a":1}\n');
        await first.append('{"a":2}\n');
        expect(await readFile(file, 'utf8')).to.equal('{"a":1}\n{"a":2}\n');
        await first.close();
        const again = await DurableAppendFile.open(file, { syncFlag });
        await again.append('{"a":3}\n');
        await again.close();
        expect(await readFile(file, 'utf8')).to.equal('{"a":1}\n{"a":2}\n{"a":3}\n');
        expect((await stat(file)).mode & 0o777).to.equal(0o600);
        expect(await openFilesIn(directory)).to.deep.equal([]);
      });
    }
  });

  describe('the JSON event log (segments kept open while written)', function () {
    const event = (n: number) => ({
      type: 'settings.changed' as const,
      timestamp: new Date(Date.UTC(2026, 10, 28, 12, 0, n)).toISOString(),
      server: 'main',
      data: { keys: [`k${n}`] },
    });

    it('gives ids that go on after it is closed and opened again, reads every event back from disk, and leaves no file open', async function () {
      const log = await JsonEventLog.open(directory);
      const written = [...(await log.append([event(1), event(2)])), ...(await log.append([event(3)]))];
      expect(written.map((stored) => stored.id)).to.deep.equal([1, 2, 3]);
      await log.close();
      expect(await openFilesIn(directory)).to.deep.equal([]);

      const reopened = await JsonEventLog.open(directory);
      const later = await reopened.append([event(4)]);
      expect(later.map((stored) => stored.id)).to.deep.equal([4]);
      // Each start begins a segment of its own; the earlier one is read from disk.
      expect((await readdir(directory)).sort()).to.deep.equal(['000000000001.jsonl', '000000000004.jsonl']);
      expect((await reopened.after(0, 10)).map((stored) => stored.data)).to.deep.equal([1, 2, 3, 4].map((n) => ({ keys: [`k${n}`] })));
      await reopened.close();
      expect(await openFilesIn(directory)).to.deep.equal([]);
    });

    it('begins a new segment after 20,000 events, closing the one before, which holds them all', async function () {
      const log = await JsonEventLog.open(directory);
      for (let batch = 0; batch < 40; batch += 1) await log.append(Array.from({ length: 500 }, (_, index) => event((batch * 500 + index) % 60)));
      const [next] = await log.append([event(1)]);
      expect(next!.id).to.equal(20_001);
      expect((await readdir(directory)).sort()).to.deep.equal(['000000000001.jsonl', '000000020001.jsonl']);
      // The first segment's file is closed: only the newest is held while the log is open.
      expect((await openFilesIn(directory)).map((open) => path.basename(open.target))).to.deep.equal(['000000020001.jsonl']);
      const lines = (await readFile(path.join(directory, '000000000001.jsonl'), 'utf8')).split('\n').filter(Boolean);
      expect(lines).to.have.length(20_000);
      await log.close();
      expect(await openFilesIn(directory)).to.deep.equal([]);
    });

    it('after an append that failed part-way, writes the next in a new segment, so no event it acknowledges is glued to the cut line', async function () {
      const log = await JsonEventLog.open(directory);
      await log.append([event(1)]);
      const append = DurableAppendFile.prototype.append;
      // The disk takes 10 bytes of the next append, then is full.
      DurableAppendFile.prototype.append = async function (this: DurableAppendFile, lines: string) {
        DurableAppendFile.prototype.append = append;
        await append.call(this, lines.slice(0, 10));
        throw new Error('ENOSPC: no space left on device, write');
      };
      try {
        await log.append([event(2)]).then(
          () => expect.fail('the append that failed resolved'),
          (error: Error) => expect(error.message).to.match(/ENOSPC/),
        );
      } finally {
        DurableAppendFile.prototype.append = append;
      }
      const [retried] = await log.append([event(3), event(4)]);
      await log.close();
      const reopened = await JsonEventLog.open(directory);
      const read = await reopened.after(0, 10);
      await reopened.close();
      expect(read.map((stored) => [stored.id, stored.data])).to.deep.equal([
        [1, { keys: ['k1'] }],
        [retried!.id, { keys: ['k3'] }],
        [retried!.id + 1, { keys: ['k4'] }],
      ]);
    });
  });
});
