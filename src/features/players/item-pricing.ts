/** What the market buys an item for, and the shop's name for it, where a market exists (the shop feature offers it). */
export interface ItemPricing {
  /** The item's name as the shop and the market show it (shop.yml may name it). */
  nameOf(item: string): string;
  /** The price the market pays for one, in the currency's units; null when it does not buy the item. */
  sellPrice(item: string): Promise<number | null>;
}
