package org.bukkit.block;

import org.bukkit.Location;
import org.bukkit.Material;

/** Compile-only stub of org.bukkit.block.Block (interface). */
public interface Block {
    Material getType();

    Location getLocation();
}
