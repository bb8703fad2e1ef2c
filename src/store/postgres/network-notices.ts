/**
 * The network's notices on PostgreSQL (a settings change, a whitelist change,
 * a cache to empty, items traded, a broadcast): each is a row of
 * `<prefix>network_notices` and a `pg_notify` on the notices channel, in one
 * statement. The notification is what delivers it at once; the row is what
 * an instance reads when its listening connection is made again after a
 * break, so that nothing published meanwhile is lost (notifications sent
 * while nobody listened are gone for good). Rows are kept an hour.
 *
 * A notice may also be retained under a key (`retainAs`): the last one per
 * topic and key is kept for good, for what an instance must be brought to
 * when it starts or comes back (the whitelist), whatever it missed.
 */
import type pg from 'pg';
import type { PostgresDatabase, Queryable } from './database.js';

type Listener = (payload: unknown, from: string) => void;

interface Notice {
  /** Absent from an instance of an older version (a rolling upgrade): delivered as it comes. */
  id?: number;
  from: string;
  topic: string;
  payload: unknown;
}

/** A notice to write: who sends it, its topic and payload, the key it is retained under, if any, and the channel to notify. */
export interface OutgoingNotice {
  sender: string;
  topic: string;
  payload: unknown;
  retainAs?: string;
  channel: string;
}

/**
 * Writes a notice, retains it under its key, and notifies it, in one
 * statement: on its own (committed at once) or inside a unit of work, where
 * PostgreSQL sends the notification at the commit, and never when the unit
 * is rolled back.
 */
export async function writeNotice(database: Queryable & { name(table: string): string }, notice: OutgoingNotice): Promise<void> {
  const table = (name: string) => database.name(name);
  await database.query(
    `WITH notice AS (
       INSERT INTO ${table('network_notices')} (sender, topic, payload) VALUES ($1::text, $2::text, $3::json) RETURNING id
     ), retained AS (
       INSERT INTO ${table('network_retained')} (topic, key, notice_id, sender, payload)
       SELECT $2::text, $4::text, id, $1::text, $3::json FROM notice WHERE $4::text IS NOT NULL
       ON CONFLICT (topic, key) DO UPDATE SET notice_id = excluded.notice_id, sender = excluded.sender, payload = excluded.payload, changed_at = now()
       WHERE ${table('network_retained')}.notice_id < excluded.notice_id
     )
     SELECT pg_notify($5::text, json_build_object('id', id, 'from', $1::text, 'topic', $2::text, 'payload', $3::json)::text) FROM notice`,
    [notice.sender, notice.topic, JSON.stringify(notice.payload), notice.retainAs ?? null, notice.channel],
  );
}

export class NetworkNotices {
  private readonly listeners = new Map<string, Listener[]>();
  /** Notices delivered (and this instance's own), by id, with when: a notice read back while catching up is not delivered twice. */
  private readonly delivered = new Map<number, number>();
  /** Every notice up to this id was sent before this instance listened, or delivered. */
  private floor = 0;
  /** Notices that arrive while the missed ones are read, delivered after them, in order. */
  private held: Notice[] | null = null;

  constructor(
    private readonly database: PostgresDatabase,
    private readonly serverId: string,
    private readonly channel: string,
    private readonly keptMs: number,
    private readonly log: (message: string) => void,
  ) {}

  private table(name: string): string {
    return this.database.name(name);
  }

  async publish(topic: string, payload: unknown, retainAs?: string): Promise<void> {
    await writeNotice(this.database, this.outgoing(topic, payload, retainAs));
  }

  /** The notice as `writeNotice` takes it, sent by this instance on the notices channel. */
  outgoing(topic: string, payload: unknown, retainAs?: string): OutgoingNotice {
    return { sender: this.serverId, topic, payload, retainAs, channel: this.channel };
  }

  subscribe(topic: string, listener: Listener): void {
    this.listeners.set(topic, [...(this.listeners.get(topic) ?? []), listener]);
  }

  /** The last notice retained under each key of `topic`, oldest first. */
  async retained(topic: string): Promise<unknown[]> {
    const rows = await this.database.query<{ payload: unknown }>(`SELECT payload FROM ${this.table('network_retained')} WHERE topic = $1 ORDER BY notice_id`, [topic]);
    return rows.map((row) => row.payload);
  }

  /** At start, once `client` listens: the notices already sent are not this instance's to deliver (it reads the state itself). */
  async startFrom(client: pg.Client): Promise<void> {
    const { rows } = await client.query<{ last: string | null }>(`SELECT max(id) AS last FROM ${this.table('network_notices')}`);
    this.floor = Math.max(this.floor, Number(rows[0]?.last ?? 0));
  }

  /**
   * Once a connection made again listens: delivers, in order, what was sent
   * while none did, then what arrived while reading it. Throws when the
   * reading fails (the caller makes the connection again and catches up then).
   */
  async catchUp(client: pg.Client): Promise<number> {
    this.held = [];
    let missed = 0;
    try {
      const { rows } = await client.query<{ id: string; sender: string; topic: string; payload: unknown }>(
        `SELECT id, sender, topic, payload FROM ${this.table('network_notices')} WHERE id > $1 ORDER BY id`,
        [this.floor],
      );
      for (const row of rows) {
        const id = Number(row.id);
        if (!this.delivered.has(id) && row.sender !== this.serverId) missed += 1;
        this.deliver({ id, from: row.sender, topic: row.topic, payload: row.payload });
        // Listening now, any lower id not read yet comes as a notification.
        this.floor = Math.max(this.floor, id);
      }
    } finally {
      const held = this.held.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
      this.held = null;
      for (const notice of held) this.deliver(notice);
    }
    return missed;
  }

  /** A notification on the notices channel. */
  received(text: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(text) as Notice;
    } catch {
      return;
    }
    if (this.held) this.held.push(notice);
    else this.deliver(notice);
  }

  /** Rows older than the hour kept, and what is remembered of them (they cannot be read back again). */
  async prune(): Promise<void> {
    const cutoff = Date.now() - this.keptMs - 600_000;
    for (const [id, at] of this.delivered) if (at < cutoff) this.delivered.delete(id);
    await this.database.query(`DELETE FROM ${this.table('network_notices')} WHERE sent_at < now() - make_interval(secs => $1)`, [this.keptMs / 1000]);
  }

  private deliver(notice: Notice): void {
    if (notice.id !== undefined) {
      if (this.delivered.has(notice.id)) return;
      this.delivered.set(notice.id, Date.now());
    }
    if (notice.from === this.serverId) return;
    for (const listener of this.listeners.get(notice.topic) ?? []) {
      try {
        listener(notice.payload, notice.from);
      } catch (error) {
        this.log(`network: a notice (${notice.topic}) from ${notice.from}: ${(error as Error).message}`);
      }
    }
  }
}
