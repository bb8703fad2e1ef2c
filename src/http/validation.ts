import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { Context } from 'koa';
import { badRequest } from '../errors.js';

/**
 * One ajv instance for every request schema. Schemas may carry
 * `x-message`: the sentence shown when a property fails its pattern or format
 * (ajv's own wording names regular expressions, which helps nobody).
 */
const ajv = new Ajv({ allErrors: false, strict: true, coerceTypes: false, useDefaults: false });
ajv.addVocabulary(['x-message', 'example']);
// A pragmatic e-mail shape: something@domain.tld, no spaces, one @.
ajv.addFormat('email', /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/);
// A full ISO 8601 timestamp with a time zone, e.g. 2026-12-01T18:00:00Z or ...+01:00.
ajv.addFormat('iso-timestamp', (value: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)),
);
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

const compiled = new WeakMap<object, ValidateFunction>();

/** Returns `value` typed as T, or throws a 400 whose message names the offending field. */
export function validate<T>(schema: object, value: unknown, where: 'body' | 'query' = 'body'): T {
  let check = compiled.get(schema);
  if (!check) {
    check = ajv.compile(schema);
    compiled.set(schema, check);
  }
  if (!check(value)) throw badRequest(describe(check.errors![0]!, schema, where), 'invalid_field');
  return value as T;
}

/** The JSON body of a request, validated. */
export function body<T>(ctx: Context, schema: object): T {
  return validate<T>(schema, ctx.request.body);
}

function describe(error: ErrorObject, schema: object, where: string): string {
  const field = error.instancePath.slice(1).split('/').join('.');
  const subject = field || where;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${joinPath(field, params.missingProperty as string)} is required`;
    case 'additionalProperties':
      return `${joinPath(field, params.additionalProperty as string)} is not a known field`;
    case 'type':
      return `${subject} must be ${params.type === 'integer' || params.type === 'object' || params.type === 'array' ? 'an' : 'a'} ${params.type}`;
    case 'minLength':
      return params.limit === 1 ? `${subject} must not be empty` : `${subject} must be at least ${params.limit} characters`;
    case 'maxLength':
      return `${subject} must be at most ${params.limit} characters`;
    case 'minimum':
    case 'maximum':
      return `${subject} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${params.limit}`;
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
