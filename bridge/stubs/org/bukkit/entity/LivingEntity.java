package org.bukkit.entity;

/** Compile-only stub of org.bukkit.entity.LivingEntity (interface; in Paper via Damageable extends Entity). */
public interface LivingEntity extends Entity {
    Player getKiller();
}
