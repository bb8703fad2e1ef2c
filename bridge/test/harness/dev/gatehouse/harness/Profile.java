package dev.gatehouse.harness;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.bukkit.OfflinePlayer;

/** A player the server knows of, online or not: the fake's usercache, ops.json and whitelist.json in one. */
final class Profile implements OfflinePlayer {
    private final String name;
    private final UUID uuid;
    private final FakeServer server;
    boolean op;
    boolean whitelisted;

    Profile(String name, FakeServer server) {
        this.name = name;
        this.uuid = offlineUuid(name);
        this.server = server;
    }

    /** The UUID an offline-mode server gives a name, as vanilla computes it. */
    static UUID offlineUuid(String name) {
        return UUID.nameUUIDFromBytes(("OfflinePlayer:" + name).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public boolean isOnline() {
        return server.online(name) != null;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public UUID getUniqueId() {
        return uuid;
    }

    @Override
    public boolean isOp() {
        return op;
    }

    @Override
    public void setOp(boolean value) {
        server.calls.main("OfflinePlayer.setOp " + name + " " + value);
        op = value;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <E extends org.bukkit.BanEntry<?>> E ban(String reason, java.util.Date expires, String source) {
        server.calls.main("OfflinePlayer.ban " + name + " " + reason);
        return (E) server.profileBans.put(name, reason, expires, source);
    }

    @Override
    public boolean isWhitelisted() {
        return whitelisted;
    }

    @Override
    public void setWhitelisted(boolean value) {
        server.calls.main("OfflinePlayer.setWhitelisted " + name + " " + value);
        whitelisted = value;
    }
}
