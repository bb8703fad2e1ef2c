package org.bukkit.event.block;

import org.bukkit.block.Block;
import org.bukkit.block.BlockState;
import org.bukkit.entity.Player;
import org.bukkit.event.Cancellable;
import org.bukkit.inventory.EquipmentSlot;
import org.bukkit.inventory.ItemStack;

/** Stub of org.bukkit.event.block.BlockPlaceEvent (class extends BlockEvent): the block placed is the event's block. */
public class BlockPlaceEvent extends BlockEvent implements Cancellable {
    private final Player player;
    private boolean cancel;

    public BlockPlaceEvent(Block placedBlock, BlockState replacedState, Block placedAgainst, ItemStack itemInHand, Player thePlayer, boolean canBuild, EquipmentSlot hand) {
        super(placedBlock);
        this.player = thePlayer;
    }

    public Player getPlayer() {
        return player;
    }

    public Block getBlockPlaced() {
        return getBlock();
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
