package dev.gatehouse.bridge;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bukkit.GameMode;
import org.bukkit.Location;
import org.bukkit.OfflinePlayer;

/** How game objects look on the wire (docs/bridge-protocol.md). */
final class Wire {
    private Wire() {}

    static Map<String, Object> player(OfflinePlayer player) {
        Map<String, Object> entry = new LinkedHashMap<>();
        String name = player.getName();
        entry.put("name", name != null ? name : player.getUniqueId().toString());
        entry.put("uuid", player.getUniqueId().toString());
        return entry;
    }

    /** Players as name and UUID, sorted by name. */
    static List<Map<String, Object>> players(Collection<? extends OfflinePlayer> players) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (OfflinePlayer player : players) list.add(player(player));
        list.sort((a, b) -> String.valueOf(a.get("name")).compareToIgnoreCase(String.valueOf(b.get("name"))));
        return list;
    }

    static Map<String, Object> location(Location location) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("world", location.getWorld() != null ? location.getWorld().getName() : null);
        entry.putAll(point(location));
        entry.put("yaw", (double) location.getYaw());
        entry.put("pitch", (double) location.getPitch());
        return entry;
    }

    /** The coordinates alone, {x, y, z} (a world's spawn point). */
    static Map<String, Object> point(Location location) {
        Map<String, Object> point = new LinkedHashMap<>();
        point.put("x", location.getX());
        point.put("y", location.getY());
        point.put("z", location.getZ());
        return point;
    }

    static String gameMode(GameMode mode) {
        return mode.name().toLowerCase(Locale.ROOT);
    }

    static String address(InetSocketAddress address) {
        return address == null ? "unknown" : address(address.getAddress());
    }

    static String address(InetAddress address) {
        return address == null ? "unknown" : address.getHostAddress();
    }
}
