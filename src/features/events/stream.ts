/**
 * One reader's stream: the answer's body, fed by the hub. What is queued
 * for it goes out at the hub's next flush in one write; while its reader
 * does not keep up, the writes wait in a bounded buffer, and past that the
 * stream is dropped (the reader reconnects with Last-Event-ID and loses
 * nothing), so a slow reader never holds up the others or grows memory.
 */
import { Readable } from 'node:stream';
import type { StoredEvent } from './store.js';
import { type FrameCache, frameFor, type Viewer, viewKeyOf } from './views.js';

export interface StreamOptions {
  viewer: Viewer;
  /** Who holds it (a key's id, a user, the service token) and from where: the hub counts streams by both. */
  holder: string;
  address: string;
  /** Only these kinds, when given. */
  types: ReadonlySet<string> | undefined;
  /** The most bytes waiting for the reader before the stream is dropped. */
  bufferBytes: number;
  /** Asked again now and then: false when the credentials no longer allow the stream (a revoked key, an expired token). */
  stillAllowed: () => Promise<boolean>;
}

export class EventStream extends Readable {
  /** What was queued since the last flush: text, or a batch's bytes other streams share. */
  private queued: Array<string | Buffer> = [];
  private queuedBytes = 0;
  private viewKey: string | undefined;
  /** The last event sent from the log after a Last-Event-ID (0: none): a live one up to it is not sent again. */
  replayedUpTo = 0;
  /** Live events that arrive while the missed ones are being sent, sent after them. */
  private held: StoredEvent[] | null = null;
  /** Why it was dropped, if it was. */
  dropped: string | undefined;
  /** Ended cleanly (finish): nothing more is queued or pushed, whoever flushes or ends it again. */
  private ended = false;

  constructor(readonly options: StreamOptions) {
    super({ highWaterMark: 16 * 1024 });
  }

  override _read(): void {
    this.emit('room');
  }

  /**
   * Who else sees exactly what this reader sees (the same way of seeing and
   * the same kinds): the hub writes a batch of events out once for all of
   * them, and they share its bytes.
   */
  get sameView(): string {
    this.viewKey ??= `${viewKeyOf(this.options.viewer)}|${this.options.types ? [...this.options.types].sort().join(',') : '*'}`;
    return this.viewKey;
  }

  /** Whether live events are held while the missed ones are sent (each then taken apart, by offer). */
  get holding(): boolean {
    return this.held !== null;
  }

  /** A batch of live events as this reader sees them, in one piece of bytes; null when none is theirs. */
  render(events: readonly StoredEvent[], caches: readonly FrameCache[]): Buffer | null {
    let text = '';
    for (let index = 0; index < events.length; index += 1) {
      const event = events[index]!;
      if (this.options.types && !this.options.types.has(event.type)) continue;
      text += frameFor(this.options.viewer, event, caches[index]!) ?? '';
    }
    return text ? Buffer.from(text) : null;
  }

  /** Adds a live event (if it is the reader's to see); held while the missed ones are sent. */
  offer(event: StoredEvent, cache: FrameCache): boolean {
    if (this.options.types && !this.options.types.has(event.type)) return false;
    if (this.held) {
      this.held.push(event);
      if (this.held.length > 100_000) this.cut('too many events arrived while the missed ones were sent');
      return false;
    }
    const frame = frameFor(this.options.viewer, event, cache);
    if (frame === null) return false;
    this.queue(frame);
    return true;
  }

  queue(chunk: string | Buffer): void {
    if (this.destroyed || this.dropped || this.ended) return;
    this.queued.push(chunk);
    this.queuedBytes += chunk.length;
    // Between two flushes (milliseconds): only a burst far past the buffer, a bound on memory whatever comes.
    if (this.queuedBytes > 16 * this.options.bufferBytes) this.cut('too much arrived at once');
  }

  /** Sends what was queued, in one write; drops the stream when its reader has let too much wait. */
  flush(): void {
    if (this.queued.length === 0 || this.destroyed) return;
    const chunks = this.queued;
    this.queued = [];
    this.queuedBytes = 0;
    // What an earlier flush pushed still waits here: the connection did not take it (its own buffer is full).
    if (this.readableLength > this.options.bufferBytes) this.cut('it fell behind');
    // One batch alone (the usual case) goes out as the bytes it shares with the other streams, not copied.
    else if (chunks.length === 1) this.push(chunks[0]);
    else this.push(Buffer.concat(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))));
  }

  /** Missed events are being sent: live ones wait. */
  hold(): void {
    this.held = [];
  }

  /** The missed events were sent up to `lastSent`: the held live events after it follow. */
  release(lastSent: number): void {
    const held = this.held ?? [];
    this.held = null;
    this.replayedUpTo = lastSent;
    for (const event of held) if (event.id > lastSent) this.offer(event, new Map());
    this.flush();
  }

  /** Queues a missed event read back from the log. */
  replay(event: StoredEvent): void {
    if (this.options.types && !this.options.types.has(event.type)) return;
    const frame = frameFor(this.options.viewer, event, new Map());
    if (frame !== null) this.queue(frame);
  }

  /** Waits (at most `ms`) until the reader has taken what waits, for a long replay. */
  async room(ms = 5000): Promise<void> {
    this.flush();
    if (this.readableLength < this.options.bufferBytes / 2 || this.destroyed) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.once('room', done);
      this.once('close', done);
    });
  }

  /** Ends it cleanly (the server stops, or the credentials no longer allow it). */
  finish(): void {
    if (this.destroyed || this.ended) return;
    this.flush();
    this.ended = true;
    this.push(null);
  }

  /** Drops a reader that fell behind: its connection is cut (see the router), and it reconnects with Last-Event-ID. */
  private cut(reason: string): void {
    if (this.dropped) return;
    this.dropped = reason;
    this.queued = [];
    this.queuedBytes = 0;
    this.destroy();
  }
}
