import { chmod, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { StoreCorruptError } from '../port.js';
import type { TableFile } from './database.js';
import { privateDirectoryMode, privateFileMode, writeFileDurably } from '../../lib/durable-file.js';
import type { Table } from './table.js';

/**
 * Reads a JSON file written by a checkpoint; undefined when it does not
 * exist. A file that does not parse stops start-up and is left untouched:
 * replacing it with defaults would silently lose data.
 */
export async function readJsonFile<T>(file: string): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Files of earlier versions were made readable by everyone: tighten them as they are read.
  await chmod(file, privateFileMode).catch(() => undefined);
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new StoreCorruptError(`${file} cannot be read (${(error as Error).message}). It was left untouched: restore it from a backup or move it away to start empty.`);
  }
}

function stringify(document: unknown, pretty: boolean): string {
  return pretty ? `${JSON.stringify(document, null, 2)}\n` : JSON.stringify(document);
}

/**
 * A whole table in one document, for tables that stay small (codes,
 * settings, messages): `toDocument` shapes every record into the file's
 * layout, `fromDocument` reads it back.
 */
export function documentFile<V, D>(
  file: string,
  layout: { fromDocument(document: D): Array<[string, V]>; toDocument(records: Array<[string, V]>): D; pretty?: boolean },
): TableFile<V> {
  return {
    load: async () => {
      const document = await readJsonFile<D>(file);
      return document === undefined ? [] : layout.fromDocument(document);
    },
    snapshot: (table: Table<V>) => {
      const content = stringify(layout.toDocument([...table.entries()]), layout.pretty ?? false);
      return async () => {
        await mkdir(path.dirname(file), { recursive: true, mode: privateDirectoryMode });
        await writeFileDurably(file, content);
      };
    },
  };
}

/**
 * A large table split over documents by a shard number (users: 1,000 ids to
 * a file), so a checkpoint rewrites only the shards that changed.
 */
export function shardedFile<V>(
  directory: string,
  layout: {
    pattern: RegExp;
    nameOf(shard: number): string;
    shardOf(key: string): number;
    /** Every key a shard can hold, when that is known (ids by range), so a checkpoint need not walk the whole table. */
    keysOf?(shard: number): string[];
    fromDocument(document: unknown, file: string): Array<[string, V]>;
    toDocument(records: V[]): unknown;
  },
): TableFile<V> {
  return {
    load: async () => {
      await mkdir(directory, { recursive: true, mode: privateDirectoryMode });
      const records: Array<[string, V]> = [];
      for (const name of (await readdir(directory)).sort()) {
        if (!layout.pattern.test(name)) continue;
        const file = path.join(directory, name);
        records.push(...layout.fromDocument(await readJsonFile(file), file));
      }
      return records;
    },
    snapshot: (table: Table<V>, changed: Set<string>) => {
      const shards = new Set([...changed].map((key) => layout.shardOf(key)));
      const byShard = new Map<number, V[]>([...shards].map((shard) => [shard, []]));
      if (layout.keysOf) {
        for (const [shard, records] of byShard) {
          for (const key of layout.keysOf(shard)) {
            const value = table.get(key);
            if (value !== undefined) records.push(value);
          }
        }
      } else {
        for (const [key, value] of table.entries()) byShard.get(layout.shardOf(key))?.push(value);
      }
      const contents = [...byShard].map(([shard, records]) => [layout.nameOf(shard), JSON.stringify(layout.toDocument(records))] as const);
      return async () => {
        await mkdir(directory, { recursive: true, mode: privateDirectoryMode });
        for (const [name, content] of contents) await writeFileDurably(path.join(directory, name), content);
      };
    },
  };
}
