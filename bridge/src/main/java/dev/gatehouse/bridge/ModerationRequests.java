package dev.gatehouse.bridge;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bukkit.BanEntry;
import org.bukkit.BanList;
import org.bukkit.OfflinePlayer;
import org.bukkit.Server;
import org.bukkit.entity.Player;

/**
 * The moderation group: the server's own ban lists (BanList, players and
 * addresses), read back whoever made the bans, and changed; a ban removes
 * whoever it bans who is online, with Gatehouse's words; kicks; and the words
 * themselves ({@code moderation.texts}), which {@link BanRefusals} shows at
 * join. Only members Spigot has too: a ban entry's target is read as text
 * ({@code getTarget}), since its typed target differs between the two.
 */
final class ModerationRequests implements RequestGroup {
    private final Server server;
    private final Handlers handlers;
    private final BanTexts texts;

    ModerationRequests(Server server, Handlers handlers, BanTexts texts) {
        this.server = server;
        this.handlers = handlers;
        this.texts = texts;
    }

    @Override
    public void register(RequestTable table) {
        table.offer("moderation");
        table.read("moderation.bans", handlers.onMainThread(p -> bans()));
        table.change("moderation.banPlayer", handlers.withPlayer((player, p) -> {
            Date expires = date(p, "expires");
            String reason = p.string("reason");
            player.ban(reason, expires, p.string("source"));
            Player online = server.getPlayerExact(player.getName() != null ? player.getName() : p.string("name"));
            if (online != null) online.kickPlayer(words(reason, expires));
            return null;
        }));
        table.change("moderation.banAddress", handlers.onMainThread(p -> {
            String address = p.string("address");
            Date expires = date(p, "expires");
            String reason = p.string("reason");
            BanList<InetAddress> addresses = server.getBanList(BanList.Type.IP);
            addresses.addBan(literal(address), reason, expires, p.string("source"));
            for (Player player : new ArrayList<Player>(server.getOnlinePlayers())) {
                if (address.equals(Wire.address(player.getAddress()))) player.kickPlayer(words(reason, expires));
            }
            return null;
        }));
        table.change("moderation.liftPlayer", handlers.onMainThread(p -> remove(server.getBanList(BanList.Type.PROFILE), p.string("name"))));
        table.change("moderation.liftAddress", handlers.onMainThread(p -> remove(server.getBanList(BanList.Type.IP), p.string("address"))));
        table.change("moderation.kick", handlers.onMainThread(p -> {
            OnlinePlayer.named(server, p.string("name"), "player").kickPlayer(p.string("message"));
            return null;
        }));
        table.change("moderation.texts", Handlers.atOnce(p -> {
            texts.set(p.string("temporary"), p.string("permanent"));
            return null;
        }));
    }

    /** Every ban in force, players (with the UUID the server keeps for the name) and addresses. */
    private List<Map<String, Object>> bans() {
        long now = System.currentTimeMillis();
        Map<String, String> uuids = new HashMap<>();
        for (OfflinePlayer player : server.getBannedPlayers()) {
            if (player.getName() != null) uuids.put(player.getName().toLowerCase(Locale.ROOT), player.getUniqueId().toString());
        }
        List<Map<String, Object>> bans = new ArrayList<>();
        BanList<?> players = server.getBanList(BanList.Type.PROFILE);
        for (BanEntry<?> entry : players.getEntries()) {
            if (ended(entry, now)) continue;
            Map<String, Object> player = new LinkedHashMap<>();
            player.put("name", entry.getTarget());
            player.put("uuid", uuids.getOrDefault(entry.getTarget().toLowerCase(Locale.ROOT), ""));
            bans.add(ban("player", player, entry));
        }
        BanList<?> addresses = server.getBanList(BanList.Type.IP);
        for (BanEntry<?> entry : addresses.getEntries()) {
            if (!ended(entry, now)) bans.add(ban("address", entry.getTarget(), entry));
        }
        return bans;
    }

    private static Map<String, Object> ban(String key, Object target, BanEntry<?> entry) {
        Map<String, Object> ban = new LinkedHashMap<>();
        ban.put(key, target);
        ban.put("reason", entry.getReason() != null ? entry.getReason() : "");
        ban.put("source", entry.getSource() != null ? entry.getSource() : "");
        ban.put("created", entry.getCreated() != null ? entry.getCreated().toInstant().toString() : null);
        ban.put("expires", entry.getExpiration() != null ? entry.getExpiration().toInstant().toString() : null);
        return ban;
    }

    private static boolean ended(BanEntry<?> entry, long now) {
        return entry.getExpiration() != null && entry.getExpiration().getTime() <= now;
    }

    /** Takes off the list the ban whose target reads as {@code target} (a name in any letter case, or an address). */
    private static boolean remove(BanList<?> list, String target) {
        for (BanEntry<?> entry : list.getEntries()) {
            if (target.equalsIgnoreCase(entry.getTarget())) {
                entry.remove();
                return true;
            }
        }
        return false;
    }

    /** Gatehouse's words for the ban, or the server's own until the sidecar sent them. */
    private String words(String reason, Date expires) {
        String words = texts.refusal(reason, expires, System.currentTimeMillis());
        return words != null ? words : "You are banned from this server.\nReason: " + reason;
    }

    /** params.key as an ISO 8601 time, or null when absent (a ban without an end). */
    private static Date date(Params p, String key) {
        if (!p.has(key)) return null;
        try {
            return Date.from(Instant.parse(p.string(key)));
        } catch (DateTimeParseException e) {
            throw RpcException.invalidParams("params." + key + " must be an ISO 8601 time");
        }
    }

    /** An address written as digits (IPv4 or IPv6): never a host name to look up. */
    private static InetAddress literal(String address) {
        if (!address.matches("[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*")) throw RpcException.invalidParams("params.address must be an IP address");
        try {
            return InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw RpcException.invalidParams("params.address must be an IP address");
        }
    }
}
