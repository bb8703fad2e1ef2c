/**
 * A key for one money-moving action, sent as Idempotency-Key: the same key
 * sent twice (a double click, a retry after a lost answer) moves money once.
 * Made with getRandomValues, which works on a plain-http LAN address too
 * (crypto.randomUUID needs a secure context).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `portal-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
