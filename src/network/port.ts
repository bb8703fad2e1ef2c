/**
 * A network of servers: several Gatehouse instances (each beside its own game
 * server, `server.id` naming it) on one shared database. The network port
 * says who is online where, carries a request for a player to the instance
 * that player is on, tells every instance of what changed, and lets a
 * scheduled job run on one instance of the network. On a single server (the JSON
 * store) it is the one instance (./single-server.ts); on PostgreSQL, tables
 * and LISTEN/NOTIFY (src/store/postgres/network.ts).
 */
import type { OnlinePlayer } from '../game/port.js';
import type { TransactionalStores } from '../store/port.js';

/** An instance's answer to another's call: a value, or a game error to throw again there. */
export type CallHandler = (operation: string, args: unknown[]) => Promise<unknown>;

export interface NetworkOptions {
  /** Who is online on this instance's game server now (published at every heartbeat and change). */
  localPlayers: () => Promise<OnlinePlayer[]>;
  /** Runs the operations other instances ask this one to run (see NetworkGame). */
  serve: CallHandler;
}

export interface Network {
  /** This instance's `server.id`. */
  readonly serverId: string;
  /** Whether other instances may exist (a shared database): a single server skips the network's work. */
  readonly shared: boolean;
  start(options: NetworkOptions): Promise<void>;
  stop(): Promise<void>;
  /** Every instance alive now, this one included. */
  instances(): Promise<string[]>;
  /** Players on the other live instances, each with its `server`, as they last published them. */
  remotePlayers(): Promise<OnlinePlayer[]>;
  /** Publishes this instance's players now (after a join or a quit), not waiting for the heartbeat. */
  publishPlayers(): Promise<void>;
  /**
   * Asks the instance `server` to run `operation`; resolves with its answer,
   * rejects with the game error it answered (typed again), or with
   * GameUnavailableError when it does not answer in time.
   */
  call(server: string, operation: string, args: unknown[], options?: { timeoutMs?: number }): Promise<unknown>;
  /**
   * Tells every other instance that `topic` happened. An instance that was
   * not listening then (its database link being made again) gets it when it
   * listens again. With `retainAs`, the network also keeps it as the last
   * notice of `topic` under that key, read back with `retained`.
   */
  publish(topic: string, payload: unknown, options?: { retainAs?: string }): Promise<void>;
  /**
   * The same notice, written inside the store's unit of work `tx`: it goes
   * out when the unit commits and never when it does not, so a change the
   * unit records and the notice of it are kept together or not at all.
   */
  publishIn(tx: TransactionalStores, topic: string, payload: unknown, options?: { retainAs?: string }): Promise<void>;
  subscribe(topic: string, listener: (payload: unknown, from: string) => void): void;
  /** The last notice of `topic` retained under each key, the oldest first. */
  retained(topic: string): Promise<unknown[]>;
  /** `listener` runs each time this instance listens again after its database link was lost (missed notices already delivered). */
  afterReconnect(listener: () => void): void;
  /**
   * Runs `work` when the job `name` is this instance's: one instance of the
   * network holds each job while it lives (the others' turns pass, undefined),
   * and another takes it at its next turn once that one stopped or died.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T | undefined>;
}
