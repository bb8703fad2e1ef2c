import type { GamePort, OnlinePlayer } from '../game/port.js';

/**
 * The players online on this instance's own game server. On a network the
 * game lists everyone, each with their `server`; a player without one is on
 * a single server's game, so this one's.
 */
export async function playersHere(game: Pick<GamePort, 'onlinePlayers'>, serverId: string): Promise<OnlinePlayer[]> {
  return (await game.onlinePlayers()).filter((player) => player.server === undefined || player.server === serverId);
}
