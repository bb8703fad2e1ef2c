import { StoreFailedError } from '../port.js';

/**
 * PostgreSQL cannot be reached now (down, restarting, out of connections, a
 * full disk). A StoreFailedError, so the API answers 503; unlike the JSON
 * store's journal failure it passes by itself: the next request that finds
 * the database back succeeds, with no restart of Gatehouse.
 */
export class StoreUnavailableError extends StoreFailedError {
  override name = 'StoreUnavailableError';
  override readonly passes = true;
}

/** Network errors of the socket, before PostgreSQL says anything. */
const socketErrors = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/**
 * SQLSTATE classes and codes that mean "the database, not this request":
 * 08 connection exceptions, 53 insufficient resources (disk full, too many
 * connections), 57P01 to 57P05 shutdowns and start-ups, 58 system errors.
 */
function isServerSideFailure(code: string): boolean {
  return code.startsWith('08') || code.startsWith('53') || code.startsWith('58') || /^57P0[1-5]$/.test(code);
}

/** The client library's own words when a connection ends or never starts (it gives these no code). */
const clientMessages =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly|not queryable/i;

/** Whether an error means PostgreSQL is unreachable or unable, rather than that the request was wrong. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (socketErrors.has(code) || isServerSideFailure(code))) return true;
  return clientMessages.test(error.message);
}

/** PostgreSQL chose this unit of work to fail so that others could go on (a deadlock, a serialization failure): running it again is right. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === '40001' || code === '40P01';
}
