package org.bukkit;

import java.util.Date;
import java.util.Set;

/**
 * Compile-only stub of org.bukkit.BanList (interface): a server's bans of one
 * kind, players (Type.PROFILE) or addresses (Type.IP). Only the members the
 * bridge uses; the generic ones erase as Paper's and Spigot's do.
 */
public interface BanList<T> {
    /** Deprecated in Paper for io.papermc.paper.ban.BanListType (Paper only); present in every version. */
    <E extends BanEntry<? super T>> Set<E> getEntries();

    BanEntry<T> addBan(T target, String reason, Date expires, String source);

    /** Stub of BanList.Type (nested enum): the constants the bridge names (NAME, deprecated, left out). */
    enum Type {
        IP,
        PROFILE
    }
}
