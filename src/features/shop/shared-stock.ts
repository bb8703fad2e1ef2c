import type { Network } from '../../network/port.js';
import type { MarketService } from './market.js';

/** Stock is shared on a network: this instance tells the items it traded, and reads back those the others did. */
export function shareStockChanges(market: MarketService, network: Network): void {
  market.onChanged = (items) => void network.publish('market', { items }).catch(() => undefined);
  network.subscribe('market', (payload) => {
    const items = (payload as { items?: unknown }).items;
    if (Array.isArray(items))
      market.refresh(
        items.filter((item): item is string => typeof item === 'string'),
        { announce: false },
      );
  });
}
