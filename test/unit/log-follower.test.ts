import { appendFile, readdir, rename, rm, truncate, writeFile } from 'node:fs/promises';
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
    // The timer never fires in these tests: each poll is called by hand. How much a read takes is the follower's own business.
    follower = new LogFollower(file, (line) => lines.push(line), { intervalMs: 3600_000, onProblem: (notice) => notices.push(notice) });
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

  it('leaves no file open when stopped in the middle of a poll that moves to a rotated file', async function () {
    const openFiles = async () => (await readdir('/proc/self/fd')).length;
    await writeFile(file, '');
    const before = await openFiles();
    await follower.start();
    await rename(file, path.join(directory, '2026-11-23-1.log'));
    await writeFile(file, 'after rotation\n');
    // The poll finds the file replaced and opens the new one while the stop closes the old one.
    const polling = follower.poll();
    await follower.stop();
    await polling;
    // A poll asked for after the stop (a timer's, already under way) opens nothing either.
    await appendFile(file, 'after the stop\n');
    await follower.poll();
    expect(lines, 'nothing read after the stop').to.not.include('after the stop');
    expect(await openFiles(), 'files open after the stop').to.equal(before);
  });

  /** Polls until as many lines as were written came (a poll may hand none, in the middle of a long line), a bounded number of times. */
  const pollUntil = async (count: number) => {
    for (let poll = 0; poll < 1000 && lines.length < count; poll += 1) await follower.poll();
  };

  it('starts over when the file is cut shorter, and waits for a file that is not there yet', async function () {
    await follower.start();
    await writeFile(file, 'appeared\n');
    await follower.poll();
    expect(lines).to.deep.equal(['appeared']);
    await truncate(file, 0);
    await appendFile(file, 'again\n');
    await follower.poll();
    expect(lines).to.deep.equal(['appeared', 'again']);
  });

  /** Lines from one character to several MiB, written at once and polled until all came, with one poll more. */
  const writeAndFollow = async (written: string[]) => {
    await writeFile(file, '');
    await follower.start();
    await appendFile(file, `${written.join('\n')}\n`);
    await pollUntil(written.length);
    // One more: nothing is handed twice.
    await follower.poll();
  };
  const lengthOf = (index: number) => (index % 10 === 9 ? 3 * 1024 * 1024 + index : 1 + ((index * 7919) % 70_000));

  it('hands over every line whole and once, however long, wherever a read stops', async function () {
    // Lengths from one character to several MiB: wherever reads stop, some line straddles it.
    const written = Array.from({ length: 40 }, (_, index) => `line ${index} ${String.fromCharCode(97 + (index % 26)).repeat(lengthOf(index))}.`);
    await writeAndFollow(written);
    expect(lines.length, 'every line, once').to.equal(written.length);
    for (const [index, line] of lines.entries()) expect(line === written[index], `line ${index} whole and unchanged`).to.equal(true);
  });

  it('hands over a character of several bytes whole when a read stops in the middle of it', async function () {
    // Characters of two, three and four bytes in long lines: wherever reads stop, one of them straddles it.
    const alphabet = ['é', '€', '🙂'];
    const written = Array.from({ length: 30 }, (_, index) => `line ${index} ${alphabet[index % 3]!.repeat(lengthOf(index))}${alphabet[(index + 1) % 3]}`);
    await writeAndFollow(written);
    expect(lines.length, 'every line, once').to.equal(written.length);
    for (const [index, line] of lines.entries()) expect(line === written[index], `line ${index} whole and unchanged`).to.equal(true);
  });

  it('reads a backlog larger than a poll takes over several polls, each taking no more than it is allowed, in order', async function () {
    await follower.stop();
    const allowedBytes = 1000;
    follower = new LogFollower(file, (line) => lines.push(line), { intervalMs: 3600_000, maxReadBytes: allowedBytes });
    await writeFile(file, '');
    await follower.start();
    const written = Array.from({ length: 300 }, (_, index) => `backlog line ${index}`);
    await appendFile(file, `${written.join('\n')}\n`);
    const longest = Math.max(...written.map((line) => Buffer.byteLength(`${line}\n`)));
    let polls = 0;
    for (let before = -1; lines.length !== before; polls += 1) {
      before = lines.length;
      await follower.poll();
      const handed = lines.slice(before).reduce((sum, line) => sum + Buffer.byteLength(`${line}\n`), 0);
      // A poll's lines: what it was allowed to read, and the end of a line an earlier poll began.
      expect(handed, `poll ${polls}`).to.be.at.most(allowedBytes + longest);
    }
    expect(polls, 'more than one poll').to.be.greaterThan(2);
    expect(lines).to.deep.equal(written);
  });
});
