import type { AppendLog, LogQuery } from '../port.js';
import type { PostgresAccess, PostgresMigration, PostgresStorePart } from './access.js';

interface PendingAppend<T> {
  fields: Omit<T, 'id'>;
  resolve: (record: T) => void;
  reject: (error: Error) => void;
}

/** Field names go into the SQL as literals, so only plain names are accepted. */
const fieldName = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * A group's append-only log on PostgreSQL, as a store part: `table`, made
 * (or adopted) by the group's `migrations` with appendLogTable. Appends are
 * never part of a unit of work, as the JSON store's day files are not: the
 * same log serves inside a unit and outside one.
 */
export function appendLogPart<T extends { id: number; timestamp: string }>(table: string, migrations: PostgresMigration[]): PostgresStorePart<AppendLog<T>, PostgresAppendLog<T>> {
  return {
    migrations,
    open: (access) => new PostgresAppendLog<T>(access, table),
    bind: (_access, log) => log,
    close: (log) => log.drain(),
  };
}

/**
 * The SQL of an append-only log's table: the record as JSON, its id from a
 * sequence of its own, its time for retention. Each object only if it is
 * not there yet, so a group's first migration adopts a log the store's
 * core made before the group kept its own.
 */
export function appendLogTable(name: (table: string) => string, table: string): string {
  return `
    CREATE SEQUENCE IF NOT EXISTS ${name(`${table}_ids`)};
    CREATE TABLE IF NOT EXISTS ${name(table)} (
      id bigint PRIMARY KEY,
      timestamp timestamptz NOT NULL,
      record json NOT NULL
    );
    CREATE INDEX IF NOT EXISTS ${name(`${table}_timestamp`)} ON ${name(table)} (timestamp);
  `;
}

/**
 * An append-only log in `<prefix><table>`: each record as JSON beside its
 * id and time. Appends that arrive while one is being written go together
 * in the next INSERT (one statement, one commit), in the order they
 * arrived, and their ids are handed out in that order, as the JSON store's
 * day files do. Queries by field compare in any ASCII letter case (a log
 * queried by a field often indexes it: the connection log's usernames).
 */
export class PostgresAppendLog<T extends { id: number; timestamp: string }> implements AppendLog<T> {
  private pending: Array<PendingAppend<T>> = [];
  private flushing: Promise<void> | null = null;

  /** `access`: the store's own, each statement committed on its own. */
  constructor(
    private readonly access: PostgresAccess,
    private readonly table: string,
  ) {}

  append(fields: Omit<T, 'id'>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ fields, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  async recent(query: LogQuery<T>): Promise<T[]> {
    const { where, params } = this.where(query);
    params.push(query.limit, query.offset ?? 0);
    const rows = await this.access.query<{ id: number; record: Omit<T, 'id'> }>(
      `SELECT id, record FROM ${this.access.name(this.table)} ${where} ORDER BY id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return rows.map((row) => ({ ...row.record, id: row.id }) as T);
  }

  async count(query: Pick<LogQuery<T>, 'equals'>): Promise<number> {
    const { where, params } = this.where(query);
    const [row] = await this.access.query<{ total: string }>(`SELECT count(*) AS total FROM ${this.access.name(this.table)} ${where}`, params);
    return Number(row?.total ?? 0);
  }

  private where(query: Pick<LogQuery<T>, 'equals'>): { where: string; params: unknown[] } {
    const conditions: string[] = [];
    const params: unknown[] = [];
    for (const [field, value] of Object.entries(query.equals ?? {})) {
      if (value === undefined) continue;
      if (!fieldName.test(field)) throw new Error(`a log query names fields by plain names, not ${JSON.stringify(field)}`);
      params.push(value);
      conditions.push(`lower((record->>'${field}') COLLATE "C") = lower($${params.length} COLLATE "C")`);
    }
    return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
  }

  async deleteBefore(cutoff: Date): Promise<number> {
    return (await this.access.query(`DELETE FROM ${this.access.name(this.table)} WHERE timestamp < $1 RETURNING id`, [cutoff.toISOString()])).length;
  }

  /** Resolves when everything appended so far is written. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      try {
        const ids = await this.insert(batch.map((entry) => entry.fields));
        batch.forEach((entry, index) => {
          entry.resolve({ ...entry.fields, id: ids[index]! } as T);
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error as Error);
      }
    }
    this.flushing = null;
  }

  /**
   * Takes one id per record from the log's sequence and gives the smallest
   * to the first record, so ids follow the order of the appends.
   */
  private async insert(records: Array<Omit<T, 'id'>>): Promise<number[]> {
    const table = this.access.name(this.table);
    const rows = await this.access.query<{ id: number }>(
      `WITH input AS (
         SELECT record, position FROM unnest($1::json[]) WITH ORDINALITY AS input(record, position)
       ), ids AS (
         SELECT id, row_number() OVER (ORDER BY id) AS position
         FROM (SELECT nextval('${this.access.name(`${this.table}_ids`)}') AS id FROM input) AS taken
       )
       INSERT INTO ${table} (id, timestamp, record)
       SELECT ids.id, (input.record->>'timestamp')::timestamptz, input.record FROM input JOIN ids USING (position)
       RETURNING id`,
      [records.map((record) => JSON.stringify(record))],
    );
    return rows.map((row) => row.id).sort((a, b) => a - b);
  }
}
