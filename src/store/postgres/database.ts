import { createHash } from 'node:crypto';
import pg from 'pg';
import { isRetryable, isUnavailable, StoreUnavailableError } from './errors.js';
import type { PostgresSettings } from './settings.js';

/** What runs SQL: the pool (each statement on its own) or one connection inside a unit of work. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
}

/** A connection of its own, held until released: for session-level locks and, later, LISTEN. */
export interface Session extends Queryable {
  release(): void;
}

const int8Oid = 20;

/**
 * bigint columns (ids, cents) come back as numbers: every value Gatehouse
 * stores in them is a safe integer, and the rest of the code counts in numbers.
 */
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === int8Oid && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * A statement by a name of its own (a digest of its text): each connection
 * parses and plans it the first time only, then runs the plan it kept.
 * Stores write each statement's text the same way every time, with values
 * as parameters, so the names stay few.
 */
function prepared(sql: string, params: unknown[] | undefined): pg.QueryConfig {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `g${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params };
}
const statementNames = new Map<string, string>();

/** Attempts of a unit of work (or a statement alone) that PostgreSQL failed to break a deadlock, before the failure is the caller's. */
const maxAttempts = 10;

export interface DatabaseOptions {
  logInfo?: (message: string) => void;
  logError?: (message: string) => void;
}

/**
 * The PostgreSQL store's connection to its database: a pool of connections
 * (`pool-size`), units of work as transactions on one connection, names with
 * the table prefix, advisory lock keys, and what the outside sees of
 * failures.
 *
 * Units of work run at READ COMMITTED, and whatever they must not lose to a
 * concurrent unit they lock: a read of a row that is then rewritten is a
 * `SELECT ... FOR UPDATE`, money moves in `UPDATE ... WHERE` statements the
 * database checks, and an Idempotency-Key takes an advisory lock. So units
 * that touch the same data run one after another, as with the JSON store,
 * and units that do not run side by side. A unit PostgreSQL picks as a
 * deadlock's victim is run again from the start (its writes were undone).
 *
 * While PostgreSQL cannot be reached every call fails with
 * StoreUnavailableError (503 at the API); the pool opens new connections
 * as soon as it is back, so Gatehouse recovers by itself. A unit is
 * acknowledged when PostgreSQL acknowledged its COMMIT, and only then.
 */
export class PostgresDatabase {
  readonly pool: pg.Pool;
  private unitsCommitted = 0;
  private unitsRetried = 0;
  /** While calls fail: when the first did and the last did. */
  private outage: { since: number; lastFailure: number } | null = null;
  private closed = false;

  constructor(
    readonly settings: PostgresSettings,
    private readonly options: DatabaseOptions = {},
  ) {
    this.pool = new pg.Pool({
      host: settings.host,
      port: settings.port,
      database: settings.database,
      user: settings.username,
      password: settings.password,
      max: settings.poolSize,
      // A database that is down must give a quick 503, not a request that hangs.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      application_name: 'gatehouse',
      types: typeParsers,
    });
    // An idle connection that PostgreSQL closes (a restart) is dropped by the pool; without a listener the process would crash.
    this.pool.on('error', (error) => this.options.logInfo?.(`store: an idle PostgreSQL connection closed (${error.message}); the pool opens a new one when needed`));
    // A connection also reports its end as an event while it is handed out (the pool's own listener is off then, and
    // a shutdown message may arrive in the same read as the connection's first answer): the statement that uses it
    // next fails and the connection is closed, so the event itself needs no more than a listener.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  /** Where the database is, for messages (never the password). */
  get address(): string {
    return `${this.settings.host.includes(':') ? `[${this.settings.host}]` : this.settings.host}:${this.settings.port}/${this.settings.database}`;
  }

  /** A table's (or index's, sequence's, function's) name with the configured prefix. */
  name(table: string): string {
    return this.settings.tablePrefix + table;
  }

  /**
   * An advisory lock key for `name`, scoped to this database's prefix so that
   * two installations sharing a database do not wait on each other: the first
   * 8 bytes of a SHA-256, as PostgreSQL's signed bigint (passed as text).
   */
  lockKey(name: string): string {
    return createHash('sha256').update(`gatehouse:${this.settings.tablePrefix}:${name}`).digest().readBigInt64BE(0).toString();
  }

  /**
   * One statement, on a connection of the pool, committed on its own. A
   * statement PostgreSQL fails to break a deadlock (a posting alone, say, and
   * an account being opened) was undone whole, so it is run again, as a
   * unit of work would be.
   */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]> {
    return this.runningDeadlockVictimsAgain(async () => (await this.guard(() => this.pool.query<R>(prepared(sql, params)))).rows);
  }

  /**
   * Runs `work` as one transaction on one connection: COMMIT when it
   * resolves, ROLLBACK when it throws. A deadlock victim is run again (at
   * most 10 times); anything else `work` throws is the caller's.
   */
  transaction<T>(work: (unit: Queryable) => Promise<T>): Promise<T> {
    return this.runningDeadlockVictimsAgain(async () => {
      const client = await this.guard(() => this.pool.connect());
      let broken: Error | undefined;
      try {
        await this.guard(() => client.query('BEGIN'));
        const value = await work(this.over(client));
        await this.guard(() => client.query('COMMIT'));
        this.unitsCommitted += 1;
        return value;
      } catch (error) {
        if (isUnavailable(error)) broken = error as Error;
        else await client.query('ROLLBACK').catch((rollbackFailure: Error) => (broken = rollbackFailure));
        throw error;
      } finally {
        // A connection in an unknown state is closed rather than handed to the next unit.
        client.release(broken);
      }
    });
  }

  /** `attempt` again while PostgreSQL picks it as a deadlock's victim (its writes undone), at most `maxAttempts` times in all. */
  private async runningDeadlockVictimsAgain<T>(attempt: () => Promise<T>): Promise<T> {
    for (let attempts = 1; ; attempts += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (!isRetryable(error) || attempts >= maxAttempts) throw error;
        this.unitsRetried += 1;
      }
      // The victims of one deadlock start again at slightly different times.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempts));
    }
  }

  /** A connection held until `release`, outside the pool's rotation of units. */
  async openSession(): Promise<Session> {
    const client = await this.guard(() => this.pool.connect());
    let broken: Error | undefined;
    return {
      query: async <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => {
        try {
          return (await this.guard(() => client.query<R>(sql, params))).rows;
        } catch (error) {
          if (isUnavailable(error)) broken = error as Error;
          throw error;
        }
      },
      release: () => client.release(broken),
    };
  }

  /** Units of work committed and run again since start, and the pool's connections. */
  statistics(): Record<string, number> {
    return {
      unitsOfWork: this.unitsCommitted,
      unitsRetried: this.unitsRetried,
      connections: this.pool.totalCount,
      idleConnections: this.pool.idleCount,
      waitingForConnection: this.pool.waitingCount,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }

  private over(client: pg.PoolClient): Queryable {
    return { query: async <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => (await this.guard(() => client.query<R>(prepared(sql, params)))).rows };
  }

  /**
   * Runs a call to PostgreSQL: a failure that means the database cannot be
   * reached becomes StoreUnavailableError. An outage is logged once when it
   * begins, and once when it is over: at the first success a second or more
   * after the last failure (while PostgreSQL shuts down, calls on older
   * connections still succeed between the failures of new ones).
   */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      if (this.outage !== null && Date.now() - this.outage.lastFailure >= 1000) {
        const seconds = ((Date.now() - this.outage.since) / 1000).toFixed(1);
        this.outage = null;
        this.options.logInfo?.(`store: PostgreSQL at ${this.address} answers again (${seconds} s after the first failure)`);
      }
      return result;
    } catch (error) {
      if (!isUnavailable(error) || error instanceof StoreUnavailableError) throw error;
      const now = Date.now();
      if (this.outage === null && !this.closed) {
        this.outage = { since: now, lastFailure: now };
        this.options.logError?.(`store: PostgreSQL at ${this.address} cannot be used (${(error as Error).message}); requests that need the store answer 503 until it is back`);
      } else if (this.outage !== null) {
        this.outage.lastFailure = now;
      }
      throw new StoreUnavailableError(`PostgreSQL at ${this.address} cannot be used: ${(error as Error).message}`);
    }
  }
}
