package org.bukkit.event.player;

import java.net.InetAddress;
import org.bukkit.entity.Player;

/** Stub of org.bukkit.event.player.PlayerLoginEvent (class; deprecated in Paper since 1.21.6, still fired). */
public class PlayerLoginEvent extends PlayerEvent {
    private final InetAddress address;
    private Result result = Result.ALLOWED;
    private String message = "";

    public PlayerLoginEvent(Player player, String hostname, InetAddress address) {
        super(player);
        this.address = address;
    }

    public Result getResult() {
        return result;
    }

    public InetAddress getAddress() {
        return address;
    }

    public String getKickMessage() {
        return message;
    }

    public void disallow(Result result, String message) {
        this.result = result;
        this.message = message;
    }

    /** Stub of PlayerLoginEvent.Result (nested enum). */
    public enum Result {
        ALLOWED,
        KICK_FULL,
        KICK_BANNED,
        KICK_WHITELIST,
        KICK_OTHER
    }
}
