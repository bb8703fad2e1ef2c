package dev.gatehouse.harness;

import org.bukkit.Material;
import org.bukkit.block.BlockState;

/** What a placed block replaced (air, mostly), for BlockPlaceEvent. */
record FakeBlockState(Material type) implements BlockState {}
