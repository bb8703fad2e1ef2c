import path from 'node:path';
import type { JsonStorePart } from '../../store/json/access.js';
import { documentFile } from '../../store/json/table-files.js';
import type { OidcRecord, OidcStore } from './store.js';

const table = 'oidc';
const keyOf = (model: string, id: string) => `${model}/${id}`;
const live = (record: OidcRecord | undefined, now: string) => (record && (record.expiresAt === null || record.expiresAt > now) ? structuredClone(record) : undefined);

/**
 * The provider's records on the JSON store: one document, `oidc.json`. A
 * server on JSON files is a single server, so memory is the truth and the
 * journal keeps it on disk.
 */
export const jsonOidcPart: JsonStorePart<OidcStore> = {
  define: (database, dataDirectory) => {
    database.define<OidcRecord>(
      { name: table },
      documentFile<OidcRecord, { records?: OidcRecord[] }>(path.join(dataDirectory, 'oidc.json'), {
        fromDocument: (document) => (document.records ?? []).map((record) => [keyOf(record.model, record.id), record]),
        toDocument: (records) => ({ records: records.map(([, record]) => record) }),
      }),
    );
  },
  bind: (access) => ({
    put: (record) =>
      access.write((tx) => {
        tx.put(table, keyOf(record.model, record.id), structuredClone(record));
      }),
    replace: (record, previous) =>
      access.write((tx) => {
        const current = tx.get<OidcRecord>(table, keyOf(record.model, record.id));
        if (JSON.stringify(current?.payload ?? null) !== JSON.stringify(previous)) return false;
        tx.put(table, keyOf(record.model, record.id), structuredClone(record));
        return true;
      }),
    find: async (model, id, now) => live(access.read<OidcRecord>(table).get(keyOf(model, id)), now),
    findBy: async (model, field, value, now) => {
      for (const record of access.read<OidcRecord>(table).values()) {
        if (record.model === model && record[field] === value) return live(record, now);
      }
      return undefined;
    },
    consume: (model, id, atSeconds) =>
      access.write((tx) => {
        const record = tx.get<OidcRecord>(table, keyOf(model, id));
        if (record) tx.put(table, keyOf(model, id), { ...record, payload: { ...record.payload, consumed: atSeconds } });
      }),
    remove: (model, id) =>
      access.write((tx) => {
        if (!tx.get<OidcRecord>(table, keyOf(model, id))) return false;
        tx.remove(table, keyOf(model, id));
        return true;
      }),
    removeGrant: (grantId) =>
      access.write((tx) => {
        for (const record of [...tx.reader<OidcRecord>(table).values()]) {
          if (record.grantId === grantId) tx.remove(table, keyOf(record.model, record.id));
        }
      }),
    list: async (model) =>
      [...access.read<OidcRecord>(table).values()]
        .filter((record) => record.model === model)
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((record) => structuredClone(record)),
    deleteExpiredBefore: (cutoff) => {
      const before = cutoff.toISOString();
      return access.write((tx) => {
        let deleted = 0;
        for (const record of [...tx.reader<OidcRecord>(table).values()]) {
          if (record.expiresAt !== null && record.expiresAt < before) {
            tx.remove(table, keyOf(record.model, record.id));
            deleted += 1;
          }
        }
        return deleted;
      });
    },
  }),
};
