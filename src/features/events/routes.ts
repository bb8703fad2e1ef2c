/** The event stream: GET /api/events. */
import { ApiError, invalidField } from '../../errors.js';
import type { AccessCheck, Caller } from '../../http/caller.js';
import { reply, type Route, route } from '../../http/route.js';
import type { StreamHub } from './hub.js';
import { eventTypes } from './kinds.js';
import { holderOf, lastEventIdOf, openStream, viewerOf } from './reader.js';
import { streamAnswer, streamItems, streamQuery } from './schemas.js';
import type { EventLogStore } from './store.js';

export interface EventRoutesOptions {
  hub: StreamHub;
  log: EventLogStore;
  access: AccessCheck;
  bufferBytes: number;
  logError: (message: string) => void;
}

export function eventsRoutes({ hub, log, access, bufferBytes, logError }: EventRoutesOptions): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/events',
      access: 'login',
      anyKey: true,
      summary: 'A live stream of events (server-sent events), each as the caller may see it',
      description:
        'An addition to the API description: a `text/event-stream` that stays open. An operator and the service token get every event; an API key the kinds its scopes read (each kind names its scope), personal fields only with personal:read; a player the events about them (their balance, purchases, deliveries, sales, pay, messages). On a network every server’s events, each tagged with its `server`. Reconnect with `Last-Event-ID` to get what was missed (kept events.keep-hours; a `gap` event says when some is older). A reader that falls behind by more than events.buffer-kib is cut off and reconnects. See docs/events.md.',
      query: streamQuery,
      answer: streamAnswer,
      answerType: 'text/event-stream; charset=utf-8',
      streamItems: { union: 'Event', items: streamItems },
      errors: {
        400: 'An unknown kind in types, or a Last-Event-ID that is not an event id (code invalid_last_event_id)',
        429: 'Too many streams open for this caller or from this address (code too_many_streams; see Retry-After), or an API key over its rate',
      },
      handle: async (request) => {
        const types = typesOf(request.query.types);
        const lastEventId = lastEventIdOf(request.header('last-event-id'));
        const viewer = await viewerOf(request.caller, access);
        const stream = openStream(
          hub,
          log,
          {
            viewer,
            holder: holderOf(request.caller),
            address: request.address,
            types,
            bufferBytes,
            stillAllowed: () => stillAllowed(access, request.caller, viewer.kind === 'everything', request.header('authorization'), request.header('x-api-key'), request.address),
          },
          lastEventId,
          logError,
        );
        return reply(stream as never, { headers: { 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' } });
      },
    }),
  ];
}

function typesOf(text: string | undefined): ReadonlySet<string> | undefined {
  if (text === undefined) return undefined;
  const types = new Set(text.split(','));
  const unknown = [...types].find((type) => !eventTypes.includes(type));
  if (unknown) throw invalidField('types', `types: "${unknown}" is not a kind of event (${eventTypes.join(', ')})`);
  return types;
}

/** The same credentials, checked again as a new request would be: false once they are refused (401, 403). */
async function stillAllowed(
  access: AccessCheck,
  caller: Caller,
  asAdmin: boolean,
  authorization: string | undefined,
  apiKey: string | undefined,
  address: string,
): Promise<boolean> {
  try {
    const now = apiKey ? await access.authenticateKey(apiKey, address) : await access.authenticate(authorization, address);
    if (now.kind !== caller.kind) return false;
    if (asAdmin && now.kind === 'user') await access.requireAdmin(now);
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
    return true;
  }
}
