import type { OnlinePlayer } from '../game/port.js';
import type { Network } from './port.js';

/**
 * The network of one server (the JSON store, which one instance owns): no
 * other instance to ask or tell, and every job runs here.
 */
export class SingleServer implements Network {
  readonly shared = false;

  constructor(readonly serverId: string) {}

  async start(): Promise<void> {}
  async stop(): Promise<void> {}

  async instances(): Promise<string[]> {
    return [this.serverId];
  }

  async remotePlayers(): Promise<OnlinePlayer[]> {
    return [];
  }

  async publishPlayers(): Promise<void> {}

  async call(server: string): Promise<unknown> {
    throw new Error(`there is no other server (${server}) without a shared database`);
  }

  async publish(): Promise<void> {}

  async publishIn(): Promise<void> {}

  /** Nobody else publishes. */
  subscribe(): void {}

  async retained(): Promise<unknown[]> {
    return [];
  }

  /** No link to lose. */
  afterReconnect(): void {}

  async exclusively<T>(_name: string, work: () => Promise<T>): Promise<T | undefined> {
    return work();
  }
}
