/**
 * The shop's side of the game: deliveries and sales finished when a player
 * joins (or, at start, for players online then), and the game's item ids for
 * checking the catalogue.
 */
import type { GamePort } from '../../game/port.js';
import { normaliseItemId } from './catalogue.js';
import type { DeliveryService } from './deliveries.js';
import type { SaleService } from './selling.js';

/** What a player is owed, given at each join: deliveries not yet in their inventory, and sales a crash left unpaid. */
export function finishOnJoin(game: GamePort, deliveries: DeliveryService, sales: SaleService, logError: (message: string) => void): void {
  game.events.on('join', ({ player }) => {
    void deliveries.deliverTo(player).catch((error: Error) => logError(`shop: delivering to ${player.name}: ${error.message}`));
    void sales.finishFor(player).catch((error: Error) => logError(`shop: finishing sales of ${player.name}: ${error.message}`));
  });
}

/** At start: the deliveries and sales a crash left unfinished, for the players online now, one after another. */
export async function finishForOnline(game: GamePort, deliveries: DeliveryService, sales: SaleService, logError: (message: string) => void): Promise<void> {
  if (!game.isConnected()) return;
  for (const player of await game.onlinePlayers().catch(() => [])) {
    await deliveries.deliverTo(player).catch((error: Error) => logError(`shop: delivering to ${player.name}: ${error.message}`));
    await sales.finishFor(player).catch((error: Error) => logError(`shop: finishing sales of ${player.name}: ${error.message}`));
  }
}

/** The game's item ids, where the adapter lists them (for checking the catalogue). */
export async function knownItemIds(game: GamePort): Promise<ReadonlySet<string> | undefined> {
  const inventories = game.capability('inventories');
  if (!inventories?.itemIds || !game.isConnected()) return undefined;
  return new Set((await inventories.itemIds()).map((id) => normaliseItemId(id)));
}
