package org.bukkit.boss;

/** Stub of org.bukkit.boss.BarStyle (enum). */
public enum BarStyle {
    SOLID,
    SEGMENTED_6,
    SEGMENTED_10,
    SEGMENTED_12,
    SEGMENTED_20
}
