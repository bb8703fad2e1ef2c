import { UniqueConflictError, type NewUser, type UserQuery, type UserRecord, type UserStore } from '../port.js';
import type { PostgresAccess } from './access.js';

interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  email: string;
  game_username: string;
  game_uuid: string;
  created_at: Date;
  last_login: Date | null;
}

const columns = 'id, username, password_hash, email, game_username, game_uuid, created_at, last_login';

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    email: row.email,
    gameUsername: row.game_username,
    gameUuid: row.game_uuid,
    createdAt: row.created_at.toISOString(),
    lastLogin: row.last_login?.toISOString() ?? null,
  };
}

/** `%` and `_` are LIKE's wildcards (and `_` is common in usernames): matched as themselves. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Web accounts in `<prefix>users`: unique by username in any ASCII letter case and by game UUID. */
export class PostgresUserStore implements UserStore {
  private readonly table: string;

  constructor(private readonly access: PostgresAccess) {
    this.table = access.name('users');
  }

  findByUsername(username: string): Promise<UserRecord | undefined> {
    return this.one(`WHERE lower(username COLLATE "C") = lower($1 COLLATE "C")`, [username]);
  }

  findById(id: number): Promise<UserRecord | undefined> {
    if (!Number.isSafeInteger(id)) return Promise.resolve(undefined);
    return this.one('WHERE id = $1', [id]);
  }

  findByGameUuid(uuid: string): Promise<UserRecord | undefined> {
    return this.one('WHERE game_uuid = $1', [uuid]);
  }

  async gameUuidsWithAccounts(uuids: readonly string[]): Promise<Set<string>> {
    if (uuids.length === 0) return new Set();
    const rows = await this.access.query<{ game_uuid: string }>(`SELECT game_uuid FROM ${this.table} WHERE game_uuid = ANY($1::text[])`, [uuids]);
    return new Set(rows.map((row) => row.game_uuid));
  }

  /** Player names are unique at any one time; should two accounts carry one (a renamed player), the newer account has it. */
  findByGameUsername(gameUsername: string): Promise<UserRecord | undefined> {
    return this.one(`WHERE lower(game_username COLLATE "C") = lower($1 COLLATE "C") ORDER BY id DESC LIMIT 1`, [gameUsername]);
  }

  /**
   * One statement that either inserts or, on either unique index, does
   * nothing (waiting for a concurrent insert of the same name to commit or
   * not), so a conflict does not abort the caller's unit of work; which index
   * refused is asked afterwards.
   */
  async create(user: NewUser): Promise<UserRecord> {
    const [row] = await this.access.query<UserRow>(
      `INSERT INTO ${this.table} (username, password_hash, email, game_username, game_uuid, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING
       RETURNING ${columns}`,
      [user.username, user.passwordHash, user.email, user.gameUsername, user.gameUuid, user.createdAt],
    );
    if (row) return toRecord(row);
    if (await this.findByUsername(user.username)) throw new UniqueConflictError('username');
    throw new UniqueConflictError('gameUuid');
  }

  async recordLogin(id: number, at: string): Promise<void> {
    await this.access.query(`UPDATE ${this.table} SET last_login = $2 WHERE id = $1`, [id, at]);
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<boolean> {
    if (!Number.isSafeInteger(id)) return false;
    return (await this.access.query(`UPDATE ${this.table} SET password_hash = $2 WHERE id = $1 RETURNING id`, [id, passwordHash])).length === 1;
  }

  async list(query: UserQuery): Promise<{ users: UserRecord[]; total: number }> {
    const where = query.search ? `WHERE lower(username COLLATE "C") LIKE '%' || lower($1 COLLATE "C") || '%'` : '';
    const params: unknown[] = query.search ? [likeLiteral(query.search)] : [];
    const page = [query.limit, (query.page - 1) * query.limit];
    const [users, [count]] = await Promise.all([
      this.access.query<UserRow>(`SELECT ${columns} FROM ${this.table} ${where} ORDER BY id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, ...page]),
      this.access.query<{ total: number }>(`SELECT count(*) AS total FROM ${this.table} ${where}`, params),
    ]);
    return { users: users.map(toRecord), total: count!.total };
  }

  async count(): Promise<number> {
    const [row] = await this.access.query<{ total: number }>(`SELECT count(*) AS total FROM ${this.table}`);
    return row!.total;
  }

  private async one(condition: string, params: unknown[]): Promise<UserRecord | undefined> {
    const [row] = await this.access.query<UserRow>(`SELECT ${columns} FROM ${this.table} ${condition}`, params);
    return row && toRecord(row);
  }
}
