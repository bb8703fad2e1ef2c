/** The players' presenter: an online player as listed. */
import type { OnlinePlayer } from '../../game/port.js';

/** Admins (`forAdmin`) also see the player's address and exact position. */
export function onlinePlayerAnswer(player: OnlinePlayer, { hasAccount, server, forAdmin }: { hasAccount: boolean; server: string; forAdmin: boolean }) {
  return {
    name: player.name,
    uuid: player.uuid,
    world: player.location.world,
    gameMode: player.gameMode,
    ping: Math.round(player.ping),
    hasAccount,
    server,
    ...(forAdmin
      ? {
          ipAddress: player.ipAddress,
          location: { x: player.location.x, y: player.location.y, z: player.location.z, yaw: player.location.yaw ?? 0, pitch: player.location.pitch ?? 0 },
        }
      : {}),
  };
}
