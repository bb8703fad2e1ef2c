package org.bukkit.event.player;

import java.net.InetAddress;
import java.util.UUID;
import org.bukkit.event.Event;

/** Stub of org.bukkit.event.player.AsyncPlayerPreLoginEvent (class). */
public class AsyncPlayerPreLoginEvent extends Event {
    private final String name;
    private final InetAddress ipAddress;
    private final UUID uniqueId;
    private Result result = Result.ALLOWED;
    private String message = "";

    public AsyncPlayerPreLoginEvent(String name, InetAddress ipAddress, UUID uniqueId, boolean transferred) {
        super(true);
        this.name = name;
        this.ipAddress = ipAddress;
        this.uniqueId = uniqueId;
    }

    public String getName() {
        return name;
    }

    public InetAddress getAddress() {
        return ipAddress;
    }

    public UUID getUniqueId() {
        return uniqueId;
    }

    public Result getLoginResult() {
        return result;
    }

    public String getKickMessage() {
        return message;
    }

    public void disallow(Result result, String message) {
        this.result = result;
        this.message = message;
    }

    /** Stub of AsyncPlayerPreLoginEvent.Result (nested enum). */
    public enum Result {
        ALLOWED,
        KICK_FULL,
        KICK_BANNED,
        KICK_WHITELIST,
        KICK_OTHER
    }
}
