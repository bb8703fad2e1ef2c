import type { KeyStore } from '../port.js';
import type { PostgresAccess } from './access.js';

/** The secrets every instance on the database shares (the token signing key), base64 in `<prefix>keys`. */
export class PostgresKeyStore implements KeyStore {
  constructor(private readonly access: PostgresAccess) {}

  /**
   * The first instance to insert the key wins; the others' inserts do
   * nothing and they read the winner's, in a second statement (the first
   * one's snapshot began before the winner committed).
   */
  async getOrCreate(name: string, create: () => Buffer): Promise<Buffer> {
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`key names are lower-case letters, digits and -: ${name}`);
    const table = this.access.name('keys');
    const read = async () => (await this.access.query<{ value: string }>(`SELECT value FROM ${table} WHERE name = $1`, [name]))[0]?.value;
    const existing = await read();
    if (existing !== undefined) return Buffer.from(existing, 'base64');
    await this.access.query(`INSERT INTO ${table} (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, create().toString('base64')]);
    return Buffer.from((await read())!, 'base64');
  }
}
