/** What the market buys an item for, where a market exists (the shop feature offers it). */
export interface ItemPricing {
  /** The price the market pays for one, in the currency's units; null when it does not buy the item. */
  sellPrice(item: string): Promise<number | null>;
}
