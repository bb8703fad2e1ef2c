/**
 * Where events are published: each is written to the durable event log
 * (which gives it its id) and only then handed on, to this instance's
 * streams and webhooks. Events published while a write is under way go
 * together in the next one (one sync, one commit), in the order they came.
 *
 * On a network the log is shared: a write and a notice naming its ids go in
 * one unit of work, and the other instances read those events back from the
 * log and hand them to their own streams (not to their webhooks: each
 * instance delivers its own events' webhooks). So every instance's stream
 * carries every server's events, once each.
 */
import { EventEmitter } from 'node:events';
import type { Network } from '../../network/port.js';
import { type Store, StoreFailedError } from '../../store/port.js';
import type { EventData, EventType } from './kinds.js';
import { eventLogPart, type NewEvent, type StoredEvent } from './store.js';

/** The notice that tells the other instances which events a write added. */
const noticeTopic = 'events';
interface WrittenNotice {
  first: number;
  last: number;
}

export interface JournalOptions {
  serverId: string;
  now: () => Date;
  logError: (message: string) => void;
  /** What is not a fault of its own: an outage of the store the store has reported already, the log written again after it. */
  logInfo: (message: string) => void;
  /** Most events a write takes; the rest wait for the next. */
  maxBatch?: number;
  /** Most events waiting to be written (the store away): past it new ones are dropped, and that is logged. */
  maxWaiting?: number;
}

export class EventJournal {
  /** `written`: events now in the log, in id order; `local`: whether this instance published them. */
  readonly events = new EventEmitter<{ written: [StoredEvent[], boolean] }>();
  private waiting: NewEvent[] = [];
  private writing: Promise<void> | null = null;
  private remote: Promise<void> = Promise.resolve();
  private dropped = 0;
  private stopped = false;
  private readonly maxBatch: number;
  private readonly maxWaiting: number;

  constructor(
    private readonly store: Store,
    private readonly network: Network,
    private readonly options: JournalOptions,
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.maxWaiting = options.maxWaiting ?? 50_000;
    this.events.setMaxListeners(0);
    if (network.shared) network.subscribe(noticeTopic, (payload, from) => this.readBack(payload as WrittenNotice, from));
  }

  /** Publishes an event of this server; never waits, never throws. */
  publish<T extends EventType>(type: T, data: EventData<T>): void {
    if (this.stopped) return;
    if (this.waiting.length >= this.maxWaiting) {
      if (this.dropped++ === 0) this.options.logError(`events: ${this.maxWaiting} events wait to be written; new ones are dropped until the store takes them`);
      return;
    }
    this.waiting.push({ type, timestamp: this.options.now().toISOString(), server: this.options.serverId, data });
    this.writing ??= this.write();
  }

  /** Resolves once every event published so far is written (or given up on at stop). */
  async flushed(): Promise<void> {
    while (this.writing) await this.writing;
  }

  async stop(): Promise<void> {
    await this.flushed();
    this.stopped = true;
    await this.remote;
  }

  private async write(): Promise<void> {
    let failures = 0;
    while (this.waiting.length > 0) {
      const batch = this.waiting.slice(0, this.maxBatch);
      try {
        const written = await this.record(batch);
        this.waiting.splice(0, batch.length);
        if (failures > 0 || this.dropped > 0) this.options.logInfo(`events: written again${this.dropped ? ` (${this.dropped} dropped meanwhile)` : ''}`);
        failures = 0;
        this.dropped = 0;
        this.hand(written, true);
      } catch (error) {
        if (failures++ === 0) {
          // A store away (PostgreSQL down) says so itself, once per outage: here it is only why the log waits.
          const storeAway = error instanceof StoreFailedError && error.passes;
          (storeAway ? this.options.logInfo : this.options.logError)(`events: the event log cannot be written, trying again: ${(error as Error).message}`);
        }
        if (this.stopped) break;
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 100 * 2 ** failures)).unref());
      }
    }
    this.writing = null;
  }

  /** The batch in the log; on a network with the notice, in one unit of work. */
  private record(batch: NewEvent[]): Promise<StoredEvent[]> {
    if (!this.network.shared) return this.store.part(eventLogPart).append(batch);
    return this.store.transaction(async (tx) => {
      const written = await tx.part(eventLogPart).append(batch);
      await this.network.publishIn(tx, noticeTopic, { first: written[0]!.id, last: written.at(-1)!.id } satisfies WrittenNotice);
      return written;
    });
  }

  /** Another instance wrote events: read them back, one notice after another so they stay in order. */
  private readBack(notice: WrittenNotice, from: string): void {
    if (!Number.isSafeInteger(notice?.first) || !Number.isSafeInteger(notice?.last)) return;
    this.remote = this.remote.then(async () => {
      if (this.stopped) return;
      try {
        const events = await this.store.part(eventLogPart).range(notice.first, notice.last, from);
        if (events.length > 0) this.hand(events, false);
      } catch (error) {
        this.options.logError(`events: reading ${from}'s events ${notice.first}-${notice.last}: ${(error as Error).message}`);
      }
    });
  }

  private hand(events: StoredEvent[], local: boolean): void {
    try {
      this.events.emit('written', events, local);
    } catch (error) {
      this.options.logError(`events: handing events on: ${(error as Error).stack ?? String(error)}`);
    }
  }
}
