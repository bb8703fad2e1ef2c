/**
 * `npm run bench -- append`: what appending a connection-log record costs
 * at 10^4, 10^5 and 10^6 records in its day file (goal: flat), and the
 * open (tail recovery) at each size.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DatedJsonLinesLog } from '../src/store/json/dated-log.js';
import { temporaryDirectory } from '../test/helpers/gatehouse.js';

export async function appendCost(): Promise<void> {
  console.log('\n2. Append cost of a connection-log record (mean of 2,000 awaited appends into one day file)');
  const directory = await temporaryDirectory('gatehouse-bench-log-');
  try {
    const timestamp = '2026-11-21T12:00:00.000Z';
    let written = 0;
    for (const size of [10_000, 100_000, 1_000_000]) {
      // Grow today's file to `size` records directly, as a busy server would have.
      await mkdir(directory, { recursive: true });
      const stream = createWriteStream(path.join(directory, '2026-11-21.jsonl'), { flags: 'a' });
      for (; written < size; written += 1) {
        const line = JSON.stringify({ username: `Player${written % 500}`, action: 'LOGIN', ipAddress: '192.168.1.20', timestamp, success: true, id: written + 1 });
        if (!stream.write(`${line}\n`)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
      }
      await new Promise<void>((resolve) => stream.end(() => resolve()));
      const openStarted = performance.now();
      const log = await DatedJsonLinesLog.open<{ id: number; timestamp: string; username: string }>(directory);
      const openMs = performance.now() - openStarted;
      const appends = 2000;
      const started = performance.now();
      for (let index = 0; index < appends; index += 1) await log.append({ timestamp, username: 'Bench' });
      written += appends;
      const perAppend = ((performance.now() - started) / appends) * 1000;
      console.log(`   ${size.toLocaleString('en-US').padStart(9)} records: ${perAppend.toFixed(0)} µs per append; open (tail recovery) ${openMs.toFixed(1)} ms`);
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
