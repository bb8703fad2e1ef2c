/**
 * A route as data: what the API description says about an endpoint (method,
 * path, who may call it, what it takes and answers, its errors), and one
 * handler that calls a service. Feature modules declare their routes this
 * way; the router (./router.ts) and the OpenAPI document (./openapi.ts) are
 * both generated from the one list, and the handler never sees Koa.
 */
import { forbidden } from '../errors.js';
import type { Schema } from '../lib/schema.js';
import type { UserRecord } from '../store/port.js';
import type { Actor, Caller } from './caller.js';
import type { ErrorFields } from './error-fields.js';
import { checkPersonalFields } from './personal-fields.js';
import { isScopeName } from './scopes.js';

export type { Actor, Caller };

/** public: anyone; login: any logged-in user or the service token; admin: an operator now, or the service token. */
export type Access = 'public' | 'login' | 'admin';

export interface RouteRequest<Body, Query> {
  body: Body;
  query: Query;
  /** Path parameters (`:id`), as text. */
  params: Record<string, string>;
  caller: Caller;
  /** The client's address (see http.trusted-proxies). */
  address: string;
  header(name: string): string | undefined;
  /** The caller as an actor: a web username or `service`. */
  actor(): Actor;
  /** The logged-in user; the service account has none (403). */
  user(): UserRecord;
}

/** An answer with a status or headers other than the route's own. */
export interface Reply<Answer> {
  readonly [replyMark]: true;
  status: number;
  body: Answer;
  /** A list sends the header once per item (Set-Cookie). */
  headers: Record<string, string | string[]>;
  /** `body` already as JSON text, for a large answer shared by many requests (sent as it is). */
  json?: string;
}
const replyMark = Symbol('reply');

export function reply<Answer>(body: Answer, options: { status?: number; headers?: Record<string, string | string[]>; json?: string } = {}): Reply<Answer> {
  return { [replyMark]: true, status: options.status ?? 200, body, headers: options.headers ?? {}, ...(options.json !== undefined ? { json: options.json } : {}) };
}

export function isReply(value: unknown): value is Reply<unknown> {
  return typeof value === 'object' && value !== null && replyMark in value;
}

export interface Route<Body = unknown, Query = unknown, Answer = unknown> {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  access: Access;
  /**
   * The scope an API key needs here (see ./scopes.ts). Every admin route
   * names one; a login route without one acts as the caller's own player, so
   * keys are refused there (403).
   */
  scope?: string;
  /**
   * An API key with any scope may call it (it names no scope): the handler
   * gives a key only what its scopes let it read (the event stream).
   */
  anyKey?: true;
  /**
   * The answer's fields that carry personal data (addresses, positions,
   * e-mail), as paths (`players[].ipAddress`): an API key sees them only
   * when it also holds `personal:read` (./scopes.ts); the router leaves them
   * out otherwise, so the answer schema must let them be absent.
   */
  personal?: readonly string[];
  /**
   * The whole answer is personal data (a backup archive: every account's
   * e-mail, every address), so no part of it can be left out: an API key
   * needs `personal:read` beside the route's scope, or is refused (403).
   */
  personalAnswer?: true;
  /** The API group (feature) that declares the route, its tag in the OpenAPI document; set by the feature list. */
  group?: string;
  summary: string;
  description?: string;
  body?: Schema<Body>;
  query?: Schema<Query>;
  /** The answer's schema (the success status's). */
  answer: Schema<Answer>;
  /** The success answer's Content-Type when it is not JSON (a page, a script, Prometheus text): sent with it, and so described. */
  answerType?: string;
  /**
   * A stream's items (`text/event-stream`): the schema of each, by name. The
   * OpenAPI document lists them as components and names their union as the
   * stream's item schema; the answer itself is a stream (a Readable in a reply).
   */
  streamItems?: { union: string; items: Record<string, Schema<unknown>> };
  /**
   * A public route that checks the service token itself (`/metrics`, where
   * listed addresses need none): the OpenAPI document names the token as its
   * security rather than none.
   */
  checksServiceToken?: true;
  /** The success status; 200 unless said. */
  status?: number;
  /** Documented error statuses and when they happen (401/403/503 of the access level are added by the router). */
  errors?: Partial<Record<number, string>>;
  /** The request field each error code here is about, answered as `field` so a form shows the error there (./error-fields.ts). */
  errorFields?: ErrorFields<Body>;
  handle(request: RouteRequest<Body, Query>): Promise<Answer | Reply<Answer>> | Answer | Reply<Answer>;
}

/** Declares a route, inferring its types from its schemas. */
export function route<Body = undefined, Query = undefined, Answer = unknown>(definition: Route<Body, Query, Answer>): Route {
  if (definition.scope !== undefined && !isScopeName(definition.scope))
    throw new Error(`${definition.method} ${definition.path}: "${definition.scope}" is not a scope (group:read, group:write or group:admin)`);
  if (definition.access === 'admin' && definition.scope === undefined)
    throw new Error(`${definition.method} ${definition.path}: an admin route must name the scope an API key needs`);
  if (definition.personal) checkPersonalFields(definition.answer, definition.personal, `${definition.method} ${definition.path}`);
  return definition as unknown as Route;
}

export function actorOf(caller: Caller, address: string): Actor {
  if (caller.kind === 'key') return { name: `key:${caller.key.name}`, keyId: caller.key.id, ipAddress: address };
  if (caller.kind === 'user') return { name: caller.user.username, ipAddress: address, sessionId: caller.sessionId };
  return { name: 'service', ipAddress: address };
}

export function userOf(caller: Caller): UserRecord {
  if (caller.kind === 'user') return caller.user;
  if (caller.kind === 'key') throw forbidden("An API key is not a player: this endpoint acts as the caller's own player", 'key_not_allowed');
  throw forbidden('The service account has no user profile', 'service_account');
}
