import { appendFile, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { StoreCorruptError } from '../../src/lib/corrupt-data.js';
import { connectionLogPart } from '../../src/features/connections/store.js';
import { settingsPart } from '../../src/features/settings/store.js';
import { JsonStore } from '../../src/store/json/index.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { implementationsOf } from '../helpers/store-implementations.js';

/** The settings' part (its one small document is written in the units below) and the connection log's (day files outside the journal). */
const parts = implementationsOf(settingsPart, connectionLogPart);

const newUser = (username: string) => ({
  username,
  passwordHash: 'h',
  email: `${username}@example.com`,
  gameUsername: username,
  gameUuid: `uuid-${username}`,
  createdAt: '2026-11-21T00:00:00.000Z',
});

describe('JSON store: the journal and checkpoints on disk', function () {
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-journal-');
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  const journalFiles = async () => (await readdir(path.join(directory, 'journal'))).filter((name) => name.endsWith('.jsonl')).sort();
  const journalLines = async () => {
    const lines: string[] = [];
    for (const name of await journalFiles()) lines.push(...(await readFile(path.join(directory, 'journal', name), 'utf8')).split('\n').filter(Boolean));
    return lines;
  };

  it('writes one journal line per unit of work, before any table file', async function () {
    const store = await JsonStore.open(directory, { parts, checkpointIntervalMs: 3600_000 });
    await store.users.create(newUser('first'));
    await store.transaction(async (tx) => {
      await tx.users.create(newUser('second'));
      await tx.part(settingsPart).save({ maxPlayers: 5 });
    });
    const lines = (await journalLines()).map((line) => JSON.parse(line));
    expect(lines).to.have.length(2);
    expect(lines[1].ops.map((op: { t: string }) => op.t).sort()).to.deep.equal(['settings', 'users']);
    expect(await readdir(directory)).to.not.include('settings.json');
    await store.close();
  });

  it('writes the tables to their files at a checkpoint and starts the journal over', async function () {
    const store = await JsonStore.open(directory, { parts, checkpointIntervalMs: 3600_000 });
    await store.users.create(newUser('kept'));
    await store.part(settingsPart).save({ serverName: 'checkpointed' });
    await store.checkpoint();
    expect(await journalLines()).to.deep.equal([]);
    expect(JSON.parse(await readFile(path.join(directory, 'settings.json'), 'utf8'))).to.deep.equal({ overrides: { serverName: 'checkpointed' } });
    expect(JSON.parse(await readFile(path.join(directory, 'users', 'users-000000.json'), 'utf8')).users[0].username).to.equal('kept');
    await store.part(settingsPart).save({ serverName: 'after' });
    await store.close();
    const reopened = await JsonStore.open(directory, { parts });
    expect(await reopened.part(settingsPart).load()).to.deep.equal({ serverName: 'after' });
    expect(await reopened.users.findByUsername('KEPT')).to.not.equal(undefined);
    await reopened.close();
  });

  it('cuts off a last line torn by a crash (it was never acknowledged) and keeps the rest', async function () {
    const store = await JsonStore.open(directory, { parts, checkpointIntervalMs: 3600_000 });
    await store.users.create(newUser('whole'));
    // Left as a crash would: no close, so no checkpoint; then half a line more.
    const [segment] = await journalFiles();
    await appendFile(path.join(directory, 'journal', segment!), '{"seq":99,"ops":[{"t":"users","k":"2","v":{"id":2,"user');
    const reopened = await JsonStore.open(directory, { parts });
    expect(await reopened.users.findByUsername('whole')).to.not.equal(undefined);
    expect(await reopened.users.count()).to.equal(1);
    expect((await readFile(path.join(directory, 'journal', segment!), 'utf8')).endsWith('\n')).to.equal(true);
    await reopened.close();
  });

  it('refuses to start on a damaged line before the last, and leaves the journal untouched', async function () {
    const store = await JsonStore.open(directory, { parts, checkpointIntervalMs: 3600_000 });
    await store.users.create(newUser('one'));
    await store.users.create(newUser('two'));
    const [segment] = await journalFiles();
    const file = path.join(directory, 'journal', segment!);
    const damaged = (await readFile(file, 'utf8')).replace('"one"', '"one');
    await writeFile(file, damaged);
    const error = await JsonStore.open(directory, { parts }).catch((caught) => caught);
    expect(error).to.be.instanceOf(StoreCorruptError);
    expect(error.message).to.match(/line 1 is damaged/);
    expect(await readFile(file, 'utf8')).to.equal(damaged);
  });

  it('keeps a unit whose journal write failed (refused to the caller) out of the checkpoint files written meanwhile', async function () {
    const store = await JsonStore.open(directory, { parts, checkpointIntervalMs: 3600_000 });
    await store.users.create(newUser('kept'));
    // The disk fills up at a checkpoint: the journal's next segment, which the checkpoint starts, is /dev/full (every write: ENOSPC).
    const [segment] = await journalFiles();
    const nextSegment = path.join(directory, 'journal', `${String(Number(segment!.slice(0, 8)) + 1).padStart(8, '0')}.jsonl`);
    await symlink('/dev/full', nextSegment);
    const refused = store.users.create(newUser('refused')).then(
      () => 'acknowledged',
      (error: Error) => error.name,
    );
    // The unit is taken while the checkpoint starts the new segment, so its write, the first there, fails while the checkpoint waits for it.
    const checkpoint = await store.checkpoint().then(
      () => 'written',
      (error: Error) => error.name,
    );
    expect(await refused).to.equal('StoreFailedError');
    expect(checkpoint, 'the checkpoint gave up').to.equal('StoreFailedError');
    await store.close().catch(() => undefined);
    // Space freed before the restart: the segment the failed write went to is empty.
    await rm(nextSegment);
    await writeFile(nextSegment, '');
    const reopened = await JsonStore.open(directory, { parts });
    expect(await reopened.users.findByUsername('kept')).to.not.equal(undefined);
    expect(await reopened.users.findByUsername('refused'), 'a refused unit is nowhere after a restart').to.equal(undefined);
    await reopened.close();
  });

  it("tightens quietly a data directory that held no data yet (a fresh clone's, holding only its README)", async function () {
    const { chmod } = await import('node:fs/promises');
    await writeFile(path.join(directory, 'README.md'), '# data/\n');
    await chmod(directory, 0o755);
    const logged: string[] = [];
    const store = await JsonStore.open(directory, { logInfo: (message) => logged.push(message) });
    await store.close();
    expect((await stat(directory)).mode & 0o777).to.equal(0o700);
    expect(logged.join('\n')).to.not.match(/readable by other users|owner-only/);
  });

  it('makes the data directory owner-only (tightening an existing one) and every file it writes 0600', async function () {
    const { chmod } = await import('node:fs/promises');
    // Data an earlier version left readable by others.
    await writeFile(path.join(directory, 'settings.json'), '{}');
    await chmod(directory, 0o755);
    const logged: string[] = [];
    const store = await JsonStore.open(directory, { parts, logInfo: (message) => logged.push(message) });
    expect(logged.join('\n')).to.match(/now owner-only/);
    await store.users.create(newUser('private'));
    await store.keys.getOrCreate('jwt-signing', () => Buffer.alloc(64, 1));
    await store.part(connectionLogPart).append({ username: 'x', action: 'LOGIN', ipAddress: '10.0.0.1', timestamp: new Date().toISOString(), success: true });
    await store.close();
    expect((await stat(directory)).mode & 0o777).to.equal(0o700);
    const files = [
      path.join(directory, 'jwt-signing.key'),
      path.join(directory, 'users', 'users-000000.json'),
      path.join(directory, 'journal', 'checkpoint.json'),
      ...(await readdir(path.join(directory, 'connections'))).map((name) => path.join(directory, 'connections', name)),
      ...(await journalFiles()).map((name) => path.join(directory, 'journal', name)),
    ];
    for (const file of files) expect((await stat(file)).mode & 0o777, file).to.equal(0o600);
  });
});
