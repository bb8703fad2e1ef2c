import path from 'node:path';
import type { KeyStore, MessageRecord, MessageStore, PendingRestart, RestartStore } from '../port.js';
import type { JsonAccess } from './access.js';
import type { JsonDatabase, TableFile } from './database.js';
import { writeFileDurably } from '../../lib/durable-file.js';
import { documentFile } from './table-files.js';
import { readdir, readFile } from 'node:fs/promises';

/** The message table's record of the next id: ids are never reused, even after every message expired. */
const nextIdKey = 'next-id';
type MessageRow = MessageRecord | { nextId: number };

/** messages.json: announcements and direct messages; people type them, so they stay few. */
export function defineMessages(database: JsonDatabase, dataDirectory: string): void {
  database.define<MessageRow>(
    { name: 'messages' },
    documentFile<MessageRow, { nextId?: number; messages?: MessageRecord[] }>(path.join(dataDirectory, 'messages.json'), {
      fromDocument: (document) => [
        [nextIdKey, { nextId: document.nextId ?? 1 }],
        ...(document.messages ?? []).map((message): [string, MessageRow] => [String(message.id), message]),
      ],
      toDocument: (records) => {
        const messages = records.filter(([key]) => key !== nextIdKey).map(([, row]) => row as MessageRecord);
        return { nextId: (records.find(([key]) => key === nextIdKey)?.[1] as { nextId: number } | undefined)?.nextId ?? 1, messages: messages.sort((a, b) => a.id - b.id) };
      },
    }),
  );
}

export class JsonMessageStore implements MessageStore {
  constructor(private readonly access: JsonAccess) {}

  add(message: Omit<MessageRecord, 'id'>): Promise<MessageRecord> {
    return this.access.write((tx) => {
      const id = tx.get<{ nextId: number }>('messages', nextIdKey)?.nextId ?? 1;
      const record: MessageRecord = { ...message, id };
      tx.put('messages', nextIdKey, { nextId: id + 1 });
      tx.put('messages', String(id), record);
      return { ...record };
    });
  }

  async list(limit: number, offset = 0): Promise<MessageRecord[]> {
    return this.messages()
      .reverse()
      .slice(offset, offset + limit);
  }

  async count(): Promise<number> {
    return this.messages().length;
  }

  async activeAnnouncements(now: Date): Promise<MessageRecord[]> {
    const nowIso = now.toISOString();
    return this.messages().filter((message) => message.type === 'ANNOUNCEMENT' && (message.expiresAt === null || message.expiresAt > nowIso));
  }

  deleteBefore(cutoff: Date): Promise<number> {
    const cutoffIso = cutoff.toISOString();
    const stillShown = (message: MessageRecord) => message.type === 'ANNOUNCEMENT' && (message.expiresAt === null || message.expiresAt >= cutoffIso);
    return this.access.write((tx) => {
      let removed = 0;
      for (const message of this.messages()) {
        if (message.createdAt < cutoffIso && !stillShown(message)) {
          tx.remove('messages', String(message.id));
          removed += 1;
        }
      }
      return removed;
    });
  }

  removeAnnouncement(id: number): Promise<MessageRecord | null> {
    return this.access.write((tx) => {
      const found = tx.get<MessageRow>('messages', String(id));
      if (!found || !('id' in found) || found.type !== 'ANNOUNCEMENT') return null;
      tx.remove('messages', String(id));
      return { ...found };
    });
  }

  /** In id order, copied. */
  private messages(): MessageRecord[] {
    const rows = [...this.access.read<MessageRow>('messages').values()];
    return rows
      .filter((row): row is MessageRecord => 'id' in row)
      .sort((a, b) => a.id - b.id)
      .map((message) => ({ ...message }));
  }
}

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
