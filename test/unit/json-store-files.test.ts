import { appendFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { StoreCorruptError } from '../../src/lib/corrupt-data.js';
import { DatedJsonLinesLog } from '../../src/store/json/dated-log.js';
import { JsonStore } from '../../src/store/json/index.js';
import { usersPerShard } from '../../src/store/json/users.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

interface Entry {
  id: number;
  timestamp: string;
  name: string;
}

describe('JSON-file store on disk', function () {
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-files-');
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  it('refuses to start on a document that does not parse, and leaves it untouched', async function () {
    await mkdir(path.join(directory, 'users'), { recursive: true });
    const shard = path.join(directory, 'users', 'users-000000.json');
    await writeFile(shard, '{"users": [');
    const error = await JsonStore.open(directory).catch((caught) => caught);
    expect(error).to.be.instanceOf(StoreCorruptError);
    expect(error.message).to.match(/users-000000\.json cannot be read/);
    expect(await readFile(shard, 'utf8')).to.equal('{"users": [');
  });

  it('keeps users in shards of 1,000 by id, so a write touches one small file', async function () {
    const store = await JsonStore.open(directory);
    const created = await Promise.all(
      Array.from({ length: usersPerShard + 5 }, (_, index) =>
        store.users.create({
          username: `u${index}`,
          passwordHash: 'h',
          email: 'e@example.com',
          gameUsername: `P${index}`,
          gameUuid: `uuid-${index}`,
          createdAt: '2026-11-21T00:00:00.000Z',
        }),
      ),
    );
    await store.close();
    expect((await readdir(path.join(directory, 'users'))).sort()).to.deep.equal(['users-000000.json', 'users-000001.json']);
    const second = JSON.parse(await readFile(path.join(directory, 'users', 'users-000001.json'), 'utf8'));
    expect(second.users.map((user: { id: number }) => user.id)).to.deep.equal([1001, 1002, 1003, 1004, 1005]);
    const reopened = await JsonStore.open(directory);
    expect(await reopened.users.count()).to.equal(created.length);
    expect((await reopened.users.list({ page: 11, limit: 100 })).users.map((user) => user.id)).to.deep.equal([1001, 1002, 1003, 1004, 1005]);
    expect((await reopened.users.findByUsername('U1004'))!.id).to.equal(1005);
  });

  it('writes one JSON Lines file per UTC day and never rewrites earlier lines', async function () {
    const log = await DatedJsonLinesLog.open<Entry>(directory);
    await log.append({ timestamp: '2026-11-20T23:59:59.999Z', name: 'a' });
    await log.append({ timestamp: '2026-11-21T00:00:00.000Z', name: 'b' });
    await log.append({ timestamp: '2026-11-21T08:00:00.000Z', name: 'c' });
    expect((await readdir(directory)).sort()).to.deep.equal(['2026-11-20.jsonl', '2026-11-21.jsonl']);
    const lines = (await readFile(path.join(directory, '2026-11-21.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).name)).to.deep.equal(['b', 'c']);
  });

  it('cuts off a torn last line left by a crash and carries on from the last whole record', async function () {
    await mkdir(directory, { recursive: true });
    const file = path.join(directory, '2026-11-21.jsonl');
    await writeFile(file, '{"id":1,"timestamp":"2026-11-21T01:00:00.000Z","name":"a"}\n{"id":2,"timestamp":"2026-11-21T02:00:00.000Z","na');
    const log = await DatedJsonLinesLog.open<Entry>(directory);
    const next = await log.append({ timestamp: '2026-11-21T03:00:00.000Z', name: 'c' });
    expect(next.id).to.equal(2);
    const names = (await log.recent({ limit: 10 })).map((entry) => entry.name);
    expect(names).to.deep.equal(['c', 'a']);
    for (const line of (await readFile(file, 'utf8')).trim().split('\n')) JSON.parse(line);
  });

  it('recovers from the tail alone when the newest day file is large', async function () {
    await mkdir(directory, { recursive: true });
    const file = path.join(directory, '2026-11-21.jsonl');
    const lines = Array.from({ length: 3000 }, (_, index) => JSON.stringify({ id: index + 1, timestamp: '2026-11-21T01:00:00.000Z', name: `é-${index}` })).join('\n');
    await writeFile(file, `${lines}\n{"id":3001,"timestamp":"2026-11-21T0`);
    const log = await DatedJsonLinesLog.open<Entry>(directory);
    expect((await log.append({ timestamp: '2026-11-21T03:00:00.000Z', name: 'next' })).id).to.equal(3001);
    const newest = await log.recent({ limit: 2 });
    expect(newest.map((entry) => entry.name)).to.deep.equal(['next', 'é-2999']);
  });

  it('skips a damaged line in the middle instead of hiding the rest of the day', async function () {
    await mkdir(directory, { recursive: true });
    await appendFile(
      path.join(directory, '2026-11-21.jsonl'),
      '{"id":1,"timestamp":"2026-11-21T01:00:00.000Z","name":"a"}\nnot json\n{"id":3,"timestamp":"2026-11-21T03:00:00.000Z","name":"c"}\n',
    );
    const log = await DatedJsonLinesLog.open<Entry>(directory);
    expect((await log.recent({ limit: 10 })).map((entry) => entry.id)).to.deep.equal([3, 1]);
  });

  it('reads only as many day files as the limit needs', async function () {
    const log = await DatedJsonLinesLog.open<Entry>(directory);
    for (let day = 1; day <= 5; day += 1) await log.append({ timestamp: `2026-11-0${day}T12:00:00.000Z`, name: `d${day}` });
    // An older "day file" that is a directory: reading it would throw EISDIR.
    await mkdir(path.join(directory, '2026-10-02.jsonl'));
    const newest = await log.recent({ limit: 2 });
    expect(newest.map((entry) => entry.name)).to.deep.equal(['d5', 'd4']);
  });

  it('deletes whole day files once every record in them is past the cutoff', async function () {
    const log = await DatedJsonLinesLog.open<Entry>(directory);
    await log.append({ timestamp: '2026-10-20T12:00:00.000Z', name: 'old' });
    await log.append({ timestamp: '2026-10-21T12:00:00.000Z', name: 'edge' });
    expect(await log.deleteBefore(new Date('2026-10-21T23:00:00.000Z'))).to.equal(1);
    expect(await readdir(directory)).to.deep.equal(['2026-10-21.jsonl']);
  });
});
