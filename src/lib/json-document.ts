import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import { DataFile } from 'lowdb/node';

export class StoreCorruptError extends Error {
  override name = 'StoreCorruptError';
}

/**
 * Opens one lowdb JSON document. Writes go through steno: a temporary file
 * renamed over the old one, so a crash leaves either the old or the new
 * document, never half of one; concurrent writes are coalesced.
 *
 * A file that exists but does not parse stops start-up: replacing it with
 * defaults would silently lose data.
 */
export async function openDocument<T>(file: string, defaults: T, options: { pretty?: boolean } = {}): Promise<Low<T>> {
  await mkdir(path.dirname(file), { recursive: true });
  const document = newDocument(file, defaults, options);
  try {
    await document.read();
  } catch (error) {
    throw new StoreCorruptError(
      `${file} cannot be read (${(error as Error).message}). It was left untouched: restore it from a backup or move it away to start empty.`,
    );
  }
  return document;
}

/**
 * A document for a file that does not exist yet, without reading it: its
 * folder must exist. Synchronous, so callers can add to it in order.
 */
export function newDocument<T>(file: string, defaults: T, options: { pretty?: boolean } = {}): Low<T> {
  // Compact by default: most documents are written whole on every change and read by no person.
  const stringify = options.pretty ? (data: T) => JSON.stringify(data, null, 2) + '\n' : (data: T) => JSON.stringify(data);
  return new Low<T>(new DataFile<T>(file, { parse: JSON.parse, stringify }), structuredClone(defaults));
}
