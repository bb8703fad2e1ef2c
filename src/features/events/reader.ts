/**
 * Opening a reader's stream: who they are decides what they see
 * (views.ts); a reconnection with Last-Event-ID first gets what it missed
 * from the durable log, with a `gap` event first when some of that is no
 * longer kept, and the live events that arrive meanwhile follow, none twice.
 */
import type { AccessCheck, Caller } from '../../http/caller.js';
import { ApiError } from '../../errors.js';
import type { StreamHub } from './hub.js';
import type { EventLogStore } from './store.js';
import type { EventStream, StreamOptions } from './stream.js';
import { controlFrame, type Viewer } from './views.js';

const replayPage = 500;

/** What the caller sees: an operator (asked now) and the service token everything, a key its scopes, a player their own. */
export async function viewerOf(caller: Caller, access: AccessCheck): Promise<Viewer> {
  if (caller.kind === 'service') return { kind: 'everything' };
  if (caller.kind === 'key') return { kind: 'key', scopes: caller.key.scopes };
  if (caller.kind !== 'user') throw new Error('the event stream needs a caller');
  try {
    await access.requireAdmin(caller);
    return { kind: 'everything' };
  } catch (error) {
    // Not an operator now, or it cannot be asked: the player's own events, as any player.
    if (!(error instanceof ApiError)) throw error;
    return { kind: 'player', watcher: { name: caller.user.gameUsername, uuid: caller.user.gameUuid } };
  }
}

/** Who holds a stream, for the cap per caller: a key, a web account, or the service token. */
export function holderOf(caller: Caller): string {
  if (caller.kind === 'key') return `${keyHolder}${caller.key.id}`;
  if (caller.kind === 'user') return userHolder(caller.user.id);
  return caller.kind;
}

/** How a stream's holder names a key (followed by its id). */
export const keyHolder = 'key:';

/** How a stream's holder names a web user. */
export function userHolder(userId: number): string {
  return `user:${userId}`;
}

/** A Last-Event-ID as the log's id: a whole number, or a 400 naming it. */
export function lastEventIdOf(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  if (!/^\d{1,15}$/.test(header.trim())) throw new ApiError(400, 'Last-Event-ID must be the id of an event this stream sent (a whole number)', 'invalid_last_event_id');
  return Number(header.trim());
}

export function openStream(hub: StreamHub, log: EventLogStore, options: StreamOptions, lastEventId: number | undefined, logError: (message: string) => void): EventStream {
  const stream = hub.open(options);
  if (lastEventId !== undefined) {
    stream.hold();
    catchUp(stream, log, lastEventId).catch((error: Error) => {
      logError(`events: a stream could not be given what it missed: ${error.message}`);
      // Cut: the reader reconnects with the same Last-Event-ID and is given it then.
      stream.destroy();
    });
  }
  return stream;
}

async function catchUp(stream: EventStream, log: EventLogStore, lastEventId: number): Promise<void> {
  const { oldest, latest } = await log.bounds();
  let last = lastEventId;
  if (lastEventId > latest) {
    stream.queue(controlFrame('gap', { lastEventId: String(lastEventId), oldest: String(oldest), reason: 'unknown' }));
    last = latest;
  } else if (lastEventId + 1 < oldest) {
    stream.queue(controlFrame('gap', { lastEventId: String(lastEventId), oldest: String(oldest), reason: 'expired' }));
    last = oldest - 1;
  }
  for (;;) {
    if (stream.destroyed) return;
    const page = await log.after(last, replayPage);
    for (const event of page) stream.replay(event);
    if (page.length > 0) last = page.at(-1)!.id;
    if (page.length < replayPage) break;
    await stream.room();
  }
  stream.release(last);
}
