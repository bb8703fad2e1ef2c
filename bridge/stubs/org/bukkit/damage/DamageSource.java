package org.bukkit.damage;

/** Compile-only stub of org.bukkit.damage.DamageSource (interface); no members are used. */
public interface DamageSource {}
