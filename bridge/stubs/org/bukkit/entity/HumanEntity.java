package org.bukkit.entity;

import org.bukkit.GameMode;
import org.bukkit.inventory.PlayerInventory;

/** Compile-only stub of org.bukkit.entity.HumanEntity (interface). */
public interface HumanEntity extends LivingEntity {
    PlayerInventory getInventory();

    GameMode getGameMode();
}
