/**
 * A small typed client for the Gatehouse API: every path, method, query,
 * body and answer checked by the compiler against the types generated from
 * the OpenAPI document (./openapi-types.ts). It depends on nothing but
 * `fetch`; a dashboard may copy both files or import them.
 *
 *   const gatehouse = gatehouseClient('http://gatehouse.lan:8080', { token: process.env.GATEHOUSE_KEY });
 *   const online = await gatehouse.request('get', '/api/players');
 *   if (online.ok) console.log(online.data.players.map((player) => player.name));
 */
import type { components, paths } from './openapi-types.js';

export type Method = 'get' | 'post' | 'put' | 'delete';
/** Every path of the API, as the document names it (`/api/admin/keys/{id}`). */
export type ApiPath = keyof paths;
/** The methods `P` has; for a string that is no path, any (the path's own error says what is wrong). */
export type MethodsOf<P extends string> = P extends ApiPath ? { [M in Method]-?: undefined extends paths[P][M] ? never : M }[Method] : Method;
/** The folder of a path, up to its last `/`. */
type FolderOf<P extends string, Before extends string = ''> = P extends `${infer Segment}/${infer Rest}` ? FolderOf<Rest, `${Before}${Segment}/`> : Before;
/**
 * `P` when it is a path of the API. Otherwise what the compiler's error then
 * shows: a sentence naming `P`, with the paths of the API in the same folder
 * (what was meant, likely), rather than a bare `never`.
 */
export type KnownPath<P extends string> = P extends ApiPath
  ? P
  : `${P} is not a path of the Gatehouse API` | (FolderOf<P> extends '' | '/' | '/api/' ? never : Extract<ApiPath, `${FolderOf<P>}${string}`>);
/** A path of the API, or any other string, which `KnownPath` then refuses by name (`string & {}`, not `string`, keeps the paths offered as completions). */
type PathOrTypo = ApiPath | (string & {});
type Operation<P extends string, M extends Method> = P extends ApiPath ? NonNullable<paths[P][M]> : never;
type JsonOf<T> = T extends { content: { 'application/json': infer J } } ? J : never;
type PathParamsOf<O> = O extends { parameters: { path: infer Params extends Record<string, unknown> } } ? Params : never;
type QueryOf<O> = O extends { parameters: { query?: infer Query } } ? Query : never;
type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : never;
/** The JSON answer of the operation's success status (200, 201 or 202). */
export type AnswerOf<O> = O extends { responses: infer R } ? { [S in keyof R]: S extends 200 | 201 | 202 ? JsonOf<R[S]> : never }[keyof R] : never;
export type ErrorAnswer = components['schemas']['Error'];

/** What a call takes beside its path: path parameters, query and body where the operation has them. */
export type RequestOptions<O> = ([PathParamsOf<O>] extends [never] ? { params?: never } : { params: PathParamsOf<O> }) &
  ([QueryOf<O>] extends [never | undefined] ? { query?: never } : O extends { parameters: { query: object } } ? { query: QueryOf<O> } : { query?: QueryOf<O> }) &
  ([BodyOf<O>] extends [never] ? { body?: never } : { body: BodyOf<O> }) & {
    /** For a purchase, a transfer or an adjustment: the same key makes a retry change nothing twice. */
    idempotencyKey?: string;
  };

export type Result<O> = { ok: true; status: number; headers: Headers; data: AnswerOf<O> } | { ok: false; status: number; headers: Headers; error: ErrorAnswer };

export interface Credentials {
  /** An API key (`ghk_...`), a JWT from POST /api/auth/login, or the service token; none (`undefined`) for the public paths. */
  token?: string | undefined;
}

