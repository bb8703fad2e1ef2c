package org.bukkit.generator;

/** Compile-only stub of org.bukkit.generator.WorldInfo (interface), where World gets its name. */
public interface WorldInfo {
    String getName();
}
