/**
 * Buying from the shop, one story in four steps:
 *
 * 1. The request: the item is for sale, the quantity within market.max-quantity,
 *    and a weekly offer one of this week's.
 * 2. The plan, in a unit of work: the price along the curve from the stock
 *    there (a weekly offer at its discount), refused above the stock or past
 *    the offer's limit: one PURCHASE posting.
 * 3. The record, in the unit that writes the charge: the stock taken, the
 *    week's count and the delivery.
 * 4. After the commit: the market's prices follow the stock, and the delivery
 *    is tried at once (when the player is online).
 *
 * With the builtin economy 2 and 3 are one unit of work, which the store
 * isolates (the JSON store runs units one at a time, PostgreSQL locks the
 * item's row). Through Vault the game's withdrawal comes between them, so
 * purchases of one item take turns (its price holds from plan to record),
 * the record checks the limit again and takes only what is there, and a
 * refusal there puts the withdrawal back.
 */
import { badRequest, invalidField } from '../../errors.js';
import type { PlayerRef } from '../../game/port.js';
import { KeyedLock } from '../../lib/keyed-lock.js';
import type { Store, StorePart, TransactionalStores } from '../../store/port.js';
import type { LedgerRecord, Posting } from '../economy/store.js';
import { maxCents } from '../common/money.js';
import type { IdempotencyRequest } from '../../http/idempotency.js';
import type { EconomyService } from '../economy/service.js';
import type { CatalogueItem } from './catalogue.js';
import type { DeliveryService } from './deliveries.js';
import type { MarketService } from './market.js';
import type { DeliveryRecord, MarketStore } from './store.js';
import { buyCostCents, givenDiscountPercent } from './pricing.js';
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
  /** Through Vault, purchases of an item take turns, so its price holds between Vault's two units. */
  private readonly turns = new KeyedLock();

  constructor(
    private readonly store: Store,
    private readonly market: MarketService,
    private readonly part: StorePart<MarketStore>,
    private readonly economy: EconomyService,
    private readonly deliveries: DeliveryService,
    private readonly now: () => Date,
  ) {}

  async purchase(player: PlayerRef, request: PurchaseRequest, idempotency?: IdempotencyRequest): Promise<Purchase> {
    const provider = this.economy.requireProvider();
    const item = this.buyableItem(request);
    const weekly = request.weekly === true;
    const order: Order = { player, item, quantity: request.quantity, week: weekly ? this.offeredWeek(item) : undefined };
    const charge = () =>
      this.economy.move(
        {
          plan: (tx) => this.planCharge(tx, order),
          record: (tx, [charged]) => this.recordPurchase(tx, order, charged!),
          shortfall: ({ needed, balance }) =>
            `Insufficient funds: ${item.name} x${request.quantity} costs ${needed}${balance === undefined ? ', more than your balance' : ` and your balance is ${balance}`}`,
        },
        idempotency,
      );
    // With the builtin economy the store isolates the unit: turns held across its commit would only make buyers of one
    // item wait for each other's disk writes.
    const done = await (provider === 'vault' ? this.turns.run(item.id, charge) : charge());
    const record = done.records[0]!;
    let delivery = (await this.store.part(this.part).deliveryOfTransaction(record.id))!;
    // A replayed answer changes nothing and tries nothing new: the delivery is as it is now.
    if (!done.replayed) {
      this.market.refresh([item.id]);
      delivery = await this.deliveries.attempt(delivery.id);
    }
    return { record, item, weekly, delivery, replayed: done.replayed };
  }

  /** The catalogue item asked for, refused when it is not sold or the quantity is above market.max-quantity. */
  private buyableItem(request: PurchaseRequest): CatalogueItem {
    const item = this.market.requireItem(request.item);
    if (!item.canBuy) throw badRequest(`${item.name} is not for sale (the market only buys it)`, 'not_for_sale');
    const { maxQuantity } = this.market.rules.market;
    if (request.quantity > maxQuantity) throw invalidField('quantity', `quantity must be at most ${maxQuantity}`);
    return item;
  }

  /** This ISO week, when the item is one of its offers; refused otherwise. */
  private offeredWeek(item: CatalogueItem): string {
    const offers = weeklyOffers(this.market.items(), this.market.rules.weekly.offers, this.now());
    if (!offers.items.some((offer) => offer.id === item.id)) throw badRequest(`${item.name} is not one of this week's offers (${offers.week})`, 'not_on_offer');
    return offers.week;
  }

  /**
   * The charge, priced along the curve from the stock now (a weekly offer at
   * its discount); refused past the offer's limit or above the stock.
   */
  private async planCharge(tx: TransactionalStores, order: Order): Promise<Posting[]> {
    await this.checkWeeklyLimit(tx, order);
    const { player, item, quantity, week } = order;
    const stock = (await tx.part(this.part).item(item.id))?.stock ?? item.initialStock;
    if (quantity > stock) throw badRequest(`Only ${stock} ${item.name} in stock; asked for ${quantity}`, 'insufficient_stock');
    const { discountPercent } = this.market.rules.weekly;
    const regular = buyCostCents(item, stock, quantity, this.market.elasticity);
    const cost = week !== undefined ? buyCostCents(item, stock, quantity, this.market.elasticity, discountPercent) : regular;
    if (cost > maxCents) throw this.economy.bound.amountLimit(`${item.name} x${quantity} costs`);
    // The discount given, which the floor at the sell-back price may make less than the one configured.
    const description = `Bought ${quantity} ${item.name}${week !== undefined ? ` (weekly offer, ${givenDiscountPercent(regular, cost)}% off)` : ''}`;
    return [{ player, amount: -cost, type: 'PURCHASE', description, item: item.id, quantity }];
  }

  /**
   * In the unit that records the charge: the stock taken, the weekly count,
   * and the delivery. Through Vault the money moved between two units, so the
   * weekly limit is checked again here, and taking the stock refuses what is
   * no longer there.
   */
  private async recordPurchase(tx: TransactionalStores, order: Order, charged: LedgerRecord): Promise<void> {
    await this.checkWeeklyLimit(tx, order);
    const { player, item, quantity, week } = order;
    await this.market.take(tx, item, quantity);
    const shop = tx.part(this.part);
    if (week !== undefined) await shop.addWeeklyBought(week, player.uuid, item.id, quantity);
    const at = this.now().toISOString();
    await shop.createDelivery({
      player,
      item: item.id,
      quantity,
      given: 0,
      state: 'pending',
      transactionId: charged.id,
      createdAt: at,
      updatedAt: at,
      attempt: null,
      attempts: 0,
    });
  }

  /** A weekly offer's purchase is refused when it would take the player past the offer's limit this week. */
  private async checkWeeklyLimit(tx: TransactionalStores, order: Order): Promise<void> {
    if (order.week === undefined) return;
    const { limitPerPlayer } = this.market.rules.weekly;
    const bought = await tx.part(this.part).weeklyBought(order.week, order.player.uuid, order.item.id);
    if (bought + order.quantity > limitPerPlayer) {
      throw badRequest(
        `This week's offer of ${order.item.name} is limited to ${limitPerPlayer} per player; you may buy ${Math.max(0, limitPerPlayer - bought)} more`,
        'weekly_limit_reached',
      );
    }
  }
}

/** A purchase being made: who buys what, and the week of the offer when it is bought as one. */
interface Order {
  player: PlayerRef;
  item: CatalogueItem;
  quantity: number;
  week: string | undefined;
}
