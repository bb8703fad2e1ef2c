/**
 * The network of servers on one PostgreSQL database (see src/network/port.ts):
 *
 * - **Presence**: every 2 s each instance writes its heartbeat
 *   (`<prefix>network_instances`) and who is online on its server
 *   (`network_presence`), in one transaction; an instance whose heartbeat is
 *   older than 10 s (killed, its database link lost) is gone, and its players
 *   with it.
 * - **Calls**: an instance asks another by writing a row in `network_calls`
 *   (the operation, its arguments, a deadline) and `pg_notify` on the other's
 *   channel; the other runs it on its own game, writes the answer (or the
 *   error) into the row and notifies the caller's channel. A call not answered
 *   by its deadline fails as GameUnavailableError (503), and the other skips it
 *   if it gets to it late. Both sides also look at the table every 500 ms, so
 *   a notification lost while a connection was being re-made delays a call,
 *   never loses it.
 * - **Notices** (a whitelist change, a broadcast, a cache to empty): one
 *   channel every instance listens on, each notice also a row that an
 *   instance reads when it listens again after a break, so that it misses
 *   none (./network-notices.ts).
 * - **Jobs once per network**: `pg_try_advisory_lock` on the listening
 *   connection, taken by the first instance to try the job and held while
 *   that connection lives: that instance runs the job at each of its turns,
 *   the others never; when it stops, dies or loses the database, the lock
 *   goes with its connection and the next instance to try takes the job.
 */
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { GameUnavailableError } from '../../game/errors.js';
import type { OnlinePlayer } from '../../game/port.js';
import type { Network, NetworkOptions } from '../../network/port.js';
import type { TransactionalStores } from '../port.js';
import { errorFromWire, errorToWire, type WireError } from '../../network/wire-errors.js';
import type { PostgresDatabase } from './database.js';
import { NetworkNotices } from './network-notices.js';
import { networkPart } from './network-tables.js';

export interface PostgresNetworkOptions {
  heartbeatMs?: number;
  /** A heartbeat older than this: the instance is gone. */
  goneAfterMs?: number;
  /** How long a call to another instance may take. */
  callTimeoutMs?: number;
  /** How long notices are kept for instances that were not listening. */
  noticesKeptMs?: number;
  log: (message: string) => void;
}

export { networkPart };

interface CallRow {
  id: number;
  caller: string;
  operation: string;
  args: unknown[];
  deadline: Date;
}

class DuplicateServerError extends Error {
  override name = 'DuplicateServerError';
}

export class PostgresNetwork implements Network {
  readonly shared = true;
  private options: NetworkOptions | undefined;
  private listener: pg.Client | undefined;
  private heartbeat: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Whether this instance holds its server.id (a refused twin must not remove the rows of the instance it met). */
  private joined = false;
  private readonly waiting = new Map<number, () => void>();
  private readonly notices: NetworkNotices;
  private readonly reconnectListeners: Array<() => void> = [];
  /** Jobs whose lock the current listening connection holds. */
  private readonly jobsHeld = new Set<string>();
  private readonly jobsRunning = new Set<string>();
  private readonly serving = new Set<number>();
  private readonly heartbeatMs: number;
  private readonly goneAfterMs: number;
  private readonly callTimeoutMs: number;

  constructor(
    private readonly database: PostgresDatabase,
    readonly serverId: string,
    private readonly settings: PostgresNetworkOptions,
  ) {
    this.heartbeatMs = settings.heartbeatMs ?? 2000;
    this.goneAfterMs = settings.goneAfterMs ?? 10_000;
    this.callTimeoutMs = settings.callTimeoutMs ?? 5000;
    this.notices = new NetworkNotices(database, serverId, this.channel('notices'), settings.noticesKeptMs ?? 3600_000, settings.log);
  }

  private table(name: string): string {
    return this.database.name(name);
  }

  /** A channel name: the prefix and the server id are lower-case letters, digits, `_` and `-`, quoted as an identifier. */
  private channel(kind: 'calls' | 'answers' | 'notices', server?: string): string {
    return `${this.database.settings.tablePrefix}${kind}${server ? `_${server}` : ''}`;
  }

