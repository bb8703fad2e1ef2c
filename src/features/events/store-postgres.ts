import type { PostgresAccess, PostgresStorePart } from '../../store/postgres/access.js';
import type { EventLogStore, NewEvent, StoredEvent } from './store.js';

interface Row {
  id: string;
  at: Date;
  server: string;
  type: string;
  data: unknown;
}

const asEvent = (row: Row): StoredEvent => ({ id: Number(row.id), type: row.type, timestamp: row.at.toISOString(), server: row.server, data: row.data });

/**
 * The event log on PostgreSQL: `<prefix>events`, shared by every server of a
 * network. An append takes the log's advisory lock for its transaction, so
 * ids are committed in the order they are given: a reader that has seen id
 * N has seen every event below it that will ever be there, and a stream
 * reconnecting after N misses none.
 */
export const postgresEventLogPart: PostgresStorePart<EventLogStore> = {
  migrations: [
    {
      version: 1,
      description: 'the event log',
      sql: ({ name }) => `
        CREATE TABLE ${name('events')} (
          id bigserial PRIMARY KEY,
          at timestamptz NOT NULL,
          server text NOT NULL,
          type text NOT NULL,
          data json NOT NULL
        );
        CREATE INDEX ${name('events_at')} ON ${name('events')} (at);
      `,
    },
  ],
  bind: (access: PostgresAccess): EventLogStore => {
    const table = access.name('events');
    const columns = 'id, at, server, type, data';
    return {
      append: (events: readonly NewEvent[]) =>
        access.write(async (unit) => {
          if (events.length === 0) return [];
          await unit.query('SELECT pg_advisory_xact_lock($1::bigint)', [access.lockKey('events')]);
          const rows = await unit.query<{ id: string; n: string }>(
            `INSERT INTO ${table} (at, server, type, data)
               SELECT at, server, type, data FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::json[]) WITH ORDINALITY AS given(at, server, type, data, n) ORDER BY n
             RETURNING id`,
            [events.map((event) => event.timestamp), events.map((event) => event.server), events.map((event) => event.type), events.map((event) => JSON.stringify(event.data))],
          );
          // Given in the order selected: the lowest id is the first event.
          const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
          return events.map((event, index) => ({ id: ids[index]!, ...event }));
        }),
      after: async (id, limit) => (await access.query<Row>(`SELECT ${columns} FROM ${table} WHERE id > $1 ORDER BY id LIMIT $2`, [id, limit])).map(asEvent),
      range: async (first, last, server) =>
        (await access.query<Row>(`SELECT ${columns} FROM ${table} WHERE id BETWEEN $1 AND $2 AND server = $3 ORDER BY id`, [first, last, server])).map(asEvent),
      bounds: async () => {
        const [row] = await access.query<{ oldest: string | null; latest: string }>(
          `SELECT (SELECT min(id) FROM ${table}) AS oldest, (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM ${access.name('events_id_seq')}) AS latest`,
        );
        const latest = Number(row!.latest);
        return { oldest: row!.oldest === null ? latest + 1 : Number(row!.oldest), latest };
      },
      deleteBefore: async (cutoff) => {
        const rows = await access.query<{ count: string }>(`WITH gone AS (DELETE FROM ${table} WHERE at < $1 RETURNING 1) SELECT count(*) AS count FROM gone`, [cutoff]);
        return Number(rows[0]?.count ?? 0);
      },
    };
  },
};
