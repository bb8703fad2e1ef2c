/**
 * Every open stream of this instance: opened within the caps (per holder,
 * per address), fed each event written to the log, flushed together a few
 * milliseconds after events arrive (one write per stream however many
 * events came meanwhile), kept alive by heartbeats, and asked now and then
 * whether its credentials still allow it.
 */
import { ApiError } from '../../errors.js';
import type { StoredEvent } from './store.js';
import { EventStream, type StreamOptions } from './stream.js';
import { controlFrame, type FrameCache } from './views.js';

export interface HubOptions {
  maxPerHolder: number;
  maxPerAddress: number;
  heartbeatMs: number;
  /** How long events may gather before the streams are written to. */
  flushMs: number;
  /** How often each stream's credentials are checked again. */
  recheckMs: number;
  logError: (message: string) => void;
}

export class StreamHub {
  private readonly streams = new Set<EventStream>();
  private readonly perHolder = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | null = null;
  /** Events delivered since the last flush. */
  private pending: StoredEvent[] = [];
  private heartbeat: NodeJS.Timeout | null = null;
  private recheck: NodeJS.Timeout | null = null;
  /** Streams dropped for falling behind since start (for /metrics-like counters and tests). */
  droppedCount = 0;

  constructor(private readonly options: HubOptions) {}

  get size(): number {
    return this.streams.size;
  }

  /** A new stream, or 429 past a cap. */
  open(options: StreamOptions): EventStream {
    const { holder, address } = options;
    if ((this.perHolder.get(holder) ?? 0) >= this.options.maxPerHolder)
      throw tooMany(`This caller already has ${this.options.maxPerHolder} event streams open (events.max-streams-per-caller); close one first`);
    if ((this.perAddress.get(address) ?? 0) >= this.options.maxPerAddress)
      throw tooMany(`${this.options.maxPerAddress} event streams are already open from this address (events.max-streams-per-address); close one first`);
    const stream = new EventStream(options);
    this.streams.add(stream);
    count(this.perHolder, holder, 1);
    count(this.perAddress, address, 1);
    stream.once('close', () => {
      this.streams.delete(stream);
      count(this.perHolder, holder, -1);
      count(this.perAddress, address, -1);
      if (stream.dropped) this.droppedCount += 1;
    });
    // Says it is open at once (and how soon to reconnect), before any event.
    stream.queue(`retry: 2000\n: connected\n\n`);
    stream.flush();
    return stream;
  }

  /** Events written to the log, in id order: sent to each stream that may see them at the next flush. */
  deliver(events: readonly StoredEvent[]): void {
    if (this.streams.size === 0) return;
    for (const event of events) this.pending.push(event);
    this.flushTimer ??= setTimeout(() => this.flush(), this.options.flushMs);
  }

  start(): void {
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.queue(': heartbeat\n\n');
      this.flush();
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
    this.recheck = setInterval(() => void this.recheckAll(), this.options.recheckMs);
    this.recheck.unref();
  }

  /** Ends every stream (the server stops); readers reconnect elsewhere or later. */
  stop(): void {
    for (const timer of [this.heartbeat, this.recheck, this.flushTimer]) if (timer) clearInterval(timer);
    this.flushTimer = null;
    this.queuePending();
    for (const stream of this.streams) {
      stream.queue(controlFrame('closing', { reason: 'the server is stopping' }));
      stream.finish();
    }
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.queuePending();
    for (const stream of this.streams) stream.flush();
  }

  /**
   * The events since the last flush, written out once for each way of
   * seeing them (views.ts; each event once per way), and once for each group
   * of streams that see the same (the same viewer and kinds): the streams
   * of a group share the batch's bytes. A thousand dashboards of one key
   * cost one rendering and one encoding, not a thousand.
   */
  private queuePending(): void {
    const events = this.pending;
    if (events.length === 0) return;
    this.pending = [];
    const caches: FrameCache[] = events.map(() => new Map());
    const batches = new Map<string, Buffer | null>();
    for (const stream of this.streams) {
      // Held while its missed events are sent, or just given some of these from the log: taken one by one.
      if (stream.holding || stream.replayedUpTo >= events[0]!.id) {
        for (let index = 0; index < events.length; index += 1) if (events[index]!.id > stream.replayedUpTo) stream.offer(events[index]!, caches[index]!);
        continue;
      }
      const view = stream.sameView;
      let batch = batches.get(view);
      if (batch === undefined) {
        batch = stream.render(events, caches);
        batches.set(view, batch);
      }
      if (batch) stream.queue(batch);
    }
  }

  /**
   * Checks again now the credentials of the streams whose holder matches
   * (a user whose session ended, the keys when one was revoked): those
   * they no longer allow end, rather than at the next periodic check.
   */
  recheckNow(holderMatches: (holder: string) => boolean): void {
    void this.recheckAll(holderMatches);
  }

  private async recheckAll(holderMatches: (holder: string) => boolean = () => true): Promise<void> {
    for (const stream of [...this.streams]) {
      if (!holderMatches(stream.options.holder)) continue;
      const allowed = await stream.options.stillAllowed().catch(() => true);
      if (allowed) continue;
      stream.queue(controlFrame('closing', { reason: 'the credentials no longer allow this stream' }));
      stream.finish();
    }
  }
}

function count(map: Map<string, number>, key: string, change: number): void {
  const value = (map.get(key) ?? 0) + change;
  if (value <= 0) map.delete(key);
  else map.set(key, value);
}

function tooMany(message: string): ApiError {
  return new ApiError(429, message, 'too_many_streams', { 'Retry-After': '5' });
}
