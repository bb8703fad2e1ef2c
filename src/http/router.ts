import { Readable } from 'node:stream';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { ApiError, forbidden } from '../errors.js';
import type { AccessCheck, Caller } from './caller.js';
import { clientAddress } from './client-address.js';
import { withErrorField } from './error-fields.js';
import { jsonBodyReader } from './json-body.js';
import { withoutFields } from './personal-fields.js';
import { actorOf, isReply, userOf, type Route, type RouteRequest } from './route.js';
import { grants, personalScope } from './scopes.js';
import { answerMismatch, refuseNul, validateBody, validateQuery } from './validation.js';

export interface RouterOptions {
  access: AccessCheck;
  bodyLimitBytes: number;
  trustedProxies: ReadonlySet<string>;
  /** In tests: every answer is checked against its route's schema, and a mismatch is a 500 naming it. */
  checkAnswers?: boolean;
}

/**
 * Turns the route list into one Koa middleware: for each route, access
 * (401/403/503), the JSON body and query checked against their schemas
 * (400), the handler, and its answer. An unknown path is a 404, a known path
 * with another method a 405 with Allow, whatever the method's name.
 */
export function routerFor(routes: Route[], options: RouterOptions): Middleware {
  const router = new Router();
  const readBody = jsonBodyReader(options.bodyLimitBytes);
  const layers = new Map<Route, unknown>();
  for (const route of routes) {
    const served = servedRoute(route);
    router.register(route.path, [route.method], [(ctx) => serve(served, ctx as unknown as Context, ctx.params as Record<string, string>, options, readBody)]);
    layers.set(route, router.stack.at(-1));
  }
  const exact = exactPaths(routes, router, layers, options, readBody);
  const dispatch = router.routes() as unknown as Middleware;
  return async (ctx, next) => {
    // Most requests name a path without parameters exactly: one lookup instead of testing every route's pattern.
    const serveExact = exact.get(ctx.method)?.get(ctx.path);
    if (serveExact) return serveExact(ctx as unknown as Context);
    await dispatch(ctx, next);
    if (ctx.body !== undefined && ctx.body !== null) return;
    const matched = router.match(ctx.path, ctx.method);
    if (matched.route) return;
    const allowed = new Set(matched.path.flatMap((layer) => layer.methods));
    if (allowed.size === 0) throw new ApiError(404, `No endpoint at ${ctx.method} ${ctx.path}`, 'unknown_path');
    const allow = [...allowed].join(', ');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Allow', allow);
      ctx.status = 204;
      return;
    }
    throw new ApiError(405, `Method ${ctx.method} is not supported on ${ctx.path}`, 'method_not_allowed', { Allow: allow });
  };
}

/**
 * The routes without path parameters, by method and path as written, each
 * only where the router itself would pick it for that exact path (no route
 * declared before it matches the path too). Anything else (parameters, HEAD,
 * another letter case, a trailing slash) goes through the router.
 */
function exactPaths(
  routes: Route[],
  router: Router,
  layers: Map<Route, unknown>,
  options: RouterOptions,
  readBody: (ctx: Context) => Promise<unknown>,
): Map<string, Map<string, (ctx: Context) => Promise<void>>> {
  const exact = new Map<string, Map<string, (ctx: Context) => Promise<void>>>();
  for (const route of routes) {
    if (!/^[\w/.-]+$/.test(route.path)) continue;
    if (router.match(route.path, route.method).pathAndMethod[0] !== layers.get(route)) continue;
    const served = servedRoute(route);
    const noParameters: Record<string, string> = {};
    let paths = exact.get(route.method);
    if (!paths) exact.set(route.method, (paths = new Map()));
    if (!paths.has(route.path)) paths.set(route.path, (ctx) => serve(served, ctx, noParameters, options, readBody));
  }
  return exact;
}

/** A route with what serving it needs worked out once: its name in the request meter. */
interface ServedRoute {
  route: Route;
  name: string;
}

function servedRoute(route: Route): ServedRoute {
  return { route, name: `${route.method} ${route.path}` };
}

