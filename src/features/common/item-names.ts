/**
 * An item's name as people read it, from its Minecraft id: the one rule the
 * shop's catalogue (where shop.yml names no other), the market prices and
 * the inventory all name items by, so an item reads the same on every page.
 */

/** `iron_ingot` as `Iron Ingot`. */
export function itemDisplayName(id: string): string {
  return id
    .split('_')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');
}
