import type { PostgresStorePart } from '../../store/postgres/access.js';
import type { OidcRecord, OidcStore } from './store.js';

interface OidcRow {
  model: string;
  id: string;
  payload: Record<string, unknown>;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: Date | null;
}

const columns = 'model, id, payload, grant_id, uid, user_code, expires_at';

function toRecord(row: OidcRow): OidcRecord {
  return {
    model: row.model,
    id: row.id,
    payload: row.payload,
    grantId: row.grant_id,
    uid: row.uid,
    userCode: row.user_code,
    expiresAt: row.expires_at?.toISOString() ?? null,
  };
}

/**
 * The provider's records on PostgreSQL: `<prefix>oidc`, a row per record,
 * shared by every instance of a network (one issuer, one set of clients,
 * codes and sessions valid on any of them).
 */
export const postgresOidcPart: PostgresStorePart<OidcStore> = {
  migrations: [
    {
      version: 1,
      description: 'oidc',
      sql: ({ name }) => `
        CREATE TABLE ${name('oidc')} (
          model text NOT NULL,
          id text NOT NULL,
          payload jsonb NOT NULL,
          grant_id text,
          uid text,
          user_code text,
          expires_at timestamptz,
          PRIMARY KEY (model, id)
        );
        CREATE INDEX ${name('oidc_grant')} ON ${name('oidc')} (grant_id) WHERE grant_id IS NOT NULL;
        CREATE INDEX ${name('oidc_uid')} ON ${name('oidc')} (model, uid) WHERE uid IS NOT NULL;
        CREATE INDEX ${name('oidc_user_code')} ON ${name('oidc')} (model, user_code) WHERE user_code IS NOT NULL;
        CREATE INDEX ${name('oidc_expires_at')} ON ${name('oidc')} (expires_at) WHERE expires_at IS NOT NULL;
      `,
    },
  ],
  bind: (access) => {
    const table = access.name('oidc');
    return {
      put: async (record) => {
        await access.query(
          `INSERT INTO ${table} (${columns}) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid, user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
          [record.model, record.id, JSON.stringify(record.payload), record.grantId, record.uid, record.userCode, record.expiresAt],
        );
      },
      replace: async (record, previous) => {
        const values = [record.model, record.id, JSON.stringify(record.payload), record.grantId, record.uid, record.userCode, record.expiresAt];
        if (previous === null)
          return (await access.query(`INSERT INTO ${table} (${columns}) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (model, id) DO NOTHING RETURNING id`, values)).length === 1;
        return (
          (
            await access.query(
              `UPDATE ${table} SET payload = $3, grant_id = $4, uid = $5, user_code = $6, expires_at = $7 WHERE model = $1 AND id = $2 AND payload = $8::jsonb RETURNING id`,
              [...values, JSON.stringify(previous)],
            )
          ).length === 1
        );
      },
      find: async (model, id, now) => {
        const [row] = await access.query<OidcRow>(`SELECT ${columns} FROM ${table} WHERE model = $1 AND id = $2 AND (expires_at IS NULL OR expires_at > $3)`, [model, id, now]);
        return row && toRecord(row);
      },
      findBy: async (model, field, value, now) => {
        const column = field === 'uid' ? 'uid' : 'user_code';
        const [row] = await access.query<OidcRow>(`SELECT ${columns} FROM ${table} WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > $3) LIMIT 1`, [
          model,
          value,
          now,
        ]);
        return row && toRecord(row);
      },
      consume: async (model, id, atSeconds) => {
        await access.query(`UPDATE ${table} SET payload = jsonb_set(payload, '{consumed}', to_jsonb($3::bigint)) WHERE model = $1 AND id = $2`, [model, id, atSeconds]);
      },
      remove: async (model, id) => (await access.query(`DELETE FROM ${table} WHERE model = $1 AND id = $2 RETURNING id`, [model, id])).length === 1,
      removeGrant: async (grantId) => {
        await access.query(`DELETE FROM ${table} WHERE grant_id = $1`, [grantId]);
      },
      list: async (model) => (await access.query<OidcRow>(`SELECT ${columns} FROM ${table} WHERE model = $1 ORDER BY id`, [model])).map(toRecord),
      deleteExpiredBefore: async (cutoff) => (await access.query(`DELETE FROM ${table} WHERE expires_at < $1 RETURNING id`, [cutoff.toISOString()])).length,
    };
  },
};
