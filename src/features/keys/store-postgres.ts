import type { PostgresStorePart } from '../../store/postgres/access.js';
import type { ApiKeyRecord, ApiKeyStore } from './store.js';

/**
 * API keys on PostgreSQL: `<prefix>api_keys`, the record as JSON beside its
 * id and its secret's hash (unique, for the look-up every request with a
 * key makes). Every instance reads the row on every request, so a revocation
 * made on one holds on all at once.
 */
export const postgresApiKeysPart: PostgresStorePart<ApiKeyStore> = {
  migrations: [
    {
      version: 1,
      description: 'API keys',
      sql: ({ name }) => `
        CREATE TABLE ${name('api_keys')} (
          id text PRIMARY KEY,
          secret_hash text NOT NULL UNIQUE,
          created_at timestamptz NOT NULL,
          record jsonb NOT NULL
        );
      `,
    },
  ],
  bind: (access) => {
    const keys = access.name('api_keys');
    const one = async (sql: string, value: string) => (await access.query<{ record: ApiKeyRecord }>(sql, [value]))[0]?.record;
    return {
      add: async (record) => {
        await access.query(`INSERT INTO ${keys} (id, secret_hash, created_at, record) VALUES ($1, $2, $3, $4)`, [
          record.id,
          record.secretHash,
          record.createdAt,
          JSON.stringify(record),
        ]);
      },
      find: (id) => one(`SELECT record FROM ${keys} WHERE id = $1`, id),
      findBySecretHash: (secretHash) => one(`SELECT record FROM ${keys} WHERE secret_hash = $1`, secretHash),
      list: async () => (await access.query<{ record: ApiKeyRecord }>(`SELECT record FROM ${keys} ORDER BY created_at DESC, id DESC`)).map((row) => row.record),
      update: async (record) => {
        await access.query(`UPDATE ${keys} SET secret_hash = $2, record = $3 WHERE id = $1`, [record.id, record.secretHash, JSON.stringify(record)]);
      },
      recordUse: async (id, at, from) => {
        await access.query(`UPDATE ${keys} SET record = record || jsonb_build_object('lastUsedAt', $2::text, 'lastUsedFrom', $3::text) WHERE id = $1`, [id, at, from]);
      },
    };
  },
};
