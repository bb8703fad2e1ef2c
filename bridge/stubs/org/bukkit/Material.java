package org.bukkit;

import java.util.Locale;

/**
 * Stub of org.bukkit.Material (enum). The real enum has every block and item;
 * this one has the few the harness needs. Bodies imitate the real ones.
 */
public enum Material {
    AIR(64, false),
    STONE(64, true),
    DIRT(64, true),
    OAK_LOG(64, true),
    DIAMOND(64, true),
    IRON_INGOT(64, true),
    BREAD(64, true),
    DIAMOND_SWORD(1, true),
    WATER(64, false);

    private final int maxStack;
    private final boolean item;

    Material(int maxStack, boolean item) {
        this.maxStack = maxStack;
        this.item = item;
    }

    public int getMaxStackSize() {
        return maxStack;
    }

    public boolean isItem() {
        return item;
    }

    /** Like the real one: strips "minecraft:", upper-cases, spaces to underscores; null when unknown. */
    public static Material matchMaterial(String name) {
        String filtered = name.startsWith("minecraft:") ? name.substring(10) : name;
        filtered = filtered.toUpperCase(Locale.ROOT).replaceAll("\\s+", "_").replaceAll("\\W", "");
        for (Material material : values()) if (material.name().equals(filtered)) return material;
        return null;
    }
}
