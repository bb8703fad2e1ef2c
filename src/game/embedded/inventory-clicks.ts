/**
 * A click in the player's own inventory (picking up a stack, putting it down,
 * as when equipping armour) is applied by flying-squid's window to the item
 * the click names. Clients before 1.17 sent that item; 1.21.4 clients send
 * only the slot, so flying-squid ignored every such click while the client
 * moved the item: the two disagreed about where items were. The server's own
 * item at the slot is put into the click before flying-squid reads it.
 * (Shift-clicks and number keys are still ignored by flying-squid.)
 */
import type { SquidPlayer } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';

export const inventoryClicks: EmbeddedModule = {
  watchPlayer(player: SquidPlayer): void {
    player._client.prependListener('window_click', (click: { windowId?: number; slot?: number; item?: unknown }) => {
      if (click.windowId !== 0 || typeof click.slot !== 'number' || click.item !== undefined) return;
      click.item = player.inventory.slots[click.slot] ?? undefined;
    });
  },
};
