package org.bukkit.inventory;

/** Compile-only stub of org.bukkit.inventory.PlayerInventory (interface). */
public interface PlayerInventory extends Inventory {}
