/**
 * An event stream ended cleanly (its credentials ended, the server stops)
 * ends as a stream should, with everything queued before it, whatever asks
 * it to write or end again meanwhile: a heartbeat's flush, a second check of
 * its credentials. A stream that pushed after its end was destroyed instead,
 * which cut the reader's connection mid-answer (Chromium's
 * ERR_INCOMPLETE_CHUNKED_ENCODING) rather than ending it.
 */
import { expect } from 'chai';
import { EventStream } from '../../src/features/events/stream.js';

function stream(): EventStream {
  return new EventStream({
    viewer: { kind: 'everything' },
    holder: 'service',
    address: '127.0.0.1',
    types: undefined,
    bufferBytes: 64 * 1024,
    stillAllowed: async () => true,
  });
}

/** Everything the reader gets, and how the stream ended: 'end' (clean) or the error that destroyed it. */
async function readWhole(events: EventStream): Promise<{ text: string; ending: string }> {
  let text = '';
  return new Promise((resolve) => {
    events.on('data', (chunk: Buffer | string) => (text += String(chunk)));
    events.once('end', () => resolve({ text, ending: 'end' }));
    events.once('error', (error: Error) => resolve({ text, ending: `error: ${error.message}` }));
  });
}

describe('an event stream ended cleanly', () => {
  it('ends once with what was queued before, when asked to end twice and flushed after its end', async () => {
    const events = stream();
    const whole = readWhole(events);
    events.queue('event: closing\ndata: {}\n\n');
    events.finish();
    events.queue(': heartbeat\n\n');
    events.flush();
    events.finish();
    const { text, ending } = await whole;
    expect(ending).to.equal('end');
    expect(text).to.equal('event: closing\ndata: {}\n\n');
    expect(events.dropped).to.equal(undefined);
  });
});
