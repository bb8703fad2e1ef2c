package org.bukkit;

import java.util.Date;
import java.util.UUID;
import org.bukkit.permissions.ServerOperator;

/** Compile-only stub of org.bukkit.OfflinePlayer (interface). */
public interface OfflinePlayer extends ServerOperator {
    boolean isOnline();

    String getName();

    UUID getUniqueId();

    boolean isWhitelisted();

    void setWhitelisted(boolean value);

    /** Bans the player (their profile), as Paper's and Spigot's OfflinePlayer#ban do; the entry's type differs between them, so it is erased here. */
    <E extends BanEntry<?>> E ban(String reason, Date expires, String source);
}
