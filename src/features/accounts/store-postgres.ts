import type { PostgresStorePart } from '../../store/postgres/access.js';
import type { RegistrationCodeRecord, RegistrationCodeStore } from './store.js';

interface CodeRow {
  code: string;
  game_username: string;
  game_uuid: string;
  created_at: Date;
  expires_at: Date;
}

function toRecord(row: CodeRow): RegistrationCodeRecord {
  return {
    code: row.code,
    gameUsername: row.game_username,
    gameUuid: row.game_uuid,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  };
}

/** Codes on PostgreSQL, in `<prefix>registration_codes`, one per player (unique by game UUID). */
export const postgresRegistrationCodesPart: PostgresStorePart<RegistrationCodeStore> = {
  migrations: [
    {
      version: 1,
      // The store's core made this table before the accounts kept their own codes: a database it made keeps it.
      description: 'registration codes (adopting the table the core made)',
      sql: ({ name }) => `
        CREATE TABLE IF NOT EXISTS ${name('registration_codes')} (
          code text PRIMARY KEY,
          game_username text NOT NULL,
          game_uuid text NOT NULL CONSTRAINT ${name('registration_codes_game_uuid_key')} UNIQUE,
          created_at timestamptz NOT NULL,
          expires_at timestamptz NOT NULL
        );
        CREATE INDEX IF NOT EXISTS ${name('registration_codes_expires_at')} ON ${name('registration_codes')} (expires_at);
      `,
    },
  ],
  bind: (access) => {
    const table = access.name('registration_codes');
    return {
      // One statement: the player's row, if any, becomes the new code, so two replacements at once leave one code.
      replaceForPlayer: async (record) => {
        await access.query(
          `INSERT INTO ${table} (code, game_username, game_uuid, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (game_uuid) DO UPDATE SET code = EXCLUDED.code, game_username = EXCLUDED.game_username, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
          [record.code, record.gameUsername, record.gameUuid, record.createdAt, record.expiresAt],
        );
      },
      find: async (code) => {
        const [row] = await access.query<CodeRow>(`SELECT code, game_username, game_uuid, created_at, expires_at FROM ${table} WHERE code = $1`, [code]);
        return row && toRecord(row);
      },
      remove: async (code) => {
        await access.query(`DELETE FROM ${table} WHERE code = $1`, [code]);
      },
      removeExpired: async (now) => (await access.query(`DELETE FROM ${table} WHERE expires_at <= $1 RETURNING code`, [now.toISOString()])).length,
    };
  },
};
