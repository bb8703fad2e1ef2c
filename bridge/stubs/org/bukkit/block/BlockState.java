package org.bukkit.block;

/** Compile-only stub of org.bukkit.block.BlockState (interface): only named by BlockPlaceEvent's constructor. */
public interface BlockState {}
