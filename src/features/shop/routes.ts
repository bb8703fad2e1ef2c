/** The shop group's routes: the market's prices, the catalogue, purchases, this week's offers, resources, deliveries, selling, and reloading shop.yml. */
import { badRequest, invalidField } from '../../errors.js';
import type { GamePort, PlayerRef } from '../../game/port.js';
import { reply, route, type Route, type RouteRequest } from '../../http/route.js';
import type { Static } from '../../lib/schema.js';
import type { Store } from '../../store/port.js';
import { pagination } from '../common/schemas.js';
import { requestSubject } from '../common/subject.js';
import { moneyAnswer } from '../economy/answers.js';
import { idempotencyOf, replayHeaders } from '../../http/idempotency.js';
import { formatMoney, fromCents } from '../common/money.js';
import { deliveryAnswer, quoteAnswer } from './answers.js';
import type { DeliveryService } from './deliveries.js';
import { knownItemIds } from './in-game.js';
import type { MarketService, QuoteList } from './market.js';
import { affordableUnits, givenDiscountPercent, offerUnitCents } from './pricing.js';
import type { PurchaseService } from './purchases.js';
import {
  allDeliveriesAnswer,
  allDeliveriesQuery,
  availableAnswer,
  deliveriesAnswer,
  deliveriesQuery,
  itemsAnswer,
  itemsQuery,
  marketPricesAnswer,
  purchaseAnswer,
  purchaseBody,
  reloadAnswer,
  resourcesAnswer,
  sellAnswer,
  sellBody,
  weeklyAnswer,
} from './schemas.js';
import type { ItemToSell, SaleService } from './selling.js';
import { marketPart } from './store.js';
import { weeklyOffers } from './weekly.js';
import type { Services } from '../services.js';

const unavailable = { 503: 'Economy system not available (economy.provider none, or Vault not offered by the server)' };

export interface ShopRouteServices {
  store: Store;
  game: GamePort;
  market: MarketService;
  purchases: PurchaseService;
  sales: SaleService;
  deliveries: DeliveryService;
  economy: Services['economy'];
  access: Services['access'];
  audit: Services['audit'];
  /** Refuses a banned player's purchase or sale (decisions: the portal stays open to them, they cannot buy or sell). */
  moderation: Pick<Services['moderation'], 'refuseWhileBanned'>;
  /** The currency symbol now (a setting). */
  symbol: () => string;
  now: () => Date;
}

