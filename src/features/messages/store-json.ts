import path from 'node:path';
import type { JsonAccess, JsonStorePart } from '../../store/json/access.js';
import { documentFile } from '../../store/json/table-files.js';
import type { MessageRecord, MessageStore } from './store.js';

/** The table's name is written in the journal: it stays what it always was. */
const table = 'messages';
/** The table's record of the next id: ids are never reused, even after every message expired. */
const nextIdKey = 'next-id';
type MessageRow = MessageRecord | { nextId: number };

/** Messages on the JSON store: `messages.json`, the next id and every message, as it always was. */
export const jsonMessagesPart: JsonStorePart<MessageStore> = {
  define: (database, dataDirectory) => {
    database.define<MessageRow>(
      { name: table },
      documentFile<MessageRow, { nextId?: number; messages?: MessageRecord[] }>(path.join(dataDirectory, 'messages.json'), {
        fromDocument: (document) => [
          [nextIdKey, { nextId: document.nextId ?? 1 }],
          ...(document.messages ?? []).map((message): [string, MessageRow] => [String(message.id), message]),
        ],
        toDocument: (records) => {
          const messages = records.filter(([key]) => key !== nextIdKey).map(([, row]) => row as MessageRecord);
          return {
            nextId: (records.find(([key]) => key === nextIdKey)?.[1] as { nextId: number } | undefined)?.nextId ?? 1,
            messages: messages.sort((a, b) => a.id - b.id),
          };
        },
      }),
    );
  },
  bind: (access) => {
    const messages = () => messagesOf(access);
    return {
      add: (message) =>
        access.write((tx) => {
          const id = tx.get<{ nextId: number }>(table, nextIdKey)?.nextId ?? 1;
          const record: MessageRecord = { ...message, id };
          tx.put(table, nextIdKey, { nextId: id + 1 });
          tx.put(table, String(id), record);
          return { ...record };
        }),
      list: async (limit, offset = 0) =>
        messages()
          .reverse()
          .slice(offset, offset + limit),
      count: async () => messages().length,
      activeAnnouncements: async (now) => {
        const nowIso = now.toISOString();
        return messages().filter((message) => message.type === 'ANNOUNCEMENT' && (message.expiresAt === null || message.expiresAt > nowIso));
      },
      deleteBefore: (cutoff) => {
        const cutoffIso = cutoff.toISOString();
        const stillShown = (message: MessageRecord) => message.type === 'ANNOUNCEMENT' && (message.expiresAt === null || message.expiresAt >= cutoffIso);
        return access.write((tx) => {
          let removed = 0;
          for (const message of messages()) {
            if (message.createdAt < cutoffIso && !stillShown(message)) {
              tx.remove(table, String(message.id));
              removed += 1;
            }
          }
          return removed;
        });
      },
      removeAnnouncement: (id) =>
        access.write((tx) => {
          const found = tx.get<MessageRow>(table, String(id));
          if (!found || !('id' in found) || found.type !== 'ANNOUNCEMENT') return null;
          tx.remove(table, String(id));
          return { ...found };
        }),
    };
  },
};

/** The messages, in id order, copied. */
function messagesOf(access: JsonAccess): MessageRecord[] {
  return [...access.read<MessageRow>(table).values()]
    .filter((row): row is MessageRecord => 'id' in row)
    .sort((a, b) => a.id - b.id)
    .map((message) => ({ ...message }));
}
