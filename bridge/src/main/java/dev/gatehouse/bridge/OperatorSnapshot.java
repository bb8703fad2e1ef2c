package dev.gatehouse.bridge;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.bukkit.OfflinePlayer;
import org.bukkit.Server;

/**
 * The server's operators, copied on the main thread every tick and after
 * every change the plugin makes. The sidecar asks whether a player is an
 * operator on every admin request; answering from this copy on the socket
 * thread saves each of those requests the wait for the next tick (up to
 * 50 ms), at the price of an /op typed on the console showing up to a tick
 * late.
 */
final class OperatorSnapshot {
    private volatile Set<String> names = Set.of();
    private volatile List<Map<String, Object>> operators = List.of();

    /** Main thread only. */
    void refresh(Server server) {
        Set<OfflinePlayer> current = server.getOperators();
        Set<String> freshNames = new HashSet<>();
        for (OfflinePlayer player : current) {
            if (player.getName() != null) freshNames.add(player.getName().toLowerCase(Locale.ROOT));
        }
        names = Set.copyOf(freshNames);
        operators = List.copyOf(Wire.players(current));
    }

    boolean isOperator(String name) {
        return names.contains(name.toLowerCase(Locale.ROOT));
    }

    List<Map<String, Object>> list() {
        return operators;
    }
}
