package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bukkit.Difficulty;
import org.bukkit.GameMode;
import org.bukkit.Server;
import org.bukkit.World;
import org.bukkit.entity.Player;

/** The control group: the server's settings, read and applied, and a restart. */
final class ControlRequests implements RequestGroup {
    private final Server server;
    private final MainThread mainThread;
    private final Handlers handlers;
    private final Runnable restart;

    /** @param restart stops the server for a restart; called on the main thread */
    ControlRequests(Server server, MainThread mainThread, Handlers handlers, Runnable restart) {
        this.server = server;
        this.mainThread = mainThread;
        this.handlers = handlers;
        this.restart = restart;
    }

    @Override
    public void register(RequestTable table) {
        table.offer("control");
        table.change("control.applySettings", handlers.onMainThread(this::applySettings));
        table.read("control.readSettings", handlers.onMainThread(p -> readSettings()));
        table.change("control.restart", handlers.onMainThread(p -> {
            String reason = p.has("reason") ? p.string("reason") : "The server is restarting";
            for (Player player : new ArrayList<>(server.getOnlinePlayers())) player.kickPlayer(reason);
            // Answer first: the restart runs on the next tick, after this reply has been queued.
            mainThread.run(restart);
            return null;
        }));
    }

    /** The server's own values; difficulty and PvP are those of the first world (the overworld). */
    private Map<String, Object> readSettings() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("motd", server.getMotd());
        settings.put("maxPlayers", server.getMaxPlayers());
        List<World> worlds = server.getWorlds();
        if (!worlds.isEmpty()) {
            settings.put("difficulty", worlds.get(0).getDifficulty().name().toLowerCase(Locale.ROOT));
            settings.put("pvp", worlds.get(0).getPVP());
        }
        settings.put("defaultGameMode", server.getDefaultGameMode().name().toLowerCase(Locale.ROOT));
        settings.put("whitelistEnabled", server.hasWhitelist());
        return settings;
    }

    /** Checks every given setting before applying any, so a bad one changes nothing. */
    private Object applySettings(Params p) {
        String motd = p.has("motd") ? p.string("motd") : null;
        Integer maxPlayers = p.has("maxPlayers") ? p.positiveInt("maxPlayers") : null;
        Difficulty difficulty = p.has("difficulty") ? named(Difficulty.values(), p.string("difficulty"), "difficulty") : null;
        GameMode gameMode = p.has("defaultGameMode") ? named(GameMode.values(), p.string("defaultGameMode"), "defaultGameMode") : null;
        Boolean pvp = p.has("pvp") ? p.bool("pvp") : null;
        Boolean whitelist = p.has("whitelistEnabled") ? p.bool("whitelistEnabled") : null;
        List<String> applied = new ArrayList<>();
        if (motd != null) {
            server.setMotd(motd);
            applied.add("motd");
        }
        if (maxPlayers != null) {
            server.setMaxPlayers(maxPlayers);
            applied.add("maxPlayers");
        }
        if (difficulty != null) {
            for (World world : server.getWorlds()) world.setDifficulty(difficulty);
            applied.add("difficulty");
        }
        if (gameMode != null) {
            server.setDefaultGameMode(gameMode);
            applied.add("defaultGameMode");
        }
        if (pvp != null) {
            for (World world : server.getWorlds()) world.setPVP(pvp);
            applied.add("pvp");
        }
        if (whitelist != null) {
            server.setWhitelist(whitelist);
            applied.add("whitelistEnabled");
        }
        return applied;
    }

    private static <E extends Enum<E>> E named(E[] values, String name, String field) {
        for (E value : values) if (value.name().equalsIgnoreCase(name)) return value;
        throw RpcException.invalidParams("params." + field + " cannot be " + name);
    }
}
