import { appendFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { LogFollower } from '../../src/game/rcon/log-follower.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

describe('LogFollower (latest.log followed across rotation)', function () {
  let directory: string;
  let file: string;
  let lines: string[];
  let notices: string[];
  let follower: LogFollower;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-follow-');
    file = path.join(directory, 'latest.log');
    lines = [];
    notices = [];
    // The timer never fires in these tests: each poll is called by hand.
    follower = new LogFollower(file, (line) => lines.push(line), { intervalMs: 3600_000, maxReadBytes: 100, onProblem: (notice) => notices.push(notice) });
  });
  afterEach(async function () {
    await follower.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('skips what the file held at start (but shows its head), then reads appended lines, a partial line once it is whole', async function () {
    await writeFile(file, 'Starting minecraft server version 1.21.9\nold event\n');
    const head: string[] = [];
    await follower.start((line) => head.push(line));
    expect(head).to.include('Starting minecraft server version 1.21.9');
    await appendFile(file, 'first\nsecond half');
    await follower.poll();
    expect(lines).to.deep.equal(['first']);
    await appendFile(file, ' done\n');
    await follower.poll();
    expect(lines).to.deep.equal(['first', 'second half done']);
  });

  it('reads the lines written just before a rotation from the old file, then the new file from its start', async function () {
    await writeFile(file, '');
    await follower.start();
    await appendFile(file, 'before rotation\n');
    await rename(file, path.join(directory, '2026-11-23-1.log'));
    await writeFile(file, 'after rotation\n');
    await follower.poll();
    expect(lines).to.deep.equal(['before rotation', 'after rotation']);
    expect(notices.join('\n')).to.match(/replaced/);
  });

  it('starts over when the file is cut shorter, reads a backlog over several polls, and waits for a file that is not there yet', async function () {
    await follower.start();
    await writeFile(file, 'appeared\n');
    await follower.poll();
    expect(lines).to.deep.equal(['appeared']);
    await truncate(file, 0);
    await appendFile(file, 'again\n');
    await follower.poll();
    expect(lines).to.deep.equal(['appeared', 'again']);
    await appendFile(file, `${Array.from({ length: 30 }, (_, index) => `line ${index}`).join('\n')}\n`);
    await follower.poll();
    expect(lines.length, 'at most 100 bytes and a bit a poll').to.be.lessThan(32);
    for (let poll = 0; poll < 10; poll += 1) await follower.poll();
    expect(lines.at(-1)).to.equal('line 29');
  });
});
