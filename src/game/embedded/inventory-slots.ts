/**
 * Slot numbers of a player's inventory: the port speaks vanilla's, as its
 * Inventory class and Bukkit's PlayerInventory count them (0-8 hotbar, 9-35
 * main, 36-39 armour feet to head, 40 off hand); flying-squid's window has
 * its own (5-8 armour head to feet, 9-35 main, 36-44 hotbar, 45 off hand).
 */

export const vanillaSlotCount = 41;
export const offHandSlot = 40;

export function windowSlotOf(vanillaSlot: number): number {
  if (vanillaSlot < 9) return vanillaSlot + 36;
  if (vanillaSlot < 36) return vanillaSlot;
  if (vanillaSlot < 40) return 44 - vanillaSlot;
  return 45;
}
