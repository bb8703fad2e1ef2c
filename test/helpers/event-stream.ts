/**
 * A reader of the event stream for tests, with the typed client's own
 * helper (client/gatehouse-client.ts): every item it got, with when it
 * arrived, and waiting for one that matches.
 */
import { type EventStreamOptions, type GatehouseEvent, streamEvents } from '../../client/gatehouse-client.js';

export interface ReceivedEvent {
  event: GatehouseEvent;
  at: number;
}

export interface TestEventReader {
  received: ReceivedEvent[];
  /** The kinds received, in order. */
  types(): string[];
  /** Resolves with the first item (received already or to come) that matches, or rejects after `timeoutMs`. */
  next(match: (event: GatehouseEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves once the stream is open. */
  opened: Promise<void>;
  /** Whether the stream ended (the server cut it, or refused it). */
  ended: Promise<unknown>;
  close(): void;
}

export function readEvents(baseUrl: string, token: string, options: Omit<EventStreamOptions, 'signal' | 'onOpen'> = {}): TestEventReader {
  const controller = new AbortController();
  const received: ReceivedEvent[] = [];
  const waiters: Array<{ match: (event: GatehouseEvent) => boolean; resolve: (event: ReceivedEvent) => void }> = [];
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const ended = (async () => {
    for await (const event of streamEvents(baseUrl, { token }, { reconnect: false, ...options, signal: controller.signal, onOpen: () => open() })) {
      const item = { event, at: Date.now() };
      received.push(item);
      for (const waiter of [...waiters]) {
        if (waiter.match(event)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(item);
        }
      }
    }
  })().catch((error: unknown) => error);
  return {
    received,
    types: () => received.map((item) => item.event.type),
    opened,
    ended,
    next: (match, timeoutMs = 5000) => {
      const found = received.find((item) => match(item.event));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event within ${timeoutMs} ms; got ${received.length} (the last: ${received.at(-1)?.event.type ?? 'none'})`)),
          timeoutMs,
        );
        const done = (item: ReceivedEvent) => {
          clearTimeout(timer);
          resolve(item);
        };
        waiters.push({ match, resolve: done });
      });
    },
    close: () => controller.abort(),
  };
}
