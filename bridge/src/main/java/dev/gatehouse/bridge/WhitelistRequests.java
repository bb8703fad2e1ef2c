package dev.gatehouse.bridge;

import java.util.Set;
import org.bukkit.OfflinePlayer;
import org.bukkit.Server;

/** The whitelist group: whether it is on, who is on it, and adding or removing a player. */
final class WhitelistRequests implements RequestGroup {
    private final Server server;
    private final Handlers handlers;

    WhitelistRequests(Server server, Handlers handlers) {
        this.server = server;
        this.handlers = handlers;
    }

    @Override
    public void register(RequestTable table) {
        table.offer("whitelist");
        table.read("whitelist.isEnabled", handlers.onMainThread(p -> server.hasWhitelist()));
        table.change("whitelist.setEnabled", handlers.onMainThread(p -> {
            server.setWhitelist(p.bool("enabled"));
            return null;
        }));
        table.read("whitelist.isWhitelisted", handlers.onMainThread(p -> contains(server.getWhitelistedPlayers(), p.string("name"))));
        table.read("whitelist.list", handlers.onMainThread(p -> Wire.players(server.getWhitelistedPlayers())));
        table.change("whitelist.add", handlers.withPlayer((player, p) -> setWhitelisted(player, true)));
        table.change("whitelist.remove", handlers.withPlayer((player, p) -> setWhitelisted(player, false)));
    }

    private static boolean contains(Set<OfflinePlayer> players, String name) {
        for (OfflinePlayer player : players) if (name.equalsIgnoreCase(player.getName())) return true;
        return false;
    }

    private static boolean setWhitelisted(OfflinePlayer player, boolean whitelisted) {
        if (player.isWhitelisted() == whitelisted) return false;
        player.setWhitelisted(whitelisted);
        return true;
    }
}
