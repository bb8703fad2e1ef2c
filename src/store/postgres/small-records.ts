import type { KeyStore, MessageRecord, MessageStore, PendingRestart, RestartStore } from '../port.js';
import type { PostgresAccess } from './access.js';

interface MessageRow {
  id: number;
  type: MessageRecord['type'];
  content: string;
  created_at: Date;
  expires_at: Date | null;
  recipient: string | null;
  sent_by: string;
}

function toMessage(row: MessageRow): MessageRecord {
  return {
    type: row.type,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    ...(row.recipient !== null ? { recipient: row.recipient } : {}),
    sentBy: row.sent_by,
    id: row.id,
  };
}

const messageColumns = 'id, type, content, created_at, expires_at, recipient, sent_by';

/** Announcements and direct messages; ids from an identity column, never reused. */
export class PostgresMessageStore implements MessageStore {
  private readonly table: string;

  constructor(private readonly access: PostgresAccess) {
    this.table = access.name('messages');
  }

  async add(message: Omit<MessageRecord, 'id'>): Promise<MessageRecord> {
    const [row] = await this.access.query<MessageRow>(
      `INSERT INTO ${this.table} (type, content, created_at, expires_at, recipient, sent_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${messageColumns}`,
      [message.type, message.content, message.createdAt, message.expiresAt, message.recipient ?? null, message.sentBy],
    );
    return toMessage(row!);
  }

  async list(limit: number, offset = 0): Promise<MessageRecord[]> {
    return (await this.access.query<MessageRow>(`SELECT ${messageColumns} FROM ${this.table} ORDER BY id DESC LIMIT $1 OFFSET $2`, [limit, offset])).map(toMessage);
  }

  async count(): Promise<number> {
    const [row] = await this.access.query<{ total: string }>(`SELECT count(*) AS total FROM ${this.table}`);
    return Number(row?.total ?? 0);
  }

  async activeAnnouncements(now: Date): Promise<MessageRecord[]> {
    const rows = await this.access.query<MessageRow>(
      `SELECT ${messageColumns} FROM ${this.table} WHERE type = 'ANNOUNCEMENT' AND (expires_at IS NULL OR expires_at > $1) ORDER BY id`,
      [now.toISOString()],
    );
    return rows.map(toMessage);
  }

  async deleteBefore(cutoff: Date): Promise<number> {
    // An announcement still shown at the cutoff stays: the retention counts from its end.
    const stillShown = `type = 'ANNOUNCEMENT' AND (expires_at IS NULL OR expires_at >= $1)`;
    return (await this.access.query(`DELETE FROM ${this.table} WHERE created_at < $1 AND NOT (${stillShown}) RETURNING id`, [cutoff.toISOString()])).length;
  }

  async removeAnnouncement(id: number): Promise<MessageRecord | null> {
    const [row] = await this.access.query<MessageRow>(`DELETE FROM ${this.table} WHERE id = $1 AND type = 'ANNOUNCEMENT' RETURNING ${messageColumns}`, [id]);
    return row ? toMessage(row) : null;
  }
}

/** Pending restarts, a row per server; locked like the settings when read inside a unit of work. */
export class PostgresRestartStore implements RestartStore {
  constructor(private readonly access: PostgresAccess) {}

  async load(server: string): Promise<PendingRestart | null> {
    const [row] = await this.access.query<{ pending: PendingRestart }>(
      `SELECT pending FROM ${this.access.name('pending_restarts')} WHERE server = $1${this.access.inUnit ? ' FOR UPDATE' : ''}`,
      [server],
    );
    return row?.pending ?? null;
  }

  async save(server: string, pending: PendingRestart | null): Promise<void> {
    if (pending === null) {
      await this.access.query(`DELETE FROM ${this.access.name('pending_restarts')} WHERE server = $1`, [server]);
      return;
    }
    await this.access.query(`INSERT INTO ${this.access.name('pending_restarts')} (server, pending) VALUES ($1, $2) ON CONFLICT (server) DO UPDATE SET pending = EXCLUDED.pending`, [
      server,
      JSON.stringify(pending),
    ]);
  }
}

/** Keys shared by every instance on the database, base64 in `<prefix>keys`. */
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
