/**
 * A network of instances inside one process, for the NetworkGame's unit
 * tests (the routing rules, not a transport). Calls and their errors go
 * through JSON as they would between processes. The real transport is
 * PostgreSQL's, tested with real servers in test/e2e/network-*.test.ts.
 */
import type { OnlinePlayer } from '../../src/game/port.js';
import type { Network, NetworkOptions } from '../../src/network/port.js';
import type { TransactionalStores } from '../../src/store/port.js';
import { errorFromWire, errorToWire, type WireError } from '../../src/network/wire-errors.js';

export class MemoryNetworkHub {
  readonly members = new Map<string, MemoryNetwork>();
  readonly running = new Set<string>();
  /** The last notice retained under each key, by topic. */
  readonly retained = new Map<string, Map<string, unknown>>();

  join(serverId: string): MemoryNetwork {
    const member = new MemoryNetwork(serverId, this);
    this.members.set(serverId, member);
    return member;
  }
}

export class MemoryNetwork implements Network {
  readonly shared = true;
  options: NetworkOptions | undefined;
  /** Every call this instance made: [server, operation]. */
  readonly calls: Array<[string, string]> = [];
  /** Set: every publish fails with it, recording nothing (the database away), as PostgreSQL's would. */
  publishFailure: Error | undefined;
  private readonly listeners = new Map<string, Array<(payload: unknown, from: string) => void>>();

  constructor(
    readonly serverId: string,
    private readonly hub: MemoryNetworkHub,
  ) {}

  async start(options: NetworkOptions): Promise<void> {
    this.options = options;
  }

  async stop(): Promise<void> {
    this.options = undefined;
  }

  async instances(): Promise<string[]> {
    return [...this.hub.members.values()].filter((member) => member.options).map((member) => member.serverId);
  }

  async remotePlayers(): Promise<OnlinePlayer[]> {
    const others = [...this.hub.members.values()].filter((member) => member !== this && member.options);
    return (await Promise.all(others.map((member) => member.options!.localPlayers()))).flat();
  }

  async publishPlayers(): Promise<void> {}

  async call(server: string, operation: string, args: unknown[]): Promise<unknown> {
    this.calls.push([server, operation]);
    const target = this.hub.members.get(server);
    if (!target?.options) throw new Error(`no server ${server}`);
    try {
      return JSON.parse(JSON.stringify((await target.options.serve(operation, JSON.parse(JSON.stringify(args)))) ?? null));
    } catch (error) {
      throw errorFromWire(JSON.parse(JSON.stringify(errorToWire(error))) as WireError, server);
    }
  }

  async publish(topic: string, payload: unknown, options: { retainAs?: string } = {}): Promise<void> {
    if (this.publishFailure) throw this.publishFailure;
    if (options.retainAs !== undefined) {
      const kept = this.hub.retained.get(topic) ?? new Map<string, unknown>();
      // The newest last, as the network keeps them.
      kept.delete(options.retainAs);
      kept.set(options.retainAs, JSON.parse(JSON.stringify(payload)));
      this.hub.retained.set(topic, kept);
    }
    for (const member of this.hub.members.values()) {
      if (member !== this) for (const listener of member.listeners.get(topic) ?? []) listener(JSON.parse(JSON.stringify(payload)), this.serverId);
    }
  }

  /** No store to commit with in one process: published at once. */
  async publishIn(_tx: TransactionalStores, topic: string, payload: unknown, options: { retainAs?: string } = {}): Promise<void> {
    await this.publish(topic, payload, options);
  }

  subscribe(topic: string, listener: (payload: unknown, from: string) => void): void {
    this.listeners.set(topic, [...(this.listeners.get(topic) ?? []), listener]);
  }

  async retained(topic: string): Promise<unknown[]> {
    return [...(this.hub.retained.get(topic)?.values() ?? [])];
  }

  /** Nothing in one process to lose. */
  afterReconnect(): void {}

  async exclusively<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
    if (this.hub.running.has(name)) return undefined;
    this.hub.running.add(name);
    try {
      return await work();
    } finally {
      this.hub.running.delete(name);
    }
  }
}
