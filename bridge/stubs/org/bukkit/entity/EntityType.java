package org.bukkit.entity;

/** Stub of org.bukkit.entity.EntityType (enum); a few of the real constants, for the harness. */
public enum EntityType {
    ZOMBIE,
    SKELETON,
    CREEPER,
    COW,
    PLAYER
}