async function serve(
  { route, name }: ServedRoute,
  ctx: Context,
  params: Record<string, string>,
  options: RouterOptions,
  readBody: (ctx: Context) => Promise<unknown>,
): Promise<void> {
  ctx.state.route = name;
  const address = clientAddress(ctx, options.trustedProxies);
  const caller = await callerOf(route, ctx, options.access, address);
  refuseNul(params, 'path');
  const body = route.body ? validateBody(route.body, await readBody(ctx)) : undefined;
  const query = route.query ? validateQuery(route.query, ctx.query) : undefined;
  const request: RouteRequest<unknown, unknown> = {
    body,
    query,
    params: { ...params },
    caller,
    address,
    header: (headerName) => ctx.get(headerName) || undefined,
    actor: () => actorOf(caller, address),
    user: () => userOf(caller),
  };
  const handled = await answerOf(route, request);
  const result = hidesPersonal(route, caller) ? withoutPersonal(handled, route.personal!) : handled;
  if (!isReply(result)) {
    const status = route.status ?? 200;
    if (options.checkAnswers && status < 300) checkAnswer(route, result);
    ctx.status = status;
    ctx.body = result;
    return;
  }
  if (result.body instanceof Readable) return serveStream(ctx, route, result.body, result.headers);
  if (options.checkAnswers && result.status < 300) checkAnswer(route, result.body);
  for (const [headerName, value] of Object.entries(result.headers)) ctx.set(headerName, value);
  if (route.answerType && result.status < 300 && !ctx.response.get('Content-Type')) ctx.set('Content-Type', route.answerType);
  ctx.status = result.status;
  if (result.json === undefined) {
    ctx.body = result.body;
  } else {
    ctx.type = 'application/json';
    ctx.body = result.json;
  }
}

/**
 * A streamed answer (server-sent events): long-lived, so the connection's
 * idle timeout does not apply (the stream's heartbeats keep it busy), and
 * written at once. A stream destroyed before its end (a reader that fell
 * behind) cuts the connection, so nothing more waits for that reader.
 */
function serveStream(ctx: Context, route: Route, body: Readable, headers: Record<string, string | string[]>): void {
  for (const [headerName, value] of Object.entries(headers)) ctx.set(headerName, value);
  if (route.answerType) ctx.set('Content-Type', route.answerType);
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  body.once('close', () => {
    if (!body.readableEnded) ctx.res.destroy();
  });
  ctx.status = 200;
  ctx.body = body;
}

/** The handler's answer; what it throws names the request field the route says it is about. */
async function answerOf(route: Route, request: RouteRequest<unknown, unknown>): Promise<unknown> {
  try {
    return await route.handle(request);
  } catch (error) {
    throw withErrorField(error, route.errorFields, request.body);
  }
}

/** An API key without personal:read, on a route whose answer has personal fields: they are left out. */
function hidesPersonal(route: Route, caller: Caller): boolean {
  return route.personal !== undefined && caller.kind === 'key' && !grants(caller.key.scopes, personalScope);
}

function withoutPersonal(result: unknown, paths: readonly string[]): unknown {
  if (!isReply(result)) return withoutFields(result, paths);
  // A reply's ready-made JSON text is the whole answer's: the shortened body is sent instead.
  const { json: _whole, ...rest } = result;
  return { ...rest, body: withoutFields(result.body, paths) };
}

function checkAnswer(route: Route, body: unknown): void {
  const mismatch = answerMismatch(route.answer, body);
  if (mismatch) throw new Error(`the answer of ${route.method} ${route.path} does not match its schema: ${mismatch}`);
}

async function callerOf(route: Route, ctx: Context, access: AccessCheck, address: string): Promise<Caller> {
  if (route.access === 'public') return { kind: 'anonymous' };
  // X-API-Key for clients that keep Authorization for something else (a proxy's login): there, it is the credential, and only a key is.
  const apiKey = ctx.get('x-api-key');
  const caller = apiKey ? await access.authenticateKey(apiKey, address) : await access.authenticate(ctx.get('authorization') || undefined, address);
  if (caller.kind === 'key') {
    for (const [name, value] of Object.entries(caller.key.headers)) ctx.set(name, value);
    if (route.scope === undefined && !route.anyKey) throw forbidden("An API key is not a player: this endpoint acts as the caller's own player", 'key_not_allowed');
    if (route.scope !== undefined && !grants(caller.key.scopes, route.scope))
      throw new ApiError(403, `This API key lacks the scope ${route.scope}`, 'scope_missing', {}, { scope: route.scope });
    if (route.personalAnswer && !grants(caller.key.scopes, personalScope)) {
      throw new ApiError(403, `This API key lacks the scope ${personalScope}: this answer is personal data as a whole`, 'scope_missing', {}, { scope: personalScope });
    }
  }
  if (route.access === 'admin') await access.requireAdmin(caller);
  return caller;
}
