/**
 * The OpenAPI 3.1 document, generated from the route list the router serves
 * (written to docs/openapi.json by `npm run openapi`; a test checks that the
 * committed file is up to date). Bodies, queries and answers are the very
 * schemas requests are validated with.
 */
import { errorAnswer } from './error-answer.js';
import type { Route } from './route.js';

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

/** Drops ajv-only keywords that OpenAPI readers do not know, and says in standard words what ours mean. */
function forOpenApi(schema: object): object {
  return JSON.parse(
    JSON.stringify(schema, (key, value: unknown) => {
      if (key === 'x-message') return undefined;
      if (typeof value === 'object' && value !== null && 'x-cents' in value) {
        const { 'x-cents': _cents, ...rest } = value as Record<string, unknown>;
        return { ...rest, multipleOf: 0.01 };
      }
      return value;
    }),
  );
}

function errorsOf(route: Route): Record<number, string> {
  const errors: Record<number, string> = {};
  if (route.body || route.query) errors[400] = defaultErrors[400]!;
  if (route.body) errors[413] = defaultErrors[413]!;
  if (route.access !== 'public') {
    errors[401] = defaultErrors[401]!;
    errors[403] = route.access === 'admin' ? 'Token expired, or admin privileges required' : 'Token expired';
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

export function openApiDocument(routes: Route[], version: string): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const parameters = [...pathParameters(route.path), ...queryParameters(route)];
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = {
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(route.access === 'public' ? { security: [] } : { security: [{ bearer: [] }] }),
      ...(route.access === 'admin' ? { 'x-requires': 'admin (operator on the game server) or the service token' } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: forOpenApi(route.body) } } } } : {}),
      responses: {
        [route.status ?? 200]: { description: 'OK', content: { 'application/json': { schema: forOpenApi(route.answer) } } },
        ...Object.fromEntries(
          Object.entries(errorsOf(route)).map(([status, description]) => [status, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Gatehouse API', version, description: 'Accounts, economy and admin for a Minecraft Java 1.21+ server.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas: { Error: forOpenApi(errorAnswer) } },
    security: [{ bearer: [] }],
    paths,
  };
}
