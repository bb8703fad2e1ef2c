package dev.gatehouse.harness;

import org.bukkit.Location;
import org.bukkit.Material;
import org.bukkit.block.Block;

record FakeBlock(Material type, Location location) implements Block {
    @Override
    public Material getType() {
        return type;
    }

    @Override
    public Location getLocation() {
        return location;
    }
}
