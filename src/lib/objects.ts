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
