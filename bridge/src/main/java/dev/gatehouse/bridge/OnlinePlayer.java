package dev.gatehouse.bridge;

import org.bukkit.Server;
import org.bukkit.entity.Player;

/** The online player a request names, or the protocol's not-online error naming them. Main thread only. */
final class OnlinePlayer {
    private OnlinePlayer() {}

    /** @param role which player of the request this is, "player" or "target", for the sidecar's message */
    static Player named(Server server, String name, String role) {
        Player player = server.getPlayerExact(name);
        if (player == null) throw RpcException.notOnline(name, role);
        return player;
    }
}
