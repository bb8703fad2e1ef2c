package org.bukkit.generator;

import org.bukkit.World;

/** Compile-only stub of org.bukkit.generator.WorldInfo (interface), where World gets its name and environment. */
public interface WorldInfo {
    String getName();

    World.Environment getEnvironment();
}
