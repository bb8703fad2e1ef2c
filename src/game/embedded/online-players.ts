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
 *
 * flying-squid goes on with a login whose client has gone: a client that
 * quits while its first chunks are sent gets its `disconnected` first and its
 * `connected` after, and one that quits before flying-squid listens for its
 * end gets only `connected`. Such a session is not online, and neither join
 * nor quit is announced for it (as on Paper, where a client gone before the
 * join has neither event): at its `connected` its connection is looked at,
 * not the order of the events.
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

  /** Every player whose join was announced. */
  all(): SquidPlayer[] {
    return [...this.joined.keys()];
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
    // A client shows a player only if it has their tab list entry (vanilla ignores the spawn of a player it has none
    // for; mineflayer keeps it nameless). flying-squid sends a joining player's entry to the others after their first
    // chunks, and spawns them to the others whenever they move: a player who moves while their first chunks are
    // sent was spawned before their entry. So each spawn of a player is preceded by their entry.
    const spawnEntity = player.spawnEntity;
    player.spawnEntity = (entity) => {
      if (entity.type === 'player') writeEntries(player, [entity as SquidPlayer]);
      spawnEntity(entity);
    };
    player.once('connected', () => {
      if (player._client.ended || player.disconnected) {
        forgetEndedSession(serv, player);
        return;
      }
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

/**
 * What flying-squid's logout would undo of a login that went on after its
 * client had gone: the player in the server's lists, and the entity and tab
 * list entry other players were sent for it.
 */
function forgetEndedSession(serv: SquidServer, player: SquidPlayer): void {
  player.disconnected = true;
  const index = serv.players.indexOf(player);
  if (index >= 0) serv.players.splice(index, 1);
  if (serv.uuidToPlayer[player.uuid] === player) delete serv.uuidToPlayer[player.uuid];
  if (serv.entities[player.id] === player) delete serv.entities[player.id];
  serv._sendPlayerEventLeave(player);
  for (const other of player.nearbyEntities) if (other.type === 'player') (other as SquidPlayer).despawnEntities([player]);
}

/** flying-squid sends a joining player's tab list to everyone but that player. */
function sendPlayerList(serv: SquidServer, player: SquidPlayer): void {
  writeEntries(player, serv.players);
}

/** Adds these players' tab list entries at the client of `to` (an entry it has already is replaced). */
function writeEntries(to: SquidPlayer, players: SquidPlayer[]): void {
  to._client.write('player_info', {
    action: { add_player: true },
    data: players.map((other) => ({
      uuid: other.uuid,
      player: { name: other.username, properties: other.profileProperties ?? [] },
      gamemode: other.gameMode,
      latency: other._client.latency ?? 0,
    })),
  });
}
