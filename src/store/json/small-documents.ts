import path from 'node:path';
import type { KeyStore, PendingRestart, RestartStore } from '../port.js';
import type { JsonAccess } from './access.js';
import type { JsonDatabase, TableFile } from './database.js';
import { writeFileDurably } from '../../lib/durable-file.js';
import { documentFile } from './table-files.js';
import { readdir, readFile } from 'node:fs/promises';

/**
 * restart.json: the pending restart by `server.id`, so it survives a restart
 * of Gatehouse itself (`{"servers": {"main": {...}}}`; an older file's
 * `{"pending": ...}` is the server `main`'s).
 */
export function defineRestart(database: JsonDatabase, dataDirectory: string): void {
  database.define<{ pending: PendingRestart | null }>(
    { name: 'restart' },
    documentFile<{ pending: PendingRestart | null }, { servers?: Record<string, PendingRestart>; pending?: PendingRestart | null }>(path.join(dataDirectory, 'restart.json'), {
      pretty: true,
      fromDocument: (document) => [
        ...Object.entries(document.servers ?? {}).map(([server, pending]): [string, { pending: PendingRestart | null }] => [server, { pending }]),
        ...(document.pending ? [['main', { pending: document.pending }] as [string, { pending: PendingRestart | null }]] : []),
      ],
      toDocument: (records) => ({ servers: Object.fromEntries(records.flatMap(([server, { pending }]) => (pending ? [[server, pending]] : []))) }),
    }),
  );
}

export class JsonRestartStore implements RestartStore {
  constructor(private readonly access: JsonAccess) {}

  async load(server: string): Promise<PendingRestart | null> {
    const pending = this.access.read<{ pending: PendingRestart | null }>('restart').get(server)?.pending ?? null;
    return pending && { ...pending };
  }

  save(server: string, pending: PendingRestart | null): Promise<void> {
    return this.access.write((tx) => (pending ? tx.put('restart', server, { pending: { ...pending } }) : tx.remove('restart', server)));
  }
}

/**
 * Keys as `<name>.key` files in the data directory, base64, owner-only
 * (`jwt-signing.key` has always been there).
 */
export function defineKeys(database: JsonDatabase, dataDirectory: string): void {
  const file: TableFile<string> = {
    load: async () => {
      const found: Array<[string, string]> = [];
      for (const name of await readdir(dataDirectory)) {
        const match = keyFilePattern.exec(name);
        if (match) found.push([match[1]!, (await readFile(path.join(dataDirectory, name), 'utf8')).trim()]);
      }
      return found;
    },
    snapshot: (table, changed) => {
      const contents = [...changed].map((name) => [name, table.get(name)] as const);
      return async () => {
        for (const [name, value] of contents) if (value !== undefined) await writeFileDurably(path.join(dataDirectory, `${name}.key`), `${value}\n`);
      };
    },
  };
  database.define<string>({ name: 'keys' }, file);
}

const keyFilePattern = /^([a-z0-9-]+)\.key$/;

export class JsonKeyStore implements KeyStore {
  constructor(private readonly access: JsonAccess) {}

  async getOrCreate(name: string, create: () => Buffer): Promise<Buffer> {
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`key names are lower-case letters, digits and -: ${name}`);
    const existing = this.access.read<string>('keys').get(name);
    if (existing !== undefined) return Buffer.from(existing, 'base64');
    return this.access.write((tx) => {
      const raced = tx.get<string>('keys', name);
      if (raced !== undefined) return Buffer.from(raced, 'base64');
      const key = create();
      tx.put('keys', name, key.toString('base64'));
      return key;
    });
  }
}
