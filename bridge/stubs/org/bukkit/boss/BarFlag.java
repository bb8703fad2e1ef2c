package org.bukkit.boss;

/** Stub of org.bukkit.boss.BarFlag (enum). */
public enum BarFlag {
    DARKEN_SKY,
    PLAY_BOSS_MUSIC,
    CREATE_FOG
}