export function shopRoutes({ store, game, market, purchases, sales, deliveries, economy, access, audit, moderation, symbol, now }: ShopRouteServices): Route[] {
  const shopStore = store.part(marketPart);
  const nameOf = (item: string) => market.nameOf(item);
  const own = (request: RouteRequest<unknown, unknown>): PlayerRef => {
    const user = request.user();
    return { name: user.gameUsername, uuid: user.gameUuid };
  };
  const subject = (request: RouteRequest<unknown, { username?: string }>): Promise<PlayerRef> =>
    requestSubject(request, access, (asked) => economy.requirePlayer(asked), "Only admins may see another player's deliveries");
  const priceAnswers = new WeakMap<QuoteList, { body: Static<typeof marketPricesAnswer>; json: string }>();

  return [
    route({
      method: 'GET',
      path: '/api/economy/market-prices',
      access: 'login',
      scope: 'economy:read',
      summary: 'Every catalogue item with its buy and sell price now, stock and trend',
      answer: marketPricesAnswer,
      errors: unavailable,
      handle: async () => {
        economy.requireProvider();
        const list = await market.quoteList();
        // The answer is the same for everyone until the list is replaced: made and serialised once per list.
        let made = priceAnswers.get(list);
        if (!made) {
          const prices = Object.fromEntries(
            list.quotes.map((quote) => [
              quote.item.id,
              {
                name: quote.item.name,
                buyPrice: fromCents(quote.buyCents),
                sellPrice: fromCents(quote.sellCents),
                stock: quote.stock,
                trend: quote.trend,
                canBuy: quote.canBuy,
                canSell: quote.canSell,
                recent: quote.recent.map((sample) => ({ at: sample.at, buyPrice: fromCents(sample.cents) })),
              },
            ]),
          );
          const body = { success: true as const, prices, lastUpdated: list.lastUpdated };
          made = { body, json: JSON.stringify(body) };
          priceAnswers.set(list, made);
        }
        return reply(made.body, { json: made.json });
      },
    }),
    route({
      method: 'GET',
      path: '/api/shop/items',
      access: 'login',
      scope: 'shop:read',
      summary: 'The catalogue with prices and stock now; by category, searched, paginated',
      query: itemsQuery,
      answer: itemsAnswer,
      handle: async (request) => {
        const { category, search, page, limit } = request.query;
        const needle = search?.toLowerCase();
        const { quotes } = await market.quoteList();
        const matching = quotes.filter(
          (quote) =>
            (category === undefined || quote.item.category === category) &&
            (needle === undefined || quote.item.id.includes(needle) || quote.item.name.toLowerCase().includes(needle)),
        );
        const categories = [...new Set(quotes.map((quote) => quote.item.category))].sort();
        return {
          success: true as const,
          items: matching.slice((page - 1) * limit, page * limit).map(quoteAnswer),
          categories,
          pagination: pagination(page, limit, matching.length),
        };
      },
    }),
    route({
      method: 'POST',
      path: '/api/shop/purchase',
      access: 'login',
      summary: 'Buy from the shop: charged at the price along the curve now (a PURCHASE transaction), delivered in game (Idempotency-Key)',
      body: purchaseBody,
      answer: purchaseAnswer,
      errors: {
        400: "Unknown item, not for sale, a quantity above the stock or market.max-quantity, insufficient funds, not this week's offer, or past its limit",
        403: 'The service account cannot buy; the caller is banned (banned: no purchase while a ban is in force)',
        409: 'The Idempotency-Key was used with another request',
        ...unavailable,
      },
      // Buying fewer is what a refusal for want of money, stock or limit leaves the player to do.
      errorFields: {
        unknown_item: 'item',
        not_for_sale: 'item',
        not_on_offer: 'item',
        insufficient_funds: 'quantity',
        insufficient_stock: 'quantity',
        weekly_limit_reached: 'quantity',
        amount_limit: 'quantity',
        balance_limit: 'quantity',
      },
      handle: async (request) => {
        const player = own(request);
        await moderation.refuseWhileBanned(player);
        const bought = await purchases.purchase(player, request.body, idempotencyOf(request, '/api/shop/purchase'));
        const { record, item, delivery } = bought;
        const where =
          delivery.state === 'delivered'
            ? 'it is in your inventory'
            : delivery.given > 0
              ? `${delivery.given} are in your inventory, the rest follows when there is room`
              : 'it will be in your inventory when you are next in game with room for it';
        return reply(
          {
            success: true as const,
            message: `Bought ${record.quantity} ${item.name} for ${formatMoney(-record.amount, symbol())}; ${where}`,
            purchase: { transactionId: record.id, item: item.id, name: item.name, quantity: record.quantity ?? 0, charged: fromCents(-record.amount), weekly: bought.weekly },
            ...moneyAnswer(record.balance, symbol()),
            delivery: deliveryAnswer(delivery, nameOf),
          },
          { headers: replayHeaders(bought) },
        );
      },
    }),
    route({
      method: 'GET',
      path: '/api/shop/weekly',
      access: 'login',
      scope: 'shop:read',
      summary: "This ISO week's offers: discounted items, each with a per-player limit and what the caller may still buy",
      answer: weeklyAnswer,
      handle: async (request) => {
        const offers = weeklyOffers(market.items(), market.rules.weekly.offers, now());
        const { discountPercent, limitPerPlayer } = market.rules.weekly;
        const bought = request.caller.kind === 'user' ? await shopStore.weeklyBoughtBy(offers.week, request.caller.user.gameUuid) : new Map<string, number>();
        const list = await market.quoteList();
        const answered = offers.items.map((item) => {
          const quote = list.byItem.get(item.id)!;
          const mine = bought.get(item.id) ?? 0;
          const priceCents = quote.stock > 0 ? offerUnitCents(item, quote.stock, market.elasticity, discountPercent) : quote.buyCents;
          return {
            item: item.id,
            name: item.name,
            category: item.category,
            price: fromCents(priceCents),
            regularPrice: fromCents(quote.buyCents),
            discountPercent: givenDiscountPercent(quote.buyCents, priceCents),
            stock: quote.stock,
            limit: limitPerPlayer,
            bought: mine,
            remaining: Math.min(quote.stock, Math.max(0, limitPerPlayer - mine)),
          };
        });
        return {
          success: true as const,
          week: offers.week,
          endsAt: offers.endsAt.toISOString(),
          discountPercent: Math.max(0, ...answered.map((offer) => offer.discountPercent)),
          offers: answered,
        };
      },
    }),
    route({
      method: 'GET',
      path: '/api/shop/resources',
      access: 'login',
      scope: 'shop:read',
      summary: 'The catalogue items of the resources category with market data',
      answer: resourcesAnswer,
      handle: async () => ({ success: true as const, items: (await market.quoteList()).quotes.filter((quote) => quote.item.category === 'resources').map(quoteAnswer) }),
    }),
    route({
      method: 'GET',
      path: '/api/shop/resources/available',
      access: 'login',
      summary: 'The resources for sale now (in stock), each with how many the caller can afford',
      answer: availableAnswer,
      errors: { 403: 'The service account has no balance', ...unavailable },
      handle: async (request) => {
        economy.requireProvider();
        const balance = await economy.balance(own(request));
        const { maxQuantity } = market.rules.market;
        return {
          success: true as const,
          balance: fromCents(balance),
          items: (await market.quoteList()).quotes
            .filter((quote) => quote.item.category === 'resources' && quote.canBuy)
            .map((quote) => ({ ...quoteAnswer(quote), affordable: affordableUnits(quote.item, quote.stock, balance, market.elasticity, maxQuantity) })),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/api/shop/deliveries',
      access: 'login',
      scope: 'shop:read',
      summary: "A player's deliveries, newest first: the caller's own, or (admins) anyone's",
      query: deliveriesQuery,
      answer: deliveriesAnswer,
      errors: { 403: "A non-admin asking for another player's deliveries", 404: 'No such player' },
      errorFields: { player_not_found: 'username' },
      handle: async (request) => {
        const player = await subject(request);
        const { page, limit, state } = request.query;
        const found = await shopStore.deliveriesOf(player.uuid, page, limit, state);
        return {
          success: true as const,
          username: player.name,
          deliveries: found.deliveries.map((delivery) => deliveryAnswer(delivery, nameOf)),
          pagination: pagination(page, limit, found.total),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/api/admin/shop/deliveries',
      access: 'admin',
      scope: 'shop:read',
      summary: 'Every pending delivery, oldest first, with its player',
      query: allDeliveriesQuery,
      answer: allDeliveriesAnswer,
      handle: async (request) => {
        const { page, limit } = request.query;
        const pending = await shopStore.pendingDeliveries();
        return {
          success: true as const,
          deliveries: pending.slice((page - 1) * limit, page * limit).map((delivery) => deliveryAnswer(delivery, nameOf, true)),
          pagination: pagination(page, limit, pending.length),
        };
      },
    }),
    route({
      method: 'POST',
      path: '/api/player/inventory/sell',
      access: 'login',
      summary:
        'Sell from your inventory in game: one item ({item, quantity}), a list ({items}) or everything the market buys ({all: true}); only what was taken is paid (SALE transactions; Idempotency-Key)',
      body: sellBody,
      answer: sellAnswer,
      errors: {
        400: 'Not exactly one of item, items or all; items the market does not buy, or a quantity above what is held (listed in refused); nothing to sell; the daily income cap reached',
        403: 'The service account has no inventory; the caller is banned (banned: no sale while a ban is in force)',
        404: 'The player is not online',
        409: 'The Idempotency-Key was used with another request, or (on a network) the sale was finished and paid by another server meanwhile',
        501: 'The game cannot change inventories',
        ...unavailable,
      },
      // One item's sale is refused at its item or quantity; a list's at the list (`refused` says which of its items and why).
      errorFields: {
        unknown_item: (_error, body) => (body.items !== undefined ? 'items' : 'item'),
        not_sellable: (_error, body) => (body.items !== undefined ? 'items' : 'item'),
        insufficient_items: (_error, body) => (body.items !== undefined ? 'items' : 'quantity'),
      },
      handle: async (request) => {
        const player = own(request);
        await moderation.refuseWhileBanned(player);
        const { item, quantity, items, all } = request.body;
        const forms = [item !== undefined, items !== undefined, all === true].filter(Boolean).length;
        if (forms !== 1) throw invalidField('body', 'Give exactly one of item (with an optional quantity), items, or all: true');
        if (quantity !== undefined && item === undefined) throw invalidField('quantity', 'quantity goes with item');
        const toSell: ItemToSell[] | 'everything' = all === true ? 'everything' : (items ?? [{ item: item!, ...(quantity !== undefined ? { quantity } : {}) }]);
        const outcome = await sales.sell(player, toSell, idempotencyOf(request, '/api/player/inventory/sell'));
        const total = outcome.records.reduce((sum, record) => sum + record.amount, 0);
        const last = outcome.records.at(-1)!;
        return reply(
          {
            success: true as const,
            message: `Sold ${outcome.records.map((record) => `${record.quantity} ${nameOf(record.item ?? '')}`).join(', ')} for ${formatMoney(total, symbol())}`,
            sold: outcome.records.map((record) => ({
              item: record.item ?? '',
              name: nameOf(record.item ?? ''),
              quantity: record.quantity ?? 0,
              income: fromCents(record.amount),
              transactionId: record.id,
            })),
            refused: outcome.refused,
            total: fromCents(total),
            ...moneyAnswer(last.balance, symbol()),
            dailyCap: outcome.cap ? { limit: fromCents(outcome.cap.limit), earned: fromCents(outcome.cap.earned), remaining: fromCents(outcome.cap.remaining) } : null,
          },
          { headers: replayHeaders(outcome) },
        );
      },
    }),
    route({
      method: 'POST',
      path: '/api/admin/shop/reload',
      access: 'admin',
      scope: 'shop:write',
      summary: 'Read shop.yml again; a file with a mistake changes nothing and the answer says where',
      answer: reloadAnswer,
      errors: { 400: 'shop.yml has a mistake (named in the message); nothing changed' },
      handle: async (request) => {
        let reloaded: Awaited<ReturnType<MarketService['reload']>>;
        try {
          reloaded = await market.reload(await knownItemIds(game));
        } catch (error) {
          if ((error as Error).name === 'CatalogueError') throw badRequest((error as Error).message, 'invalid_catalogue');
          throw error;
        }
        deliveries.reschedule();
        await audit.record(request.actor(), 'shop.reload', { items: reloaded.items, added: reloaded.added, removed: reloaded.removed });
        return { success: true as const, message: `shop.yml read: ${reloaded.items} items`, ...reloaded };
      },
    }),
  ];
}
