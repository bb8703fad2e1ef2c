/**
 * The OpenAPI 3.1 document, generated from the route list the router serves
 * (written to docs/openapi.json by `npm run openapi`; a test checks that the
 * committed file is up to date). Bodies, queries and answers are the very
 * schemas requests are validated with.
 */
import { errorAnswer } from './error-answer.js';
import type { Route } from './route.js';
import { allScopes, personalScope } from './scopes.js';

const defaultErrors: Record<number, string> = {
  400: 'Invalid input',
  401: 'Missing or invalid token',
  403: 'Token expired, or admin privileges required',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body over the size limit',
  429: 'Too many failed attempts; see Retry-After',
  500: 'Internal server error',
  501: 'The game adapter cannot do this',
  503: 'Game server (or economy) not available',
};

/** Our own formats, which only our validator knows, in the words of JSON Schema's own. */
const standardFormats: Record<string, object> = {
  // A webhook address: empty (none), or an http or https URL.
  'http-url': { anyOf: [{ const: '' }, { format: 'uri', pattern: '^https?://' }] },
};

/** Drops ajv-only keywords that OpenAPI readers do not know, and says in standard words what ours mean. */
function forOpenApi(schema: object): object {
  return JSON.parse(
    JSON.stringify(schema, (key, value: unknown) => {
      if (key === 'x-message') return undefined;
      if (typeof value !== 'object' || value === null) return value;
      let node = value as Record<string, unknown>;
      if ('x-cents' in node) {
        const { 'x-cents': _cents, ...rest } = node;
        node = { ...rest, multipleOf: 0.01 };
      }
      if (typeof node.format === 'string' && standardFormats[node.format]) {
        const { format, ...rest } = node;
        node = { ...rest, ...standardFormats[format as string] };
      }
      return node;
    }),
  );
}

function errorsOf(route: Route): Record<number, string> {
  const errors: Record<number, string> = {};
  if (route.body || route.query) errors[400] = defaultErrors[400]!;
  if (route.body) errors[413] = defaultErrors[413]!;
  if (route.access !== 'public') {
    errors[401] = 'Missing or invalid token, or an API key unknown, revoked or expired';
    errors[403] = route.scope
      ? `${route.access === 'admin' ? 'Token expired, or admin privileges required' : 'Token expired'}, or an API key without the scope ${route.scope} (code scope_missing)`
      : "Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed)";
    if (route.scope) errors[429] ??= 'The API key is over its rate limit; see Retry-After and RateLimit';
  }
  if (route.access === 'admin') errors[503] = 'The game server cannot be asked whether the caller is an operator now';
  for (const [status, description] of Object.entries(route.errors ?? {})) errors[Number(status)] = description!;
  return errors;
}

function queryParameters(route: Route): object[] {
  const properties = (route.query as { properties?: Record<string, object> } | undefined)?.properties ?? {};
  const required = new Set((route.query as { required?: string[] } | undefined)?.required ?? []);
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema: forOpenApi(schema) }));
}

