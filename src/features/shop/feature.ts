import { partImplementations } from '../../store/part-implementations.js';
import { fromCents } from '../common/money.js';
import { defineFeature } from '../feature.js';
import { loadCatalogue } from './catalogue.js';
import { DeliveryService } from './deliveries.js';
import { DriftTimer } from './drift.js';
import { finishForOnline, finishOnJoin, knownItemIds } from './in-game.js';
import { MarketService } from './market.js';
import { PurchaseService } from './purchases.js';
import { shopRoutes } from './routes.js';
import { SaleService } from './selling.js';
import { ServerInventories } from './server-inventories.js';
import { shareStockChanges } from './shared-stock.js';
import { marketPart } from './store.js';
import { jsonMarketPart } from './store-json.js';
import { postgresMarketPart } from './store-postgres.js';

declare module '../services.js' {
  interface Services {
    market: MarketService;
    deliveries: DeliveryService;
  }
}

/**
 * The market and the shop: prices from stock (shop.yml), the catalogue,
 * purchases delivered in game exactly once, this week's offers, resources,
 * selling from the inventory, and the deliveries outbox.
 */
export const shopFeature = defineFeature({
  name: 'shop',
  storeParts: [partImplementations({ part: marketPart, json: jsonMarketPart, postgres: postgresMarketPart })],
  create: async ({ config, store, game, ownGame, services, texts, now, log, caches, network }) => {
    const settings = services.get('settings');
    const economy = services.get('economy');
    const market = new MarketService(store, marketPart, await loadCatalogue(config.shopFile), config.shopFile, now);
    caches.register(market.quotes);
    shareStockChanges(market, network);
    const servers = new ServerInventories(game, ownGame, network);
    const deliveries = new DeliveryService(store, marketPart, game, texts, (item) => market.nameOf(item), log.error, now, servers);
    const purchases = new PurchaseService(store, market, marketPart, economy, deliveries, now);
    const symbol = () => settings.read().economy.currencySymbol;
    const sales = new SaleService(store, market, marketPart, economy, game, texts, symbol, log.error, now, servers);
    services.provide('market', market);
    services.provide('deliveries', deliveries);
    // The inventory endpoint shows what the market pays for each stack, and names it as the shop does.
    services.provide('itemPricing', {
      nameOf: (item) => market.nameOf(item),
      sellPrice: async (item) => {
        const found = market.find(item);
        if (!found?.canSell) return null;
        return fromCents((await market.quote(found)).sellCents);
      },
    });
    services.get('retention').keepDays('shop deliveries, weekly counts and daily sales', config.retention.transactionDays, (cutoff) => store.part(marketPart).deleteBefore(cutoff));
    finishOnJoin(game, deliveries, sales, log.error);
    const drift = new DriftTimer(market, network, log.error);

    return {
      routes: shopRoutes({
        store,
        game,
        market,
        purchases,
        sales,
        deliveries,
        economy,
        access: services.get('access'),
        audit: services.get('audit'),
        moderation: services.get('moderation'),
        symbol,
        now,
      }),
      start: async () => {
        const known = await knownItemIds(game);
        if (known) {
          const unknown = market.items().filter((item) => !known.has(item.id));
          if (unknown.length > 0) throw new Error(`${config.shopFile}: items.${unknown[0]!.id}: is not an item this game server knows`);
        }
        await market.start();
        await market.rebuild();
        market.startRebuilding();
        deliveries.start(
          () => market.rules.deliveries.retrySeconds,
          () => sales.finishOnline(),
        );
        drift.start();
        await finishForOnline(game, deliveries, sales, log.error);
      },
      stop: () => {
        market.stopRebuilding();
        deliveries.stop();
        drift.stop();
      },
    };
  },
});
