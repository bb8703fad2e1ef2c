package org.bukkit.event.player;

import org.bukkit.entity.Player;

/** Stub of org.bukkit.event.player.PlayerJoinEvent (class). */
public class PlayerJoinEvent extends PlayerEvent {
    /** Deprecated in Paper for the Component form; used by the harness only. */
    public PlayerJoinEvent(Player playerJoined, String joinMessage) {
        super(playerJoined);
    }
}
