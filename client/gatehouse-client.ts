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
