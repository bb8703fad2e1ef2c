/**
 * Inventories of one server in particular, for the shop's attempts.
 *
 * A game remembers the operations it did (the embedded server's player
 * files, the plugin's memory, vanilla's scoreboard), and only that game: on a
 * network each server's is its own. So an attempt is asked of the server the
 * player is on when it starts, that server is written down with it, and an
 * attempt whose answer was lost is asked again of that server only (whose
 * game answers from its memory), never of the server the player moved to,
 * whose game would do it again. The network's game port would carry a give
 * to wherever the player is now; this asks the named server.
 */
import type { ChangeOptions, GamePort, PlayerRef } from '../../game/port.js';
import type { Network } from '../../network/port.js';

export class ServerInventories {
  constructor(
    /** The network's game: who is online where. */
    private readonly game: GamePort,
    /** This server's own game. */
    private readonly own: GamePort,
    private readonly network: Network,
  ) {}

  /** This instance's `server.id`. */
  get here(): string {
    return this.network.serverId;
  }

  /**
   * The server the player is on now, or undefined when they are on none. A
   * single server is asked directly, without first asking who is online:
   * its game says whether the player is there when it is asked; unless the
   * game knows without asking that the player is away (then there is
   * nothing to ask, and nothing to write down before asking).
   */
  async serverOf(player: PlayerRef): Promise<string | undefined> {
    if (!this.network.shared) return this.own.isOnline?.(player.uuid) === false ? undefined : this.here;
    const online = (await this.game.onlinePlayers()).find((candidate) => candidate.uuid === player.uuid);
    return online && (online.server ?? this.here);
  }

  give(server: string, name: string, item: string, count: number, options: ChangeOptions): Promise<number> {
    if (server === this.here) return this.own.require('inventories').give(name, item, count, options);
    return this.network.call(server, 'inventories.give', [name, item, count, options]) as Promise<number>;
  }

  remove(server: string, name: string, item: string, count: number, options: ChangeOptions): Promise<number> {
    if (server === this.here) return this.own.require('inventories').remove(name, item, count, options);
    return this.network.call(server, 'inventories.remove', [name, item, count, options]) as Promise<number>;
  }
}
