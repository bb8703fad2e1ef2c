/**
 * Buying from the shop: priced from the stock at the moment of the trade,
 * charged as one PURCHASE record, the stock taken and the delivery written
 * in the same unit of work as the charge (with the builtin economy; through
 * Vault, in the unit that records the game's withdrawal, under a lock per
 * item so the price cannot change in between). Then the delivery is tried
 * at once, if the player is online.
 */
import { badRequest } from '../../errors.js';
import type { PlayerRef } from '../../game/port.js';
import { KeyedLock } from '../../lib/keyed-lock.js';
import type { Store, StorePart, TransactionalStores } from '../../store/port.js';
import type { LedgerRecord } from '../economy/store.js';
import type { EconomyService, IdempotencyRequest } from '../economy/service.js';
import type { CatalogueItem } from './catalogue.js';
import type { DeliveryService } from './deliveries.js';
import type { MarketService } from './market.js';
import type { DeliveryRecord, MarketStore } from './store.js';
import { buyCostCents } from './pricing.js';
import { weeklyOffers } from './weekly.js';

export interface PurchaseRequest {
  item: string;
  quantity: number;
  /** Bought as this week's offer (at its discount, within its limit). */
  weekly?: boolean;
}

export interface Purchase {
  record: LedgerRecord;
  item: CatalogueItem;
  weekly: boolean;
  delivery: DeliveryRecord;
  replayed: boolean;
}

export class PurchaseService {
  private readonly lock = new KeyedLock();

  constructor(
    private readonly store: Store,
    private readonly market: MarketService,
    private readonly part: StorePart<MarketStore>,
    private readonly economy: EconomyService,
    private readonly deliveries: DeliveryService,
    private readonly now: () => Date,
  ) {}

  async purchase(player: PlayerRef, request: PurchaseRequest, idempotency?: IdempotencyRequest): Promise<Purchase> {
    this.economy.requireProvider();
    const item = this.market.requireItem(request.item);
    if (!item.canBuy) throw badRequest(`${item.name} is not for sale (the market only buys it)`, 'not_for_sale');
    const { maxQuantity } = this.market.rules.market;
    if (request.quantity > maxQuantity) throw badRequest(`quantity must be at most ${maxQuantity}`, 'invalid_field');
    const weekly = request.weekly === true;
    const offers = weeklyOffers(this.market.items(), this.market.rules.weekly.offers, this.now());
    if (weekly && !offers.items.some((offer) => offer.id === item.id)) {
      throw badRequest(`${item.name} is not one of this week's offers (${offers.week})`, 'not_on_offer');
    }
    const { discountPercent, limitPerPlayer } = this.market.rules.weekly;
    const checkLimit = async (tx: TransactionalStores) => {
      if (!weekly) return;
      const bought = await tx.part(this.part).weeklyBought(offers.week, player.uuid, item.id);
      if (bought + request.quantity > limitPerPlayer) {
        throw badRequest(
          `This week's offer of ${item.name} is limited to ${limitPerPlayer} per player; you may buy ${Math.max(0, limitPerPlayer - bought)} more`,
          'weekly_limit_reached',
        );
      }
    };
    const done = await this.lock.run(item.id, () =>
      this.economy.move(
        async (tx) => {
          const state = await tx.part(this.part).item(item.id);
          const stock = state?.stock ?? item.initialStock;
          if (request.quantity > stock) throw badRequest(`Only ${stock} ${item.name} in stock; asked for ${request.quantity}`, 'insufficient_stock');
          const cost = buyCostCents(item, stock, request.quantity, this.market.elasticity, weekly ? discountPercent : 0);
          const description = `Bought ${request.quantity} ${item.name}${weekly ? ` (weekly offer, ${discountPercent}% off)` : ''}`;
          return [{ player, amount: -cost, type: 'PURCHASE' as const, description, item: item.id, quantity: request.quantity }];
        },
        idempotency,
        {
          check: checkLimit,
          after: async (tx, posted) => {
          // The stock check again: through Vault the money moved between two units.
          await checkLimit(tx);
          await this.market.take(tx, item, request.quantity);
          if (weekly) await tx.part(this.part).addWeeklyBought(offers.week, player.uuid, item.id, request.quantity);
          await tx.part(this.part).createDelivery({
            player,
            item: item.id,
            quantity: request.quantity,
            given: 0,
            state: 'pending',
            transactionId: posted[0]!.id,
            createdAt: this.now().toISOString(),
            updatedAt: this.now().toISOString(),
            attempt: null,
            attempts: 0,
          });
          },
          note: { weekly },
        },
      ),
    );
    if (!done.replayed) await this.market.refresh([item.id]);
    const record = done.result[0]!;
    let delivery = (await this.store.part(this.part).deliveryOfTransaction(record.id))!;
    // A replayed answer tries nothing new: the delivery is as it is now.
    if (!done.replayed) delivery = await this.deliveries.attempt(delivery.id);
    return { record, item, weekly: (done.note as { weekly?: boolean } | undefined)?.weekly ?? weekly, delivery, replayed: done.replayed };
  }
}
