import type { PostgresStorePart } from '../../store/postgres/access.js';
import type { PasswordResetCodeStore, RegistrationCodeRecord, RegistrationCodeStore } from './store.js';

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

interface ResetCodeRow {
  code_hash: string;
  user_id: number;
  created_at: Date;
  expires_at: Date;
}

/** Reset codes on PostgreSQL, in `<prefix>password_reset_codes`, one per account (unique by user id). */
export const postgresPasswordResetCodesPart: PostgresStorePart<PasswordResetCodeStore> = {
  migrations: [
    {
      version: 1,
      description: 'password reset codes',
      sql: ({ name }) => `
        CREATE TABLE ${name('password_reset_codes')} (
          code_hash text PRIMARY KEY,
          user_id integer NOT NULL CONSTRAINT ${name('password_reset_codes_user_id_key')} UNIQUE,
          created_at timestamptz NOT NULL,
          expires_at timestamptz NOT NULL
        );
        CREATE INDEX ${name('password_reset_codes_expires_at')} ON ${name('password_reset_codes')} (expires_at);
      `,
    },
  ],
  bind: (access) => {
    const table = access.name('password_reset_codes');
    return {
      // One statement: the account's row, if any, becomes the new code.
      replaceForUser: async (record) => {
        await access.query(
          `INSERT INTO ${table} (code_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
          [record.codeHash, record.userId, record.createdAt, record.expiresAt],
        );
      },
      find: async (codeHash) => {
        const [row] = await access.query<ResetCodeRow>(`SELECT code_hash, user_id, created_at, expires_at FROM ${table} WHERE code_hash = $1`, [codeHash]);
        return row && { codeHash: row.code_hash, userId: row.user_id, createdAt: row.created_at.toISOString(), expiresAt: row.expires_at.toISOString() };
      },
      // Of two removals at once, the second waits for the first's row lock, then finds nothing to remove.
      remove: async (codeHash) => (await access.query(`DELETE FROM ${table} WHERE code_hash = $1 RETURNING code_hash`, [codeHash])).length === 1,
      removeExpired: async (now) => (await access.query(`DELETE FROM ${table} WHERE expires_at <= $1 RETURNING code_hash`, [now.toISOString()])).length,
    };
  },
};