export function gatehouseClient(baseUrl: string, credentials: Credentials = {}, fetcher: typeof fetch = fetch) {
  return {
    /** The live events (GET /api/events), typed, reconnecting with Last-Event-ID: see `streamEvents`. */
    events(options: EventStreamOptions = {}): AsyncGenerator<GatehouseEvent> {
      return streamEvents(baseUrl, credentials, options, fetcher);
    },
    async request<P extends PathOrTypo, M extends MethodsOf<P>>(
      method: M,
      path: KnownPath<P>,
      // biome-ignore lint/complexity/noBannedTypes: `{} extends Options` asks whether every option is optional, making the argument optional then
      ...[options]: {} extends RequestOptions<Operation<P, M>> ? [RequestOptions<Operation<P, M>>?] : [RequestOptions<Operation<P, M>>]
    ): Promise<Result<Operation<P, M>>> {
      const given = (options ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; idempotencyKey?: string };
      const url = new URL(
        String(path).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(given.params?.[name]))),
        baseUrl,
      );
      for (const [name, value] of Object.entries(given.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
      const token = credentials.token;
      const headers: Record<string, string> = {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(given.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(given.idempotencyKey ? { 'idempotency-key': given.idempotencyKey } : {}),
      };
      const response = await fetcher(url, { method: String(method).toUpperCase(), headers, ...(given.body === undefined ? {} : { body: JSON.stringify(given.body) }) });
      const text = await response.text();
      const parsed: unknown = text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
      if (response.ok) return { ok: true, status: response.status, headers: response.headers, data: parsed as AnswerOf<Operation<P, M>> };
      return { ok: false, status: response.status, headers: response.headers, error: parsed as ErrorAnswer };
    },
  };
}

/** An item of the event stream (GET /api/events): an event of a kind, or a control event (`gap`, `closing`). */
export type GatehouseEvent = components['schemas']['Event'];
/** The kinds of event (not the control events). */
export type EventType = Exclude<GatehouseEvent['type'], 'gap' | 'closing'>;
/** The event of kind `T`, with its `data` typed. */
export type EventOf<T extends GatehouseEvent['type']> = Extract<GatehouseEvent, { type: T }>;

export interface EventStreamOptions {
  /** Only these kinds (all the credentials may read when absent). */
  types?: EventType[];
  /** Start after this event (what a previous stream last gave): what was missed comes first. */
  lastEventId?: string;
  /** Ends the stream. */
  signal?: AbortSignal;
  /** Reconnect when the stream ends or breaks, with the last id seen (default true). */
  reconnect?: boolean;
  /** Told each time the stream is open (after each reconnection too). */
  onOpen?: () => void;
  /** Told each time the stream broke and will be tried again. */
  onError?: (error: unknown) => void;
}

/** The stream was refused (401, 403, 400...): reconnecting would be refused too. */
export class EventStreamRefused extends Error {
  constructor(
    readonly status: number,
    readonly error: ErrorAnswer | undefined,
  ) {
    super(`the event stream was refused (${status}${error?.code ? ` ${error.code}` : ''})`);
  }
}

/**
 * The live events, typed: reads GET /api/events with fetch (so the token
 * goes in a header, never in the URL), reconnects with Last-Event-ID when
 * the stream breaks, and yields each event as it comes.
 *
 *   for await (const event of gatehouse.events({ types: ['player.joined'] })) if (event.type === 'player.joined') console.log(event.data.player.name);
 */
export async function* streamEvents(baseUrl: string, credentials: Credentials, options: EventStreamOptions = {}, fetcher: typeof fetch = fetch): AsyncGenerator<GatehouseEvent> {
  const url = new URL('/api/events', baseUrl);
  if (options.types?.length) url.searchParams.set('types', options.types.join(','));
  let lastEventId = options.lastEventId;
  let retryMs = 2000;
  while (!options.signal?.aborted) {
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream', ...(credentials.token ? { authorization: `Bearer ${credentials.token}` } : {}) };
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
      const response = await fetcher(url, { headers, ...(options.signal ? { signal: options.signal } : {}) });
      if (!response.ok || !response.body) {
        const text = await response.text().catch(() => '');
        const error = (text.startsWith('{') ? JSON.parse(text) : undefined) as ErrorAnswer | undefined;
        if (response.status !== 429 && response.status < 500) throw new EventStreamRefused(response.status, error);
        throw new Error(`the event stream answered ${response.status}`);
      }
      options.onOpen?.();
      for await (const message of readServerSentEvents(response.body)) {
        if (message.id !== undefined) lastEventId = message.id;
        if (message.retry !== undefined) retryMs = message.retry;
        if (message.data) yield JSON.parse(message.data) as GatehouseEvent;
      }
    } catch (error) {
      if (options.signal?.aborted) return;
      if (error instanceof EventStreamRefused || options.reconnect === false) throw error;
      options.onError?.(error);
    }
    if (options.reconnect === false) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, retryMs);
      const stop = () => {
        clearTimeout(timer);
        resolve();
      };
      options.signal?.addEventListener('abort', stop, { once: true });
    });
  }
}

/** A server-sent event as read: its id, kind, data (lines joined) and retry, as the text/event-stream format says. */
export interface ServerSentEvent {
  id?: string;
  event?: string;
  data: string;
  retry?: number;
}

/** Reads a text/event-stream body into its events (comment lines, such as heartbeats, are skipped). */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let current: ServerSentEvent & { lines: string[] } = { data: '', lines: [] };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (current.lines.length > 0 || current.id !== undefined || current.retry !== undefined) {
            const { lines: data, ...rest } = current;
            yield { ...rest, data: data.join('\n') };
          }
          current = { data: '', lines: [] };
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') current.lines.push(value);
        else if (field === 'id') current.id = value;
        else if (field === 'event') current.event = value;
        else if (field === 'retry' && /^\d+$/.test(value)) current.retry = Number(value);
      }
    }
  } finally {
    // Also when the reader stops early (a break): the connection is closed, not left open.
    await reader.cancel().catch(() => undefined);
  }
}
