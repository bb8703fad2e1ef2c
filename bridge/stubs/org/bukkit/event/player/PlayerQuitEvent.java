package org.bukkit.event.player;

import org.bukkit.entity.Player;

/** Stub of org.bukkit.event.player.PlayerQuitEvent (class). */
public class PlayerQuitEvent extends PlayerEvent {
    /** Deprecated in Paper for the Component form; used by the harness only. */
    public PlayerQuitEvent(Player who, String quitMessage) {
        super(who);
    }
}
