/**
 * JSON schemas written once, with their TypeScript types read off them:
 * `const body = t.object({name: t.string()})` is a plain JSON schema that
 * ajv validates and the OpenAPI document prints, and `Static<typeof body>`
 * is `{name: string}`. No hand-kept twin of any schema.
 *
 * Keywords beyond the type's own pass through as options: `minLength`,
 * `pattern`, `format`, `description`, `example`, and `x-message` (the
 * sentence shown when a pattern or format fails; see src/http/validation.ts).
 */

declare const staticType: unique symbol;
declare const optionalMark: unique symbol;

/** A JSON schema that carries the type of the values it accepts. */
export type Schema<T> = { readonly [staticType]?: T } & { readonly [keyword: string]: unknown };
export type Static<S> = S extends Schema<infer T> ? T : never;

/** A property schema marked optional within `t.object` (the mark exists only for the compiler). */
export type Optional<S> = S & { readonly [optionalMark]: true };

// biome-ignore lint/suspicious/noExplicitAny: any schema at all, whatever value it describes (unknown would not accept Schema<string>)
type AnySchema = Schema<any>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type IsOptional<S> = S extends { readonly [optionalMark]: true } ? true : false;
type ObjectOf<P extends Record<string, AnySchema>> = Simplify<
  { [K in keyof P as IsOptional<P[K]> extends true ? never : K]: Static<P[K]> } & {
    [K in keyof P as IsOptional<P[K]> extends true ? K : never]?: Static<P[K]>;
  }
>;

/** Properties marked optional are kept here (a WeakSet leaves the schema itself plain JSON). */
const optionalSchemas = new WeakSet<object>();

type Options = Record<string, unknown>;

export const t = {
  string: (options: Options = {}): Schema<string> => ({ type: 'string', ...options }),
  integer: (options: Options = {}): Schema<number> => ({ type: 'integer', ...options }),
  number: (options: Options = {}): Schema<number> => ({ type: 'number', ...options }),
  boolean: (options: Options = {}): Schema<boolean> => ({ type: 'boolean', ...options }),
  /** One of the given strings. */
  enum: <const V extends readonly string[]>(values: V, options: Options = {}): Schema<V[number]> => ({ type: 'string', enum: values, ...options }),
  /** Exactly this value (`success: true`). */
  literal: <const V extends string | number | boolean>(value: V, options: Options = {}): Schema<V> => ({ type: typeof value, enum: [value], ...options }),
  array: <S extends AnySchema>(items: S, options: Options = {}): Schema<Array<Static<S>>> => ({ type: 'array', items, ...options }),
  /**
   * An object; properties not marked `t.optional` are required. Unknown
   * properties are refused unless `additionalProperties` says otherwise.
   */
  object: <P extends Record<string, AnySchema>>(properties: P, options: Options = {}): Schema<ObjectOf<P>> => {
    // A property with a default is filled in by validation, so callers always see it, but clients may leave it out.
    const required = Object.keys(properties).filter((key) => !optionalSchemas.has(properties[key]!) && !('default' in properties[key]!));
    return { type: 'object', additionalProperties: false, properties, ...(required.length ? { required } : {}), ...options };
  },
  /** A map of string keys to values of one schema. */
  record: <S extends AnySchema>(values: S, options: Options = {}): Schema<Record<string, Static<S>>> => ({ type: 'object', additionalProperties: values, ...options }),
  /** Marks a property optional in `t.object`. */
  optional: <S extends AnySchema>(schema: S): Optional<S> => {
    const copy = { ...schema };
    optionalSchemas.add(copy);
    return copy as Optional<S>;
  },
  /** The schema's values, or null. */
  nullable: <S extends AnySchema>(schema: S): Schema<Static<S> | null> => {
    const type = (schema as { type?: unknown }).type;
    if (typeof type === 'string') return { ...schema, type: [type, 'null'], ...('enum' in schema ? { enum: [...(schema.enum as unknown[]), null] } : {}) };
    return { anyOf: [schema, { type: 'null' }] };
  },
  /** A value of any one of the schemas (an answer that takes one of several shapes). */
  anyOf: <S extends AnySchema[]>(schemas: [...S], options: Options = {}): Schema<Static<S[number]>> => ({ anyOf: schemas, ...options }),
  /** Anything JSON (described for people, checked by nobody). */
  unknown: (options: Options = {}): Schema<unknown> => ({ ...options }),
};
