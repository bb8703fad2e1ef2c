package org.bukkit.event.player;

import org.bukkit.entity.Player;
import org.bukkit.event.Event;

/** Stub of org.bukkit.event.player.PlayerEvent (abstract class). */
public abstract class PlayerEvent extends Event {
    protected Player player;

    public PlayerEvent(Player who) {
        player = who;
    }

    public final Player getPlayer() {
        return player;
    }
}
