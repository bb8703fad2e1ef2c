import path from 'node:path';
import type { KeyStore } from '../port.js';
import type { JsonAccess } from './access.js';
import type { JsonDatabase, TableFile } from './database.js';
import { writeFileDurably } from '../../lib/durable-file.js';
import { readdir, readFile } from 'node:fs/promises';

/**
 * The secrets every instance must agree on (the token signing key), as
 * `<name>.key` files in the data directory, base64, owner-only
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
