import { spawn } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { JsonStore } from '../../src/store/json/index.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';
import { testLedgerImplementations, testLedgerPart } from '../helpers/transfer-part.js';

/** Runs the transfer child until it has acknowledged `acks` transfers (and a random few more), then kills it with -9. */
async function runAndKill(dataDirectory: string, acks: number): Promise<Set<string>> {
  const child = spawn(process.execPath, [path.resolve('build/test/helpers/transfer-child.js'), dataDirectory], { stdio: ['ignore', 'pipe', 'inherit'] });
  const acknowledged = new Set<string>();
  const extra = Math.floor(Math.random() * 500);
  let buffer = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${acknowledged.size} transfers acknowledged in 30 s`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) if (line.startsWith('ack ')) acknowledged.add(line.slice(4));
      if (acknowledged.size >= acks + extra) {
        clearTimeout(timer);
        child.kill('SIGKILL');
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (acknowledged.size < acks + extra) reject(new Error(`the child exited (${code}) early`));
    });
  });
  await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  // Lines the child wrote before it died but the pipe had not delivered yet are lost, never invented.
  return acknowledged;
}

describe('crash safety: kill -9 during concurrent units of work on the JSON store', function () {
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-units-');
  });
  afterEach(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps every acknowledged unit whole, and no unit half, through three kills with checkpoints running', async function () {
    const acknowledged = new Set<string>();
    for (let round = 0; round < 3; round += 1) {
      for (const id of await runAndKill(directory, 1500)) acknowledged.add(id);
      const store = await JsonStore.open(directory, { parts: [testLedgerImplementations] });
      try {
        const ledger = store.part(testLedgerPart);
        expect(await ledger.total(), 'money in all accounts').to.equal(20 * 1000);
        for (let index = 0; index < 20; index += 1) expect(await ledger.balance(`account${index}`)).to.be.at.least(0);
        const recorded = new Set(await ledger.transferIds());
        const missing = [...acknowledged].filter((id) => !recorded.has(id));
        expect(missing, 'acknowledged transfers missing after the kill').to.deep.equal([]);
      } finally {
        await store.close();
      }
    }
    expect(await readdir(path.join(directory, 'journal'))).to.include('checkpoint.json');
  });
});