  async start(options: NetworkOptions): Promise<void> {
    this.options = options;
    this.stopped = false;
    await this.listen(true);
    this.joined = true;
    await this.database.query(
      `INSERT INTO ${this.table('network_instances')} (server, started_at, heartbeat_at) VALUES ($1, now(), now())
       ON CONFLICT (server) DO UPDATE SET started_at = now(), heartbeat_at = now()`,
      [this.serverId],
    );
    await this.publishPlayers();
    this.heartbeat = setInterval(
      () =>
        void this.publishPlayers()
          .then(() => this.notices.prune())
          .catch(() => undefined),
      this.heartbeatMs,
    );
    this.heartbeat.unref();
    this.sweep = setInterval(() => void this.serveWaiting().catch(() => undefined), 500);
    this.sweep.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.sweep) clearInterval(this.sweep);
    const listener = this.listener;
    this.listener = undefined;
    this.jobsHeld.clear();
    await listener?.end().catch(() => undefined);
    if (!this.joined) return;
    this.joined = false;
    // Leaving cleanly: the others need not wait for the heartbeat to age.
    await this.database
      .transaction(async (unit) => {
        await unit.query(`DELETE FROM ${this.table('network_presence')} WHERE server = $1`, [this.serverId]);
        await unit.query(`DELETE FROM ${this.table('network_instances')} WHERE server = $1`, [this.serverId]);
      })
      .catch(() => undefined);
  }

  async instances(): Promise<string[]> {
    const rows = await this.database.query<{ server: string }>(
      `SELECT server FROM ${this.table('network_instances')} WHERE heartbeat_at > now() - make_interval(secs => $1) ORDER BY server`,
      [this.goneAfterMs / 1000],
    );
    return rows.map((row) => row.server);
  }

  async remotePlayers(): Promise<OnlinePlayer[]> {
    const rows = await this.database.query<{ server: string; player: OnlinePlayer }>(
      `SELECT presence.server, presence.player FROM ${this.table('network_presence')} presence
       JOIN ${this.table('network_instances')} instance ON instance.server = presence.server
       WHERE presence.server <> $1 AND instance.heartbeat_at > now() - make_interval(secs => $2)
       ORDER BY presence.server, presence.player->>'name'`,
      [this.serverId, this.goneAfterMs / 1000],
    );
    return rows.map((row) => ({ ...row.player, server: row.server }));
  }

  /** The heartbeat and this server's players, in one transaction. */
  async publishPlayers(): Promise<void> {
    if (!this.options) return;
    const players = await this.options.localPlayers().catch(() => undefined);
    await this.database.transaction(async (unit) => {
      await unit.query(`UPDATE ${this.table('network_instances')} SET heartbeat_at = now() WHERE server = $1`, [this.serverId]);
      // The game is away: its players are not known, the last ones stand until it is back.
      if (!players) return;
      await unit.query(`DELETE FROM ${this.table('network_presence')} WHERE server = $1`, [this.serverId]);
      if (players.length > 0) {
        await unit.query(`INSERT INTO ${this.table('network_presence')} (server, uuid, player) SELECT $1, * FROM unnest($2::text[], $3::json[])`, [
          this.serverId,
          players.map((player) => player.uuid),
          players.map((player) => JSON.stringify({ ...player, server: this.serverId })),
        ]);
      }
      // Calls answered or abandoned a minute ago are of no more use.
      await unit.query(`DELETE FROM ${this.table('network_calls')} WHERE caller = $1 AND deadline < now() - interval '1 minute'`, [this.serverId]);
    });
  }

  async call(server: string, operation: string, args: unknown[], options: { timeoutMs?: number } = {}): Promise<unknown> {
    const timeoutMs = options.timeoutMs ?? this.callTimeoutMs;
    const [row] = await this.database.query<{ id: number }>(
      `INSERT INTO ${this.table('network_calls')} (caller, server, operation, args, deadline) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5)) RETURNING id`,
      [this.serverId, server, operation, JSON.stringify(args), timeoutMs / 1000],
    );
    const id = row!.id;
    await this.database.query('SELECT pg_notify($1, $2)', [this.channel('calls', server), String(id)]);
    const deadline = Date.now() + timeoutMs;
    try {
      while (Date.now() < deadline) {
        const [answer] = await this.database.query<{ answered: boolean; answer: unknown; error: WireError | null }>(
          `SELECT answered, answer, error FROM ${this.table('network_calls')} WHERE id = $1`,
          [id],
        );
        if (answer?.answered) {
          if (answer.error) throw errorFromWire(answer.error, server);
          return answer.answer;
        }
        // Woken by the answer's notification, or after 500 ms to look again.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(500, Math.max(1, deadline - Date.now())));
          this.waiting.set(id, () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      throw new GameUnavailableError(`the server ${server} did not answer within ${timeoutMs} ms`);
    } finally {
      this.waiting.delete(id);
    }
  }

  async publish(topic: string, payload: unknown, options: { retainAs?: string } = {}): Promise<void> {
    await this.notices.publish(topic, payload, options.retainAs);
  }

  async publishIn(tx: TransactionalStores, topic: string, payload: unknown, options: { retainAs?: string } = {}): Promise<void> {
    await tx.part(networkPart.part).write(this.notices.outgoing(topic, payload, options.retainAs));
  }

  subscribe(topic: string, listener: (payload: unknown, from: string) => void): void {
    this.notices.subscribe(topic, listener);
  }

  retained(topic: string): Promise<unknown[]> {
    return this.notices.retained(topic);
  }

  afterReconnect(listener: () => void): void {
    this.reconnectListeners.push(listener);
  }

  /**
   * The job is this instance's while its listening connection holds the
   * job's lock (taken at the first try that finds it free), so one instance
   * runs it at each of its turns and the others' turns pass; not while the
   * instance does not listen (the database is away).
   */
  async exclusively<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
    const listener = this.listener;
    // A turn that comes while the last still runs passes, here as on the others.
    if (!listener || this.jobsRunning.has(name)) return undefined;
    this.jobsRunning.add(name);
    try {
      if (!this.jobsHeld.has(name)) {
        const { rows } = await listener.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [this.database.lockKey(`job:${name}`)]);
        // A connection made again meanwhile: the lock went with the old one.
        if (!rows[0]?.locked || this.listener !== listener) return undefined;
        this.jobsHeld.add(name);
      }
      return await work();
    } finally {
      this.jobsRunning.delete(name);
    }
  }

  /** A connection of its own for LISTEN, made again (with backoff) when it drops. */
  private async listen(first = false): Promise<void> {
    const { host, port, database, username, password } = this.database.settings;
    for (let attempt = 0; !this.stopped; attempt += 1) {
      const client = new pg.Client({ host, port, database, user: username, password, application_name: 'gatehouse-network', keepAlive: true });
      client.on('error', () => undefined);
      client.on('notification', (message) => this.notified(message.channel, message.payload ?? ''));
      client.on('end', () => {
        if (this.listener !== client || this.stopped) return;
        this.listener = undefined;
        this.jobsHeld.clear();
        this.settings.log('network: the listening connection to the database closed; making it again');
        void this.listen();
      });
      let missed = 0;
      try {
        await client.connect();
        // One instance per server.id: the lock lives as long as this connection, so a crashed instance's goes with it.
        const locked = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [this.database.lockKey(`instance:${this.serverId}`)])).rows[0]
          ?.locked;
        if (!locked) {
          await client.end().catch(() => undefined);
          const problem = `another Gatehouse is running as server.id "${this.serverId}" on this database; every server of a network needs its own server.id`;
          if (first) throw new DuplicateServerError(problem);
          if (attempt === 0) this.settings.log(`network: ${problem}; trying again`);
          await delay(Math.min(10_000, 250 * 2 ** attempt));
          continue;
        }
        for (const channel of [this.channel('calls', this.serverId), this.channel('answers', this.serverId), this.channel('notices')]) {
          await client.query(`LISTEN "${channel}"`);
        }
        // Listening: what is sent from now on arrives; what was sent while no connection listened is read back.
        if (first) await this.notices.startFrom(client);
        else missed = await this.notices.catchUp(client);
      } catch (error) {
        if (error instanceof DuplicateServerError) throw error;
        await client.end().catch(() => undefined);
        if (attempt === 0) this.settings.log(`network: cannot listen on the database (${(error as Error).message}); trying again`);
        await delay(Math.min(10_000, 250 * 2 ** attempt));
        continue;
      }
      this.listener = client;
      // Calls that came while nobody listened.
      void this.serveWaiting().catch(() => undefined);
      if (!first) {
        this.settings.log(`network: listening again${missed > 0 ? `; ${missed} notice(s) sent meanwhile delivered` : ''}`);
        for (const listener of this.reconnectListeners) listener();
      }
      return;
    }
  }

  private notified(channel: string, payload: string): void {
    if (channel === this.channel('calls', this.serverId)) {
      void this.serveCall(Number(payload)).catch(() => undefined);
    } else if (channel === this.channel('answers', this.serverId)) {
      this.waiting.get(Number(payload))?.();
    } else if (channel === this.channel('notices')) {
      this.notices.received(payload);
    }
  }

  /** Calls addressed here that nobody answered yet (a missed notification). */
  private async serveWaiting(): Promise<void> {
    const rows = await this.database.query<{ id: number }>(`SELECT id FROM ${this.table('network_calls')} WHERE server = $1 AND NOT claimed AND deadline > now() ORDER BY id`, [
      this.serverId,
    ]);
    for (const row of rows) void this.serveCall(row.id).catch(() => undefined);
  }

  private async serveCall(id: number): Promise<void> {
    if (this.serving.has(id) || !this.options) return;
    this.serving.add(id);
    try {
      // Claimed in one statement: a call is run once, and not after its deadline (the caller has answered 503 by then).
      const [call] = await this.database.query<CallRow>(
        `UPDATE ${this.table('network_calls')} SET claimed = true WHERE id = $1 AND server = $2 AND NOT claimed AND deadline > now()
         RETURNING id, caller, operation, args, deadline`,
        [id, this.serverId],
      );
      if (!call) return;
      let answer: unknown = null;
      let error: WireError | null = null;
      try {
        answer = (await this.options.serve(call.operation, call.args)) ?? null;
      } catch (failure) {
        error = errorToWire(failure);
      }
      await this.database.query(`UPDATE ${this.table('network_calls')} SET answered = true, answer = $2, error = $3 WHERE id = $1`, [
        id,
        JSON.stringify(answer),
        error && JSON.stringify(error),
      ]);
      await this.database.query('SELECT pg_notify($1, $2)', [this.channel('answers', call.caller), String(id)]);
    } finally {
      this.serving.delete(id);
    }
  }
}
