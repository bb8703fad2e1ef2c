import type { GamePort } from '../../game/port.js';
import type { ConnectionLogStore } from './store.js';

/**
 * Writes the connection log from game events: LOGIN and LOGOUT with the
 * player's address, and refused logins as LOGIN with `success: false`.
 */
export class ConnectionLogRecorder {
  private readonly writes = new Set<Promise<unknown>>();

  constructor(
    private readonly log: ConnectionLogStore,
    game: GamePort,
    private readonly now: () => Date = () => new Date(),
    private readonly logError: (message: string) => void = console.error,
  ) {
    game.events.on('join', ({ player, ipAddress }) => this.record({ username: player.name, action: 'LOGIN', ipAddress, success: true }));
    game.events.on('quit', ({ player, ipAddress }) => this.record({ username: player.name, action: 'LOGOUT', ipAddress, success: true }));
    game.events.on('loginRefused', ({ name, ipAddress, reason }) => this.record({ username: name, action: 'LOGIN', ipAddress, success: false, reason }));
  }

  /** Resolves when every entry recorded so far is written. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.writes]);
  }

  private record(entry: { username: string; action: 'LOGIN' | 'LOGOUT'; ipAddress: string; success: boolean; reason?: string }): void {
    const write = this.log
      .append({ ...entry, timestamp: this.now().toISOString() })
      .catch((error: Error) => this.logError(`connection log: could not record ${entry.action} of ${entry.username}: ${error.message}`))
      .finally(() => this.writes.delete(write));
    this.writes.add(write);
  }
}
