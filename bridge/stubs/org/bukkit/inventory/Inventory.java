package org.bukkit.inventory;

import java.util.HashMap;

/** Compile-only stub of org.bukkit.inventory.Inventory (interface). */
public interface Inventory {
    HashMap<Integer, ItemStack> addItem(ItemStack... items);

    HashMap<Integer, ItemStack> removeItem(ItemStack... items);

    ItemStack[] getContents();
}
