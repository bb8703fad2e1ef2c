package org.bukkit.inventory;

/** Stub of org.bukkit.inventory.EquipmentSlot (enum): the two hands, first in the real order too. */
public enum EquipmentSlot {
    HAND,
    OFF_HAND
}
