package dev.gatehouse.harness;

import java.util.Date;
import org.bukkit.BanEntry;

/** One ban of a {@link FakeBanList}. */
final class FakeBanEntry<T> implements BanEntry<T> {
    private final FakeBanList<T> list;
    private final String target;
    private final Date created;
    private final String source;
    private final Date expiration;
    private final String reason;

    FakeBanEntry(FakeBanList<T> list, String target, Date created, String source, Date expiration, String reason) {
        this.list = list;
        this.target = target;
        this.created = created;
        this.source = source;
        this.expiration = expiration;
        this.reason = reason;
    }

    @Override
    public String getTarget() {
        return target;
    }

    @Override
    public Date getCreated() {
        return created;
    }

    @Override
    public String getSource() {
        return source;
    }

    @Override
    public Date getExpiration() {
        return expiration;
    }

    @Override
    public String getReason() {
        return reason;
    }

    @Override
    public void remove() {
        list.remove(this);
    }

    /** What Paper shows a player refused for this ban (its words, vanilla's). */
    String serverWords(boolean address) {
        String words = (address ? "Your IP address is banned from this server.\nReason: " : "You are banned from this server.\nReason: ") + reason;
        return expiration == null ? words : words + "\nYour ban will be removed on " + expiration;
    }
}