function pathParameters(path: string): object[] {
  return [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

/** A stable name for each operation, read off its method and path: `GET /api/admin/keys/:id` is `getAdminKeysById`. */
export function operationIdOf(route: Pick<Route, 'method' | 'path'>): string {
  const words = route.path
    .replace(/^\/api\//, '/')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `By${capitalised(word.slice(1))}` : capitalised(word)));
  return route.method.toLowerCase() + words.join('');
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Who may call a route: a JWT (or the service token) by its access level, and an API key holding the route's scope. */
function securityOf(route: Route): object[] {
  if (route.checksServiceToken) return [{ serviceToken: [] }];
  if (route.access === 'public') return [];
  if (route.anyKey) return [{ bearer: [] }, { apiKey: [] }, { apiKeyHeader: [] }];
  if (!route.scope) return [{ bearer: [] }];
  const scopes = route.personalAnswer ? [route.scope, personalScope] : [route.scope];
  return [{ bearer: [] }, { apiKey: scopes }, { apiKeyHeader: scopes }];
}

/** The operation's description, with what an API key sees of its personal fields. */
function descriptionOf(route: Route): string | undefined {
  const personal = route.personal
    ? `Personal data: an API key sees ${route.personal.map((field) => `\`${field}\``).join(', ')} only if it also holds ${personalScope}; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.`
    : undefined;
  const wholly = route.personalAnswer
    ? `Personal data as a whole: an API key needs ${personalScope} beside ${route.scope}, or is refused (403 scope_missing). A login token (an operator's) and the service token may.`
    : undefined;
  const parts = [route.description, personal, wholly].filter((part) => part !== undefined);
  return parts.length ? parts.join('\n\n') : undefined;
}

/** The success answer's media type as sent (its parameters, such as the charset, left out). */
function mediaTypeOf(route: Route): string {
  return route.answerType === undefined ? 'application/json' : route.answerType.split(';')[0]!.trim();
}

/** The success answer's media type object: its schema, and for a stream the schema of each item (a component). */
function successContent(route: Route): object {
  const schema = forOpenApi(route.answer);
  if (!route.streamItems) return { schema };
  return { schema, 'x-item-schema': { $ref: `#/components/schemas/${route.streamItems.union}` } };
}

/** The components a stream's items add: each item's schema, and their union (told apart by `type`). */
function streamComponents(routes: readonly Route[]): Record<string, object> {
  const components: Record<string, object> = {};
  for (const route of routes) {
    if (!route.streamItems) continue;
    const { union, items } = route.streamItems;
    for (const [name, schema] of Object.entries(items)) components[name] = forOpenApi(schema);
    // Each item says its kind in `type` (a one-value enum): the discriminator maps the kind to its schema.
    const mapping = Object.fromEntries(
      Object.entries(items).map(([name, schema]) => [(schema as { properties: { type: { enum: string[] } } }).properties.type.enum[0], `#/components/schemas/${name}`]),
    );
    components[union] = { oneOf: Object.keys(items).map((name) => ({ $ref: `#/components/schemas/${name}` })), discriminator: { propertyName: 'type', mapping } };
  }
  return components;
}

export interface DocumentOptions {
  /** Where the API is reached; `/` (the document's own origin) unless said. */
  servers?: Array<{ url: string; description: string }>;
}

export function openApiDocument(routes: readonly Route[], version: string, options: DocumentOptions = {}): object {
  const paths: Record<string, Record<string, object>> = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const parameters = [...pathParameters(route.path), ...queryParameters(route)];
    if (route.group) tags.add(route.group);
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = {
      operationId: operationIdOf(route),
      ...(route.group ? { tags: [route.group] } : {}),
      summary: route.summary,
      ...(descriptionOf(route) ? { description: descriptionOf(route) } : {}),
      security: securityOf(route),
      ...(route.access === 'admin' ? { 'x-requires': 'admin (operator on the game server), the service token, or an API key with the scope' } : {}),
      ...(route.scope ? { 'x-scope': route.scope } : {}),
      ...(route.personal ? { 'x-personal': { scope: personalScope, fields: route.personal } } : {}),
      ...(route.personalAnswer ? { 'x-personal': { scope: personalScope, whole: true } } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: forOpenApi(route.body) } } } } : {}),
      responses: {
        [route.status ?? 200]: { description: 'OK', content: { [mediaTypeOf(route)]: successContent(route) } },
        ...Object.fromEntries(
          Object.entries(errorsOf(route)).map(([status, description]) => [
            status,
            { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          ]),
        ),
      },
    };
  }
  const scopes = [
    ...new Set(routes.flatMap((route) => (route.scope ? [route.scope] : [])).concat(routes.some((route) => route.personal || route.personalAnswer) ? [personalScope] : [])),
  ].sort();
  return {
    openapi: '3.1.0',
    info: { title: 'Gatehouse API', version, description: 'Accounts, economy and admin for a Minecraft Java 1.21+ server.' },
    servers: options.servers ?? [{ url: '/', description: 'The Gatehouse serving this document' }],
    tags: [...tags].sort().map((name) => ({ name })),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A JWT from POST /api/auth/login (a player; admin routes need an operator), or the service token.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ghk_ API key',
          description: `An API key from POST /api/admin/keys, limited to its scopes (listed on each operation; ${allScopes} holds them all): ${[allScopes, ...scopes].join(', ')}.`,
        },
        serviceToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The service token (token in config.yml) alone, not a login token: for /metrics, where an address in metrics.allowed-addresses needs none.',
        },
        apiKeyHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description:
            'The same API key, in X-API-Key instead of Authorization (which is then not read, so a client may keep it for something else). Only an API key: a login token or the service token there is refused with 401 not_an_api_key.',
        },
      },
      schemas: { Error: forOpenApi(errorAnswer), ...streamComponents(routes) },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
