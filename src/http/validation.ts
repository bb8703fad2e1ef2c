import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ApiError } from '../errors.js';
import { nulAt } from '../lib/nul.js';
import type { Schema } from '../lib/schema.js';

/**
 * Validation of what clients send (bodies and query strings) and, in tests,
 * of what the API answers. Schemas may carry `x-message`: the sentence shown
 * when a property fails its pattern or format (ajv's own wording names
 * regular expressions, which helps nobody).
 */
function newAjv(options: ConstructorParameters<typeof Ajv>[0]): Ajv {
  // strictNumbers: a number is finite. `strict` implies it; said here for the answers' checker, which is not strict.
  const ajv = new Ajv({ allErrors: false, strict: true, strictNumbers: true, allowUnionTypes: true, ...options });
  ajv.addVocabulary(['x-message', 'example']);
  // Money: a number of the currency with at most two decimals (kept as integer cents inside).
  ajv.addKeyword({
    keyword: 'x-cents',
    type: 'number',
    schemaType: 'boolean',
    // The number written with two decimals is the same number: 0.29 passes, 0.000000001 and 1.000000001 do not.
    validate: (_enabled: boolean, value: number) => Number.isFinite(value) && Number(value.toFixed(2)) === value,
    error: { message: 'must have at most two decimals' },
  });
  // A pragmatic e-mail shape: something@domain.tld, no spaces, one @.
  ajv.addFormat('email', /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/);
  ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
  // A webhook address: empty (none), or an absolute http(s) URL.
  ajv.addFormat('http-url', (value: string) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  });
  return ajv;
}

const bodies = newAjv({ coerceTypes: false, useDefaults: true });
// Query strings are text: "page=2" must count as the integer 2.
const queries = newAjv({ coerceTypes: true, useDefaults: true });
const answers = newAjv({ strict: false });

const compiled = new Map<Ajv, WeakMap<object, ValidateFunction>>();
function compile(ajv: Ajv, schema: object): ValidateFunction {
  let cache = compiled.get(ajv);
  if (!cache) compiled.set(ajv, (cache = new WeakMap()));
  let check = cache.get(schema);
  if (!check) cache.set(schema, (check = ajv.compile(schema)));
  return check;
}

/** Returns `value` typed by its schema (defaults filled in), or throws a 400 whose message names the offending field. */
export function validate<T>(schema: Schema<T>, value: unknown, where: 'body' | 'query' = 'body'): T {
  const check = compile(bodies, schema);
  if (!check(value)) throw invalidField(check.errors![0]!, schema, where);
  return value as T;
}

/** A request's body: no NUL character in it (below), then `validate`. */
export function validateBody<T>(schema: Schema<T>, value: unknown): T {
  refuseNul(value, 'body');
  return validate(schema, value, 'body');
}

/** Passwords are kept only as their bcrypt hash, never as text: one with a NUL reaches no store, and one set before this check still logs in. */
const passwordFields = new Set(['password', 'currentPassword', 'newPassword']);

/**
 * A string with a NUL character anywhere in what a client sent (a body,
 * a query's known parameters, a path's parameters; ../lib/nul.ts): a 400
 * naming the field, before the field's own rules are checked.
 */
export function refuseNul(value: unknown, where: string): void {
  const at = nulAt(value, passwordFields);
  if (at === undefined) return;
  const field = at || where;
  throw new ApiError(400, `${field} must not contain a NUL character (U+0000)`, 'invalid_field', {}, { field });
}

/**
 * A query string, validated: a parameter given twice is a 400, an empty one
 * counts as absent, numbers are read from their text, defaults filled in.
 * Unknown parameters are ignored (cache busters and the like): they are
 * neither checked nor handed on.
 */
export function validateQuery<T>(schema: Schema<T>, query: Record<string, string | string[] | undefined>): T {
  const known = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  const values: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(query)) {
    if (!Object.hasOwn(known, name)) continue;
    if (Array.isArray(raw)) throw new ApiError(400, `${name} must be given once`, 'invalid_field', {}, { field: name });
    if (raw !== undefined && raw !== '') values[name] = raw;
  }
  refuseNul(values, 'query');
  const check = compile(queries, schema);
  if (!check(values)) throw invalidField(check.errors![0]!, schema, 'query');
  // Ajv reads `1e309` or `Infinity` as Infinity when it coerces, then skips a bound for a number that is not finite (even with strictNumbers).
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new ApiError(400, `${name} must be a finite number`, 'invalid_field', {}, { field: name });
  }
  return values as T;
}

/** For tests and development: the first way `value` breaks the answer schema, or undefined. */
export function answerMismatch(schema: object, value: unknown): string | undefined {
  const check = compile(answers, schema);
  if (check(value)) return undefined;
  const error = check.errors![0]!;
  return `${error.instancePath || '(answer)'} ${error.message ?? 'is invalid'}`;
}

/** A 400 whose message names the field, and whose `field` says which, so a form can show the message beside it. */
function invalidField(error: ErrorObject, schema: object, where: string): ApiError {
  const params = error.params as Record<string, unknown>;
  const parent = fieldOf(error);
  const named = error.keyword === 'required' ? params.missingProperty : error.keyword === 'additionalProperties' ? params.additionalProperty : undefined;
  const field = typeof named === 'string' ? joinPath(parent, named) : parent || where;
  return new ApiError(400, describe(error, schema, where), 'invalid_field', {}, { field });
}

function fieldOf(error: ErrorObject): string {
  return error.instancePath.slice(1).split('/').join('.');
}

function describe(error: ErrorObject, schema: object, where: string): string {
  const field = fieldOf(error);
  const subject = field || where;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${joinPath(field, params.missingProperty as string)} is required`;
    case 'additionalProperties':
      return `${joinPath(field, params.additionalProperty as string)} is not a known field`;
    case 'type': {
      const type = String(params.type).split(',')[0]!;
      return `${subject} must be ${type === 'integer' || type === 'object' || type === 'array' ? 'an' : 'a'} ${type}`;
    }
    case 'minLength':
      return params.limit === 1 ? `${subject} must not be empty` : `${subject} must be at least ${params.limit} characters`;
    case 'maxLength':
      return `${subject} must be at most ${params.limit} characters`;
    case 'minimum':
    case 'maximum':
      return `${subject} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${params.limit}`;
    case 'minItems':
    case 'maxItems':
      return `${subject} must have ${error.keyword === 'minItems' ? 'at least' : 'at most'} ${params.limit} items`;
    case 'multipleOf':
      return `${subject} ${customMessage(schema, error.schemaPath) ?? `must be a multiple of ${params.multipleOf}`}`;
    case 'enum':
      return `${subject} must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'pattern':
    case 'format':
      return `${subject} ${customMessage(schema, error.schemaPath) ?? 'has an invalid format'}`;
    default:
      return `${subject} ${error.message ?? 'is invalid'}`;
  }
}

function joinPath(parent: string, child: string): string {
  return parent ? `${parent}.${child}` : child;
}

/** Finds `x-message` beside the failing keyword, following the schema path (`#/properties/email/format`). */
function customMessage(schema: object, schemaPath: string): string | undefined {
  let node: unknown = schema;
  for (const part of schemaPath.replace(/^#\//, '').split('/').slice(0, -1)) {
    node = (node as Record<string, unknown> | undefined)?.[part];
  }
  const message = (node as Record<string, unknown> | undefined)?.['x-message'];
  return typeof message === 'string' ? message : undefined;
}
