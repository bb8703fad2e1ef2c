package org.bukkit.boss;

/** Stub of org.bukkit.boss.BarColor (enum). */
public enum BarColor {
    PINK,
    BLUE,
    RED,
    GREEN,
    YELLOW,
    PURPLE,
    WHITE
}
