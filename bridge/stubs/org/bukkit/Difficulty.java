package org.bukkit;

/** Stub of org.bukkit.Difficulty (enum). */
public enum Difficulty {
    PEACEFUL,
    EASY,
    NORMAL,
    HARD
}
