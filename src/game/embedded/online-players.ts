import type { EventEmitter } from 'node:events';
import { normalizeAddress } from '../../lib/addresses.js';
import { gameModes, PlayerNotOnlineError, type GameEvents, type GameMode, type OnlinePlayer, type PlayerRef } from '../port.js';
import type { SquidPlayer, SquidServer } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';
import type { EmbeddedWorlds } from './worlds.js';

/**
 * Who is online: a player counts from flying-squid's `connected` (every field
 * set) to `disconnected`, and join and quit are announced exactly once each,
 * with the address. Names are found in any letter case, as in game.
 */
export class OnlinePlayers implements EmbeddedModule {
  /** Players whose join was announced, with their address. */
  private readonly joined = new Map<SquidPlayer, string>();
  /** The same players' uuids. */
  private readonly uuids = new Set<string>();

  constructor(
    private readonly events: EventEmitter<GameEvents>,
    private readonly worlds: EmbeddedWorlds,
  ) {}

  find(name: string): SquidPlayer | undefined {
    const wanted = name.toLowerCase();
    return [...this.joined.keys()].find((player) => player.username.toLowerCase() === wanted);
  }

  has(uuid: string): boolean {
    return this.uuids.has(uuid);
  }

  /** Throws PlayerNotOnlineError, naming the player's role in the request. */
  require(name: string, role: 'player' | 'target' = 'player'): SquidPlayer {
    const player = this.find(name);
    if (!player) throw new PlayerNotOnlineError(name, role);
    return player;
  }

  list(): OnlinePlayer[] {
    return [...this.joined].map(([player, ipAddress]) => ({
      ...refOf(player),
      ipAddress,
      location: this.worlds.locationOf(player),
      gameMode: gameModeOf(player),
      ping: player._client.latency ?? 0,
    }));
  }

  watchPlayer(player: SquidPlayer, serv: SquidServer): void {
    player.once('connected', () => {
      const ipAddress = normalizeAddress(player._client.socket?.remoteAddress ?? 'unknown');
      sendPlayerList(serv, player);
      this.joined.set(player, ipAddress);
      this.uuids.add(player.uuid);
      this.events.emit('join', { player: refOf(player), ipAddress });
    });
    player.once('disconnected', () => {
      const ipAddress = this.joined.get(player);
      if (ipAddress === undefined) return;
      this.joined.delete(player);
      // A second session of the same player (a kick of the first is under way) keeps the uuid online.
      if (![...this.joined.keys()].some((other) => other.uuid === player.uuid)) this.uuids.delete(player.uuid);
      this.events.emit('quit', { player: refOf(player), ipAddress });
    });
  }
}

export function refOf(player: SquidPlayer): PlayerRef {
  return { name: player.username, uuid: player.uuid };
}

export function gameModeOf(player: SquidPlayer): GameMode {
  return gameModes[player.gameMode] ?? 'survival';
}

/** flying-squid sends a joining player's tab list to everyone but that player. */
function sendPlayerList(serv: SquidServer, player: SquidPlayer): void {
  player._client.write('player_info', {
    action: { add_player: true },
    data: serv.players.map((other) => ({
      uuid: other.uuid,
      player: { name: other.username, properties: other.profileProperties ?? [] },
      gamemode: other.gameMode,
      latency: other._client.latency ?? 0,
    })),
  });
}
