import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { JsonEventLog } from '../../src/features/events/store-json.js';
import { DurableAppendFile } from '../../src/lib/durable-file.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

const openFiles = async () => (await readdir('/proc/self/fd')).length;

describe('DurableAppendFile (a log kept open, each append on disk when it resolves)', function () {
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-append-');
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  for (const syncFlag of [true, false]) {
    it(`appends after what the file holds, owner-only, and lets its descriptor go when closed (${syncFlag ? 'O_DSYNC' : 'a write then fdatasync'})`, async function () {
      const file = path.join(directory, 'log.jsonl');
      const before = await openFiles();
      const first = await DurableAppendFile.open(file, { syncFlag });
      await first.append('{"a":1}\n');
      await first.append('{"a":2}\n');
      expect(await readFile(file, 'utf8')).to.equal('{"a":1}\n{"a":2}\n');
      await first.close();
      const again = await DurableAppendFile.open(file, { syncFlag });
      await again.append('{"a":3}\n');
      await again.close();
      expect(await readFile(file, 'utf8')).to.equal('{"a":1}\n{"a":2}\n{"a":3}\n');
      expect((await stat(file)).mode & 0o777).to.equal(0o600);
      expect(await openFiles()).to.equal(before);
    });
  }
});

describe('the JSON event log (segments kept open while written)', function () {
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-event-log-');
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  const event = (n: number) => ({
    type: 'settings.changed' as const,
    timestamp: new Date(Date.UTC(2026, 10, 28, 12, 0, n)).toISOString(),
    server: 'main',
    data: { keys: [`k${n}`] },
  });

  it('gives ids that go on after it is closed and opened again, reads every event back from disk, and leaves no file open', async function () {
    const before = await openFiles();
    const log = await JsonEventLog.open(directory);
    const written = [...(await log.append([event(1), event(2)])), ...(await log.append([event(3)]))];
    expect(written.map((stored) => stored.id)).to.deep.equal([1, 2, 3]);
    await log.close();
    expect(await openFiles()).to.equal(before);

    const reopened = await JsonEventLog.open(directory);
    const later = await reopened.append([event(4)]);
    expect(later.map((stored) => stored.id)).to.deep.equal([4]);
    // Each start begins a segment of its own; the earlier one is read from disk.
    expect((await readdir(directory)).sort()).to.deep.equal(['000000000001.jsonl', '000000000004.jsonl']);
    expect((await reopened.after(0, 10)).map((stored) => stored.data)).to.deep.equal([1, 2, 3, 4].map((n) => ({ keys: [`k${n}`] })));
    await reopened.close();
    expect(await openFiles()).to.equal(before);
  });

  it('begins a new segment after 20,000 events, closing the one before, which holds them all', async function () {
    const before = await openFiles();
    const log = await JsonEventLog.open(directory);
    for (let batch = 0; batch < 40; batch += 1) await log.append(Array.from({ length: 500 }, (_, index) => event((batch * 500 + index) % 60)));
    const [next] = await log.append([event(1)]);
    expect(next!.id).to.equal(20_001);
    expect((await readdir(directory)).sort()).to.deep.equal(['000000000001.jsonl', '000000020001.jsonl']);
    // The first segment's file is closed: only the newest is held while the log is open.
    expect(await openFiles()).to.equal(before + 1);
    const lines = (await readFile(path.join(directory, '000000000001.jsonl'), 'utf8')).split('\n').filter(Boolean);
    expect(lines).to.have.length(20_000);
    await log.close();
    expect(await openFiles()).to.equal(before);
  });
});
