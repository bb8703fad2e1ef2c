/**
 * Where a value holds a NUL character (U+0000): in a string, or in an
 * object's key, at any depth. PostgreSQL's text and jsonb cannot hold one,
 * and no name, code, id or text Gatehouse keeps has one, so what a client
 * sends with one is refused before it reaches a store (the same on both
 * stores).
 *
 * The answer is the path to the first string or key holding one, in the
 * order the value is written (`items.1.name`; the object's own path for a
 * key; '' for the value itself), or undefined when there is none. The
 * value's own keys named in `skipped` are not looked into (a password, kept
 * only as its hash); deeper keys of those names are. The walk keeps a list
 * rather than recursing, so no depth of nesting can exhaust the stack.
 */
export function nulAt(value: unknown, skipped: ReadonlySet<string> = new Set()): string | undefined {
  const waiting: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let next = waiting.pop(); next !== undefined; next = waiting.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\0')) return next.path;
    } else if (typeof next.value === 'object' && next.value !== null) {
      const entries = Object.entries(next.value);
      // Last first, each value under its key: the list then gives them back in the order written.
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, inner] = entries[index]!;
        if (next.path === '' && next.value === value && skipped.has(key)) continue;
        waiting.push({ value: inner, path: next.path ? `${next.path}.${key}` : key });
        waiting.push({ value: key, path: next.path });
      }
    }
  }
  return undefined;
}
