package dev.gatehouse.harness;

import java.net.InetAddress;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.bukkit.BanEntry;
import org.bukkit.BanList;
import org.bukkit.OfflinePlayer;

/**
 * One of the fake server's ban lists, players' (by name, as a profile list
 * finds them) or addresses': what the server checks at login, and what the
 * plugin reads and changes. Entries stay after their end, as vanilla's do;
 * the login check skips them.
 */
final class FakeBanList<T> implements BanList<T> {
    private final String kind;
    private final Calls calls;
    private final Map<String, FakeBanEntry<T>> entries = new LinkedHashMap<>();

    FakeBanList(String kind, Calls calls) {
        this.kind = kind;
        this.calls = calls;
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized <E extends BanEntry<? super T>> Set<E> getEntries() {
        calls.main("BanList(" + kind + ").getEntries");
        return new LinkedHashSet<>((java.util.Collection<E>) (java.util.Collection<?>) entries.values());
    }

    @Override
    public BanEntry<T> addBan(T target, String reason, Date expires, String source) {
        calls.main("BanList(" + kind + ").addBan " + targetText(target) + " " + reason);
        return put(targetText(target), reason, expires, source);
    }

    /** The server's own doing (its console, the ban check): not a call of the plugin's. */
    synchronized FakeBanEntry<T> put(String target, String reason, Date expires, String source) {
        FakeBanEntry<T> entry = new FakeBanEntry<>(this, target, new Date(), source, expires, reason);
        entries.put(target.toLowerCase(Locale.ROOT), entry);
        return entry;
    }

    synchronized void remove(FakeBanEntry<T> entry) {
        calls.main("BanEntry.remove " + entry.getTarget());
        entries.remove(entry.getTarget().toLowerCase(Locale.ROOT), entry);
    }

    /** The ban of this name or address in force now, or null. */
    synchronized FakeBanEntry<T> inForce(String target) {
        FakeBanEntry<T> entry = entries.get(target.toLowerCase(Locale.ROOT));
        if (entry == null || entry.getExpiration() != null && entry.getExpiration().getTime() <= System.currentTimeMillis()) return null;
        return entry;
    }

    private static String targetText(Object target) {
        if (target instanceof InetAddress address) return address.getHostAddress();
        if (target instanceof OfflinePlayer player) return player.getName();
        return String.valueOf(target);
    }
}
