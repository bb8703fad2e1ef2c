/** A JSON-style object: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Merges `source` into `target` key by key, nested objects included, and
 * returns `target`. Nested objects of `source` are copied, never shared.
 */
export function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    if (isPlainObject(value)) target[key] = deepMerge(isPlainObject(target[key]) ? target[key] : {}, value);
    else target[key] = value;
  }
  return target;
}

/** `T` with every property, however deep, read-only. */
export type DeepReadonly<T> = { readonly [K in keyof T]: T[K] extends object ? DeepReadonly<T[K]> : T[K] };

/**
 * Freezes `value` and every object in it, and returns it: one value that
 * every reader shares and none can change under the others.
 */
export function deepFreeze<T>(value: T): DeepReadonly<T> {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value as DeepReadonly<T>;
}
