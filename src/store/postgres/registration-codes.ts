import type { RegistrationCodeRecord, RegistrationCodeStore } from '../port.js';
import type { PostgresAccess } from './access.js';

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

/** Codes in `<prefix>registration_codes`, one per player (unique by game UUID). */
export class PostgresRegistrationCodeStore implements RegistrationCodeStore {
  private readonly table: string;

  constructor(private readonly access: PostgresAccess) {
    this.table = access.name('registration_codes');
  }

  /** One statement: the player's row, if any, becomes the new code, so two replacements at once leave one code. */
  async replaceForPlayer(record: RegistrationCodeRecord): Promise<void> {
    await this.access.query(
      `INSERT INTO ${this.table} (code, game_username, game_uuid, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (game_uuid) DO UPDATE SET code = EXCLUDED.code, game_username = EXCLUDED.game_username, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
      [record.code, record.gameUsername, record.gameUuid, record.createdAt, record.expiresAt],
    );
  }

  async find(code: string): Promise<RegistrationCodeRecord | undefined> {
    const [row] = await this.access.query<CodeRow>(`SELECT code, game_username, game_uuid, created_at, expires_at FROM ${this.table} WHERE code = $1`, [code]);
    return row && toRecord(row);
  }

  async remove(code: string): Promise<void> {
    await this.access.query(`DELETE FROM ${this.table} WHERE code = $1`, [code]);
  }

  async removeExpired(now: Date): Promise<number> {
    const removed = await this.access.query(`DELETE FROM ${this.table} WHERE expires_at <= $1 RETURNING code`, [now.toISOString()]);
    return removed.length;
  }
}
