package org.bukkit;

import java.util.Date;

/** Compile-only stub of org.bukkit.BanEntry (interface): one ban of a BanList. */
public interface BanEntry<T> {
    /** The player's name or the address as text; deprecated since 1.20.1 for getBanTarget(), whose type differs between Paper and Spigot. */
    String getTarget();

    Date getCreated();

    String getSource();

    Date getExpiration();

    String getReason();

    void remove();
}
