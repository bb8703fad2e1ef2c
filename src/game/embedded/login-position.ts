/**
 * flying-squid's login ends by waiting for the client's first "look" or
 * "flying" packet, then sends the client its chunks beyond the first few and
 * re-sends the position it logged in at. A 1.21.4 client that stands still
 * sends neither packet (only "position" ones), so its login stays there: a
 * teleport meanwhile brings no chunks at the destination, and the player's
 * first turn of the head puts them back where they logged in, on the server
 * and on the client. As the world switch does (worlds.ts), the login goes on
 * without waiting, and the re-send sends where the player is now.
 */
import type { SquidPlayer } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';

export const loginPosition: EmbeddedModule = {
  watchPlayer(player: SquidPlayer): void {
    player.waitPlayerLogin = async () => {
      // Whoever waits (the login, flying-squid's own /changeworld) next re-sends a position taken before the wait: the only calls that pass one.
      const sendSelfPosition = player.sendSelfPosition;
      player.sendSelfPosition = (position) => {
        if (position === undefined) return sendSelfPosition();
        player.sendSelfPosition = sendSelfPosition;
        sendSelfPosition();
      };
    };
  },
};
