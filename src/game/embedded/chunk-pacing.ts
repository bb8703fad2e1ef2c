/**
 * A player's chunks are sent one per turn of the event loop. flying-squid
 * sends the chunks around a joining player in a chain of promises that, for
 * chunks already in memory (the spawn's, which every player shares), never
 * waits for anything: dozens of chunks, each serialized and compressed on
 * the spot, in one go, during which nothing else runs, neither the API's
 * requests nor the other players' packets. With many players joining at once
 * (everyone back after a restart) those runs added up to seconds. Each chunk
 * now waits for the next turn of the loop (setImmediate), so whatever else is
 * waiting goes in between; a chunk for a client that has gone, or of a world
 * the player has left meanwhile, is not sent.
 */
import type { SquidPlayer } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export const chunkPacing: EmbeddedModule = {
  watchPlayer(player: SquidPlayer): void {
    const sendChunk = player.sendChunk;
    player.sendChunk = async (chunkX, chunkZ, column) => {
      // The column is of the world the player is in now; one they left meanwhile (a teleport to another world in
      // between) is not sent: a client reads a chunk by the height of the world it is in, and one of another
      // world's height breaks its connection.
      const world = player.world;
      await nextTurn();
      if (player._client.ended || player.world !== world) return;
      return sendChunk(chunkX, chunkZ, column);
    };
  },
};
