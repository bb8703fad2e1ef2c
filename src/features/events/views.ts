/**
 * What a stream's reader may see of an event, decided in one place: an
 * operator and the service token everything; an API key the kinds its
 * scopes read (`admin` all), personal fields only with personal:read; a
 * player what concerns them (kinds.ts says which part of each). Each event
 * is written out at most once per way of seeing it, however many streams
 * read it.
 */
import { withoutFields } from '../../http/personal-fields.js';
import { grants, personalScope } from '../../http/scopes.js';
import { kindOf, type Watcher } from './kinds.js';
import type { StoredEvent } from './store.js';

export type Viewer = { kind: 'everything' } | { kind: 'key'; scopes: readonly string[] } | { kind: 'player'; watcher: Watcher };

/** A viewer as a key: two viewers with the same key see every event the same way. */
export function viewKeyOf(viewer: Viewer): string {
  if (viewer.kind === 'everything') return 'everything';
  if (viewer.kind === 'key') return `key:${[...viewer.scopes].sort().join(',')}`;
  return `player:${viewer.watcher.uuid}:${viewer.watcher.name.toLowerCase()}`;
}

/** The event as it is sent, in the stream and in a webhook's body. */
export interface EventEnvelope {
  id: string;
  type: string;
  timestamp: string;
  server: string;
  data: unknown;
}

export function envelopeOf(event: StoredEvent, data: unknown = event.data): EventEnvelope {
  return { id: String(event.id), type: event.type, timestamp: event.timestamp, server: event.server, data };
}

/** One event's frames, by the way it is seen: the key of a way, and its frame (null: nothing to send). */
export type FrameCache = Map<string, string | null>;

/** The event as server-sent event text for this viewer, or null when it is not theirs to see. */
export function frameFor(viewer: Viewer, event: StoredEvent, cache: FrameCache): string | null {
  const kind = kindOf(event.type);
  if (!kind) return null;
  let way: string;
  if (viewer.kind === 'everything') way = 'all';
  else if (viewer.kind === 'key') {
    if (!grants(viewer.scopes, kind.scope)) return null;
    way = kind.personal && !grants(viewer.scopes, personalScope) ? 'public' : 'all';
  } else {
    if (!kind.forPlayer) return null;
    way = `player:${viewer.watcher.uuid}`;
  }
  const cached = cache.get(way);
  if (cached !== undefined) return cached;
  let data: unknown = event.data;
  if (way === 'public') data = withoutFields(event.data, kind.personal!);
  else if (viewer.kind === 'player') data = kind.forPlayer!(event.data as never, viewer.watcher);
  const frame = data === undefined ? null : sseFrame(envelopeOf(event, data));
  cache.set(way, frame);
  return frame;
}

/** An event as `text/event-stream` text: its id (what Last-Event-ID sends back), its kind, and the envelope as one JSON line. */
export function sseFrame(envelope: EventEnvelope): string {
  return `id: ${envelope.id}\nevent: ${envelope.type}\ndata: ${JSON.stringify(envelope)}\n\n`;
}

/** A control event that is not in the log (no id, so it does not move the reader's place). */
export function controlFrame(type: string, data: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, data })}\n\n`;
}
