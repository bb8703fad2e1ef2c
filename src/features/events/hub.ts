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

  /** Events written to the log, in id order: queued for each stream that may see them. */
  deliver(events: readonly StoredEvent[]): void {
    if (this.streams.size === 0) return;
    for (const event of events) {
      const cache: FrameCache = new Map();
      for (const stream of this.streams) stream.offer(event, cache);
    }
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
    for (const stream of this.streams) {
      stream.queue(controlFrame('closing', { reason: 'the server is stopping' }));
      stream.finish();
    }
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    for (const stream of this.streams) stream.flush();
  }

  private async recheckAll(): Promise<void> {
    for (const stream of [...this.streams]) {
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
