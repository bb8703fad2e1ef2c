/** The shop's presenters: its records as the API answers them. */
import { fromCents } from '../common/money.js';
import type { Quote } from './market.js';
import type { DeliveryRecord } from './store.js';

export function quoteAnswer(quote: Quote) {
  return {
    item: quote.item.id,
    name: quote.item.name,
    category: quote.item.category,
    buyPrice: fromCents(quote.buyCents),
    sellPrice: fromCents(quote.sellCents),
    stock: quote.stock,
    targetStock: quote.item.targetStock,
    trend: quote.trend,
    canBuy: quote.canBuy,
    canSell: quote.canSell,
  };
}

/** A delivery, the item by its catalogue name (`nameOf`); with its player for the admins' list. */
export function deliveryAnswer(delivery: DeliveryRecord, nameOf: (item: string) => string, withPlayer = false) {
  return {
    id: delivery.id,
    item: delivery.item,
    name: nameOf(delivery.item),
    quantity: delivery.quantity,
    given: delivery.given,
    remaining: delivery.quantity - delivery.given,
    state: delivery.state,
    transactionId: delivery.transactionId,
    createdAt: delivery.createdAt,
    updatedAt: delivery.updatedAt,
    ...(withPlayer ? { username: delivery.player.name } : {}),
  };
}
