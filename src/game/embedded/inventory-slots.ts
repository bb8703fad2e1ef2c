/**
 * Slot numbers of a player's inventory: the port speaks vanilla's (0-8 hotbar,
 * 9-35 main, 36-39 armour feet to head, 40 off hand, as Bukkit's
 * PlayerInventory and /item replace), flying-squid's window its own (5-8
 * armour head to feet, 9-35 main, 36-44 hotbar, 45 off hand).
 */

export const vanillaSlotCount = 41;
export const offHandSlot = 40;

export function windowSlotOf(vanillaSlot: number): number {
  if (vanillaSlot < 9) return vanillaSlot + 36;
  if (vanillaSlot < 36) return vanillaSlot;
  if (vanillaSlot < 40) return 44 - vanillaSlot;
  return 45;
}

export function vanillaSlotOf(windowSlot: number): number | undefined {
  if (windowSlot >= 36 && windowSlot <= 44) return windowSlot - 36;
  if (windowSlot >= 9 && windowSlot <= 35) return windowSlot;
  if (windowSlot >= 5 && windowSlot <= 8) return 44 - windowSlot;
  if (windowSlot === 45) return offHandSlot;
  // The crafting grid and its result are not part of vanilla's inventory numbers.
  return undefined;
}
