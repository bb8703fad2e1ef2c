/**
 * Where a value holds a NUL character (U+0000): in a string, or in an
 * object's key, at any depth. PostgreSQL's text and jsonb cannot hold one,
 * and no name, code, id or text of Gatehouse has one, so what a client sends
 * with one is refused before it reaches a store (the same on both stores).
 *
 * The answer is the path to the first string or key holding one (`items.1.name`;
 * '' for the value itself), or undefined when there is none. The walk keeps a
 * list rather than recursing, so no depth of nesting can exhaust the stack.
 */
export function nulAt(value: unknown): string | undefined {
  const waiting: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let next = waiting.pop(); next !== undefined; next = waiting.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\0')) return next.path;
    } else if (typeof next.value === 'object' && next.value !== null) {
      for (const [key, inner] of Object.entries(next.value)) {
        if (key.includes('\0')) return next.path;
        waiting.push({ value: inner, path: next.path ? `${next.path}.${key}` : key });
      }
    }
  }
  return undefined;
}
