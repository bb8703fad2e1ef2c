package org.bukkit;

/** Stub of org.bukkit.GameMode (enum), constants in the real order. */
public enum GameMode {
    CREATIVE,
    SURVIVAL,
    ADVENTURE,
    SPECTATOR
}
