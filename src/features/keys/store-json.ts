import path from 'node:path';
import type { JsonStorePart } from '../../store/json/access.js';
import { documentFile } from '../../store/json/table-files.js';
import type { ApiKeyRecord, ApiKeyStore } from './store.js';

const keys = 'apiKeys';

/** API keys on the JSON store: one small document, `api-keys.json`, the records in it as the API keeps them. */
export const jsonApiKeysPart: JsonStorePart<ApiKeyStore> = {
  define: (database, dataDirectory) => {
    database.define<ApiKeyRecord>(
      { name: keys, uniqueIndexes: { secretHash: (record) => record.secretHash } },
      documentFile<ApiKeyRecord, { keys: ApiKeyRecord[] }>(path.join(dataDirectory, 'api-keys.json'), {
        fromDocument: (document) => (document.keys ?? []).map((record) => [record.id, record]),
        toDocument: (records) => ({ keys: records.map(([, record]) => record) }),
        pretty: true,
      }),
    );
  },
  bind: (access) => ({
    add: (record) =>
      access.write((tx) => {
        tx.put(keys, record.id, record);
      }),
    find: async (id) => access.read<ApiKeyRecord>(keys).get(id),
    findBySecretHash: async (secretHash) => access.read<ApiKeyRecord>(keys).findBy('secretHash', secretHash),
    list: async () => [...access.read<ApiKeyRecord>(keys).values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)),
    update: (record) =>
      access.write((tx) => {
        tx.put(keys, record.id, record);
      }),
    recordUse: (id, at, from) =>
      access.write((tx) => {
        const record = tx.get<ApiKeyRecord>(keys, id);
        if (record) tx.put(keys, id, { ...record, lastUsedAt: at, lastUsedFrom: from });
      }),
  }),
};
