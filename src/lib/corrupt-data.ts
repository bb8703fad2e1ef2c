/**
 * A data file cannot be read; start-up stops and the file is left untouched.
 * Defined here, with the pieces that read files, so that they need nothing of
 * the store; the store port offers it to its adapters and callers.
 */
export class StoreCorruptError extends Error {
  override name = 'StoreCorruptError';
}
