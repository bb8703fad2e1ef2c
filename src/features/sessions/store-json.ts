import path from 'node:path';
import type { JsonStorePart } from '../../store/json/access.js';
import { documentFile } from '../../store/json/table-files.js';
import type { SessionRecord, SessionStore } from './store.js';

const table = 'sessions';

const isActive = (record: SessionRecord, now: string) => record.endedAt === null && record.expiresAt > now;

/**
 * Sessions on the JSON store: one document, `sessions.json`, by id. A server
 * on JSON files is a single server, so a session ended here is ended
 * everywhere, and the check every request makes reads memory.
 */
export const jsonSessionsPart: JsonStorePart<SessionStore> = {
  define: (database, dataDirectory) => {
    database.define<SessionRecord>(
      { name: table },
      documentFile<SessionRecord, { sessions?: SessionRecord[] }>(path.join(dataDirectory, 'sessions.json'), {
        fromDocument: (document) => (document.sessions ?? []).map((record) => [record.id, record]),
        toDocument: (records) => ({ sessions: records.map(([, record]) => record) }),
      }),
    );
  },
  bind: (access) => ({
    add: (record) =>
      access.write((tx) => {
        tx.put(table, record.id, { ...record });
      }),
    find: async (id) => {
      const found = access.read<SessionRecord>(table).get(id);
      return found && { ...found };
    },
    activeOf: async (userId, now) =>
      [...access.read<SessionRecord>(table).values()]
        .filter((record) => record.userId === userId && isActive(record, now))
        .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt) || b.id.localeCompare(a.id))
        .map((record) => ({ ...record })),
    rotate: (id, generation, use) =>
      access.write((tx) => {
        const record = tx.get<SessionRecord>(table, id);
        if (!record || record.endedAt !== null || record.refreshGeneration !== generation) return false;
        tx.put(table, id, { ...record, refreshGeneration: generation + 1, rotatedAt: use.at, lastUsedAt: use.at, lastAddress: use.address, expiresAt: use.expiresAt });
        return true;
      }),
    recordUse: (id, at, address) =>
      access.write((tx) => {
        const record = tx.get<SessionRecord>(table, id);
        if (record && record.lastUsedAt < at) tx.put(table, id, { ...record, lastUsedAt: at, lastAddress: address });
      }),
    end: (id, at, reason) =>
      access.write((tx) => {
        const record = tx.get<SessionRecord>(table, id);
        if (!record || record.endedAt !== null) return false;
        tx.put(table, id, { ...record, endedAt: at, endReason: reason });
        return true;
      }),
    endAllOf: (userId, at, reason, keep) =>
      access.write((tx) => {
        const ended: string[] = [];
        for (const record of [...tx.reader<SessionRecord>(table).values()]) {
          if (record.userId !== userId || record.id === keep || !isActive(record, at)) continue;
          tx.put(table, record.id, { ...record, endedAt: at, endReason: reason });
          ended.push(record.id);
        }
        return ended;
      }),
    deleteGoneBefore: (cutoff) => {
      const before = cutoff.toISOString();
      return access.write((tx) => {
        let deleted = 0;
        for (const record of [...tx.reader<SessionRecord>(table).values()]) {
          if ((record.endedAt !== null && record.endedAt < before) || record.expiresAt < before) {
            tx.remove(table, record.id);
            deleted += 1;
          }
        }
        return deleted;
      });
    },
  }),
};
