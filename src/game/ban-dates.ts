/**
 * Vanilla's ban files write times as `2026-05-01 12:00:00 +0000` (its
 * `yyyy-MM-dd HH:mm:ss Z`, whole seconds), and an end as `forever`; the port
 * speaks ISO 8601. Both the embedded server, which keeps files of that
 * format, and the RCON adapter, which reads a vanilla server's, convert here.
 */

/** `2026-05-01T12:00:00.000Z` → `2026-05-01 12:00:00 +0000` (UTC, whole seconds). */
export function vanillaDate(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} +0000`;
}

/** Vanilla's `2026-05-01 12:00:00 +0200` → ISO 8601; null for what does not read as one. */
export function isoDate(text: string): string | null {
  const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) ([+-])(\d\d)(\d\d)$/.exec(text.trim());
  const time = match ? Date.parse(`${match[1]}T${match[2]}${match[3]}${match[4]}:${match[5]}`) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A ban file's `expires`: `forever` (or nothing readable) is no end. */
export function banEnd(text: string | undefined): string | null {
  return text === undefined || text === 'forever' ? null : isoDate(text);
}
