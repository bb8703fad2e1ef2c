import type { PostgresStorePart } from '../../store/postgres/access.js';
import { batchedReads } from '../../store/postgres/batched-reads.js';
import type { EndReason, SessionKind, SessionRecord, SessionStore } from './store.js';

interface SessionRow {
  id: string;
  user_id: number;
  kind: SessionKind;
  device: string;
  user_agent: string;
  address: string;
  last_address: string;
  started_at: Date;
  last_used_at: Date;
  expires_at: Date;
  refresh_generation: number;
  rotated_at: Date | null;
  ended_at: Date | null;
  end_reason: EndReason | null;
}

const columns = 'id, user_id, kind, device, user_agent, address, last_address, started_at, last_used_at, expires_at, refresh_generation, rotated_at, ended_at, end_reason';

function toRecord(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    device: row.device,
    userAgent: row.user_agent,
    address: row.address,
    lastAddress: row.last_address,
    startedAt: row.started_at.toISOString(),
    lastUsedAt: row.last_used_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    refreshGeneration: row.refresh_generation,
    rotatedAt: row.rotated_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
    endReason: row.end_reason,
  };
}

/**
 * Sessions on PostgreSQL: `<prefix>sessions`, a row per login. Every
 * instance reads the row on every request with its token (a look-up by
 * primary key), so a session ended on one instance is refused on all from
 * the next request. Outside a unit of work the requests' reads made at the
 * same moment go in one statement (../../store/postgres/batched-reads.ts).
 */
export const postgresSessionsPart: PostgresStorePart<SessionStore> = {
  migrations: [
    {
      version: 1,
      description: 'sessions',
      sql: ({ name }) => `
        CREATE TABLE ${name('sessions')} (
          id text PRIMARY KEY,
          user_id integer NOT NULL,
          kind text NOT NULL,
          device text NOT NULL,
          user_agent text NOT NULL,
          address text NOT NULL,
          last_address text NOT NULL,
          started_at timestamptz NOT NULL,
          last_used_at timestamptz NOT NULL,
          expires_at timestamptz NOT NULL,
          refresh_generation integer NOT NULL,
          rotated_at timestamptz,
          ended_at timestamptz,
          end_reason text
        );
        CREATE INDEX ${name('sessions_active_by_user')} ON ${name('sessions')} (user_id) WHERE ended_at IS NULL;
        CREATE INDEX ${name('sessions_expires_at')} ON ${name('sessions')} (expires_at);
        CREATE INDEX ${name('sessions_ended_at')} ON ${name('sessions')} (ended_at) WHERE ended_at IS NOT NULL;
      `,
    },
  ],
  bind: (access) => {
    const table = access.name('sessions');
    /** The sessions of these ids, a record of its own for each (even where two asked for one session), undefined for an id with none. */
    const findAll = async (ids: readonly string[]) => {
      const rows = await access.query<SessionRow>(`SELECT ${columns} FROM ${table} WHERE id = ANY($1::text[])`, [ids]);
      const found = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => {
        const row = found.get(id);
        return row && toRecord(row);
      });
    };
    // Outside a unit of work the reads of requests made at the same moment go together.
    const findOne = batchedReads(findAll, { inUnit: access.inUnit });
    return {
      add: async (record) => {
        await access.query(`INSERT INTO ${table} (${columns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`, [
          record.id,
          record.userId,
          record.kind,
          record.device,
          record.userAgent,
          record.address,
          record.lastAddress,
          record.startedAt,
          record.lastUsedAt,
          record.expiresAt,
          record.refreshGeneration,
          record.rotatedAt,
          record.endedAt,
          record.endReason,
        ]);
      },
      // PostgreSQL's text holds no NUL, so no session has such an id, and asking would fail the statement (the router refuses one from a path before it comes here).
      find: async (id) => (id.includes('\0') ? undefined : findOne(id)),
      activeOf: async (userId, now) =>
        (
          await access.query<SessionRow>(`SELECT ${columns} FROM ${table} WHERE user_id = $1 AND ended_at IS NULL AND expires_at > $2 ORDER BY last_used_at DESC, id DESC`, [
            userId,
            now,
          ])
        ).map(toRecord),
      // One statement: of two rotations from one generation at once, one finds the row moved on and changes nothing.
      rotate: async (id, generation, use) =>
        (
          await access.query(
            `UPDATE ${table} SET refresh_generation = refresh_generation + 1, rotated_at = $3, last_used_at = $3, last_address = $4, expires_at = $5
             WHERE id = $1 AND refresh_generation = $2 AND ended_at IS NULL RETURNING id`,
            [id, generation, use.at, use.address, use.expiresAt],
          )
        ).length === 1,
      recordUse: async (id, at, address) => {
        await access.query(`UPDATE ${table} SET last_used_at = $2, last_address = $3 WHERE id = $1 AND last_used_at < $2`, [id, at, address]);
      },
      end: async (id, at, reason) =>
        (await access.query(`UPDATE ${table} SET ended_at = $2, end_reason = $3 WHERE id = $1 AND ended_at IS NULL RETURNING id`, [id, at, reason])).length === 1,
      endAllOf: async (userId, at, reason, keep) =>
        (
          await access.query<{ id: string }>(
            `UPDATE ${table} SET ended_at = $2, end_reason = $3 WHERE user_id = $1 AND ended_at IS NULL AND expires_at > $2 AND id <> $4 RETURNING id`,
            [userId, at, reason, keep ?? ''],
          )
        ).map((row) => row.id),
      deleteGoneBefore: async (cutoff) => (await access.query(`DELETE FROM ${table} WHERE ended_at < $1 OR expires_at < $1 RETURNING id`, [cutoff.toISOString()])).length,
    };
  },
};
