/**
 * How many of an item make a stack. Vanilla has no command that says, and
 * `give` drops what does not fit at the player's feet, so the RCON adapter
 * works out what fits with these: 1 for tools, weapons, armour, vehicles and
 * the like, 16 for the items vanilla stacks by 16, 64 for the rest. An item a
 * datapack or a newer version changes may be off; the shop's catalogue is
 * vanilla's.
 */
const unstackable = new RegExp(
  [
    '_(sword|pickaxe|axe|shovel|hoe|helmet|chestplate|leggings|boots|horse_armor|boat|chest_boat|minecart|bucket|spear)$',
    '^(bow|crossbow|trident|mace|shield|elytra|fishing_rod|carrot_on_a_stick|warped_fungus_on_a_stick|flint_and_steel|shears|saddle|totem_of_undying)$',
    '^(potion|splash_potion|lingering_potion|enchanted_book|writable_book|music_disc_.*|.*_shulker_box|shulker_box|cake|.*_bed|mushroom_stew|rabbit_stew|beetroot_soup|suspicious_stew|debug_stick|knowledge_book|goat_horn|brush|bundle|.*_bundle)$',
  ].join('|'),
);
const sixteen = /^(ender_pearl|egg|blue_egg|brown_egg|snowball|.*_sign|.*_hanging_sign|.*_banner|honey_bottle|armor_stand|written_book|bucket)$/;

export function maxStackSize(item: string): number {
  const id = item.replace(/^minecraft:/, '');
  if (unstackable.test(id)) return 1;
  if (sixteen.test(id)) return 16;
  return 64;
}
