package org.bukkit.entity;

import java.net.InetSocketAddress;
import org.bukkit.OfflinePlayer;

/** Compile-only stub of org.bukkit.entity.Player (interface). */
public interface Player extends HumanEntity, OfflinePlayer {
    @Override
    String getName();

    InetSocketAddress getAddress();

    /** Deprecated in Paper for kick(Component); present in every version. */
    void kickPlayer(String message);

    int getPing();
}
