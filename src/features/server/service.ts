/** What the server group reads from the game (players online by server, ticks per second), and the server name as plain text. */
import type { GamePort } from '../../game/port.js';

/** Players online on the network (or the one server asked), and on each server; nothing known while the game is away. */
export async function countPlayers(game: GamePort, ownServerId: string, server: string | undefined): Promise<{ online: number | null; byServer: Record<string, number> }> {
  if (!game.isConnected()) return { online: null, byServer: {} };
  const everyone = await game.onlinePlayers().catch(() => undefined);
  if (!everyone) return { online: null, byServer: {} };
  // Counted in a Map: a server asked for by a name such as `constructor` must not find an object's own properties.
  const counts = new Map<string, number>();
  for (const player of everyone) counts.set(player.server ?? ownServerId, (counts.get(player.server ?? ownServerId) ?? 0) + 1);
  return { online: server === undefined ? everyone.length : (counts.get(server) ?? 0), byServer: Object.fromEntries(counts) };
}

/** The game's ticks per second, or null where it cannot tell. */
export async function currentTicks(game: GamePort) {
  const performance = game.isConnected() ? game.capability('performance') : undefined;
  return performance ? performance.ticks().catch(() => null) : null;
}

/**
 * The server name without its `&` colour and format codes (the codes
 * translateColourCodes turns into § codes for the game): `&aMy &lserver` →
 * `My server`. An `&` followed by anything else is text and stays.
 */
export function withoutColourCodes(text: string): string {
  return text.replace(/&[0-9a-fk-orA-FK-OR]/g, '');
}
