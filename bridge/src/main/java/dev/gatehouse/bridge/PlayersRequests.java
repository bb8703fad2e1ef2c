package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bukkit.Server;
import org.bukkit.entity.Player;

/** players.online, which every server answers: it is no optional group of the game port. */
final class PlayersRequests implements RequestGroup {
    private final Server server;
    private final Handlers handlers;

    PlayersRequests(Server server, Handlers handlers) {
        this.server = server;
        this.handlers = handlers;
    }

    @Override
    public void register(RequestTable table) {
        table.read("players.online", handlers.onMainThread(p -> onlinePlayers()));
    }

    private List<Map<String, Object>> onlinePlayers() {
        List<Map<String, Object>> players = new ArrayList<>();
        for (Player player : server.getOnlinePlayers()) {
            Map<String, Object> entry = Wire.player(player);
            entry.put("ipAddress", Wire.address(player.getAddress()));
            entry.put("location", Wire.location(player.getLocation()));
            entry.put("gameMode", Wire.gameMode(player.getGameMode()));
            entry.put("ping", player.getPing());
            players.add(entry);
        }
        return players;
    }
}
