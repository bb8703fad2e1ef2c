/**
 * The event log survives a kill -9: a stream that reconnects with the
 * Last-Event-ID it had, to Gatehouse started again on the same data, misses
 * nothing the log gave out before the kill, gets nothing twice, and no gap.
 * Gatehouse runs as `npm start` would (build/src/main.js), on the JSON
 * store; the events are announcements made over the API in a burst.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { GatehouseEvent } from '../../client/gatehouse-client.js';
import { readEvents, type TestEventReader } from '../helpers/event-stream.js';
import { api, temporaryDirectory } from '../helpers/gatehouse.js';
import { killStartedProcesses, startGatehouseProcess } from '../helpers/process.js';

const serviceToken = 'events-crash-service-token-0123456789abcdef';
const idOf = (event: GatehouseEvent): number => Number((event as { id?: string }).id);
const contentOf = (event: GatehouseEvent): string => (event.data as { content: string }).content;
const announcements = (reader: TestEventReader) => reader.received.map((item) => item.event).filter((event) => event.type === 'message.sent');

describe('live events after a kill -9: Last-Event-ID on the restarted instance', function () {
  this.timeout(120_000);
  let directory: string;
  const readers: TestEventReader[] = [];
  before(async function () {
    directory = await temporaryDirectory('gatehouse-events-crash-');
  });
  after(async function () {
    for (const reader of readers) reader.close();
    await killStartedProcesses();
    await rm(directory, { recursive: true, force: true });
  });

  it('gives a reader that reconnects with its Last-Event-ID every event after it, as the log gave them before the kill, none twice, and no gap', async function () {
    const dataDirectory = path.join(directory, 'data');
    const config = `token: "${serviceToken}"\n`;
    const first = await startGatehouseProcess(dataDirectory, config);
    const firstUrl = `http://127.0.0.1:${first.apiPort}`;
    const before = readEvents(firstUrl, serviceToken, { types: ['message.sent'] });
    readers.push(before);
    await before.opened;

    // A burst of announcements from 8 clients at once, the kill coming while many are still being made.
    let killed = false;
    let made = 0;
    let next = 0;
    const worker = async () => {
      while (next < 200 && !killed) {
        const index = next++;
        const answer = await api(firstUrl, 'POST', '/api/admin/messages', { token: serviceToken, body: { content: `burst ${index}` } }).catch(() => undefined);
        if (answer?.status === 201) made += 1;
      }
    };
    const burst = Promise.all(Array.from({ length: 8 }, worker));
    await before.next(() => announcements(before).length >= 20, 20_000);
    killed = true;
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).to.equal('SIGKILL');
    await burst;
    await before.ended;
    const seen = announcements(before);
    expect(made, 'the kill came mid-burst').to.be.lessThan(200);
    expect(seen.length).to.be.at.least(20);

    const second = await startGatehouseProcess(dataDirectory, config);
    const secondUrl = `http://127.0.0.1:${second.apiPort}`;
    // One reader resumes from an event in the middle of what was seen, one from the last one seen.
    const fromMiddle = seen[9]!;
    const fromLast = seen.at(-1)!;
    const middle = readEvents(secondUrl, serviceToken, { types: ['message.sent'], lastEventId: String(idOf(fromMiddle)) });
    const last = readEvents(secondUrl, serviceToken, { types: ['message.sent'], lastEventId: String(idOf(fromLast)) });
    readers.push(middle, last);
    await Promise.all([middle.opened, last.opened]);
    expect((await api(secondUrl, 'POST', '/api/admin/messages', { token: serviceToken, body: { content: 'after the restart' } })).status).to.equal(201);
    await middle.next((event) => event.type === 'message.sent' && contentOf(event) === 'after the restart', 10_000);
    await last.next((event) => event.type === 'message.sent' && contentOf(event) === 'after the restart', 10_000);

    const resumed = announcements(middle);
    // What the first reader saw after its 10th event comes again, the same events with the same ids, in the same order.
    const seenAfter = seen.slice(10).map((event) => `${idOf(event)} ${contentOf(event)}`);
    expect(resumed.slice(0, seenAfter.length).map((event) => `${idOf(event)} ${contentOf(event)}`)).to.deep.equal(seenAfter);
    for (const reader of [middle, last]) {
      const ids = announcements(reader).map(idOf);
      expect(ids, 'in order, none twice').to.deep.equal([...new Set(ids)].sort((a, b) => a - b));
      expect(reader.types(), 'no gap').to.not.include('gap');
    }
    // The last reader gets what the log kept after what it saw (written before the kill, not yet streamed), then the new one: the same tail as the other.
    const tail = (reader: TestEventReader, after: number) =>
      announcements(reader)
        .filter((event) => idOf(event) > after)
        .map((event) => `${idOf(event)} ${contentOf(event)}`);
    expect(tail(last, idOf(fromLast))).to.deep.equal(tail(middle, idOf(fromLast)));
    // The burst's events in the log are consecutive: no id lost between the two processes.
    const burstIds = resumed.filter((event) => contentOf(event).startsWith('burst ')).map(idOf);
    expect(burstIds.at(-1)! - burstIds[0]! + 1, 'no hole in the ids').to.equal(burstIds.length);
    console.log(`      ${made} announcements acknowledged before the kill, ${seen.length} streamed; ${burstIds.length - (seen.length - 10)} more were in the log`);
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
