package org.bukkit.event.block;

import org.bukkit.block.Block;
import org.bukkit.event.Event;

/** Stub of org.bukkit.event.block.BlockEvent (abstract class). */
public abstract class BlockEvent extends Event {
    protected Block block;

    public BlockEvent(Block theBlock) {
        block = theBlock;
    }

    public final Block getBlock() {
        return block;
    }
}
