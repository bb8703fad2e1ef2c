/** The stream's schemas: the query, the envelope of each kind of event, and the control events (a gap, a close). */
import { type Schema, t } from '../../lib/schema.js';
import { eventKinds, eventTypes } from './kinds.js';

export const streamQuery = t.object({
  types: t.optional(
    t.string({
      pattern: '^[a-z_.]+(,[a-z_.]+)*$',
      description: `Only these kinds, comma-separated (all the caller may read when absent): ${eventTypes.join(', ')}.`,
      'x-message': 'must be kinds of event separated by commas, such as player.joined,player.left',
      example: 'player.joined,player.left',
    }),
  ),
});

/** The stream as OpenAPI describes the answer: text, each event a JSON line in `data:` (see x-item-schema). */
export const streamAnswer = t.string({
  description:
    'Server-sent events (text/event-stream). Each event: `id:` (send it back as Last-Event-ID when reconnecting), `event:` (its type) and `data:`, one JSON line of the Event schema. Lines starting with `:` are heartbeats.',
});

/** `player.joined` → `PlayerJoinedEvent`: the component names of the OpenAPI document. */
export function componentName(type: string): string {
  return `${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}Event`;
}

function envelope(type: string, data: Schema<unknown>, summary: string) {
  return t.object(
    {
      id: t.string({ description: 'Increasing; send the last one seen as Last-Event-ID to get what was missed.', example: '1024' }),
      type: t.literal(type),
      timestamp: t.string({ format: 'date-time' }),
      server: t.string({ description: 'The server.id of the server it happened on (every server of a network streams every server’s events).' }),
      data,
    },
    { description: summary },
  );
}

/** Every item the stream may carry, by component name. */
export const streamItems: Record<string, Schema<unknown>> = {
  ...Object.fromEntries(eventKinds.map((kind) => [componentName(kind.type), envelope(kind.type, kind.data as Schema<unknown>, `${kind.summary}. Scope: ${kind.scope}.`)])),
  GapEvent: t.object(
    {
      type: t.literal('gap'),
      data: t.object({
        lastEventId: t.string({ description: 'The Last-Event-ID sent.' }),
        oldest: t.string({ description: 'The oldest event still kept: the events sent next start there (events.keep-hours).' }),
        reason: t.enum(['expired', 'unknown'] as const, { description: 'expired: older than the log keeps; unknown: an id this log never gave.' }),
      }),
    },
    { description: 'Sent first on a reconnection when events after Last-Event-ID are no longer kept: some were missed. No id (it does not move the reader’s place).' },
  ),
  ClosingEvent: t.object(
    { type: t.literal('closing'), data: t.object({ reason: t.string() }) },
    { description: 'Sent last when the server ends the stream (it is stopping, or the credentials no longer allow it). No id.' },
  ),
};
