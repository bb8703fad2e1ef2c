package org.bukkit.event.block;

import org.bukkit.block.Block;
import org.bukkit.entity.Player;
import org.bukkit.event.Cancellable;

/** Stub of org.bukkit.event.block.BlockBreakEvent (class; in Paper via BlockExpEvent extends BlockEvent). */
public class BlockBreakEvent extends BlockEvent implements Cancellable {
    private final Player player;
    private boolean cancel;

    public BlockBreakEvent(Block theBlock, Player player) {
        super(theBlock);
        this.player = player;
    }

    public Player getPlayer() {
        return player;
    }

    @Override
    public boolean isCancelled() {
        return cancel;
    }

    @Override
    public void setCancelled(boolean cancel) {
        this.cancel = cancel;
    }
}
