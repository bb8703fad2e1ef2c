package org.bukkit;

import java.util.UUID;
import org.bukkit.permissions.ServerOperator;

/** Compile-only stub of org.bukkit.OfflinePlayer (interface). */
public interface OfflinePlayer extends ServerOperator {
    boolean isOnline();

    String getName();

    UUID getUniqueId();

    boolean isWhitelisted();

    void setWhitelisted(boolean value);
}
