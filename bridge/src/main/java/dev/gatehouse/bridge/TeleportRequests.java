package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bukkit.Location;
import org.bukkit.Server;
import org.bukkit.World;
import org.bukkit.entity.Player;
import org.bukkit.event.player.PlayerTeleportEvent.TeleportCause;

/** The teleports group: the worlds there are, and moving a player to another player or to a location. */
final class TeleportRequests implements RequestGroup {
    private final Server server;
    private final Handlers handlers;

    TeleportRequests(Server server, Handlers handlers) {
        this.server = server;
        this.handlers = handlers;
    }

    @Override
    public void register(RequestTable table) {
        table.offer("teleports");
        table.read("teleports.worlds", handlers.onMainThread(p -> worldNames()));
        table.read("teleports.worldInfo", handlers.onMainThread(p -> worldInfo()));
        table.change("teleports.toPlayer", handlers.onMainThread(p -> {
            Player player = OnlinePlayer.named(server, p.string("name"), "player");
            Player target = OnlinePlayer.named(server, p.string("target"), "target");
            return teleport(player, target.getLocation());
        }));
        table.change("teleports.toLocation", handlers.onMainThread(p -> {
            Player player = OnlinePlayer.named(server, p.string("name"), "player");
            return teleport(player, location(p.object("location"), player.getLocation()));
        }));
    }

    private List<String> worldNames() {
        return server.getWorlds().stream().map(World::getName).toList();
    }

    /** Each world's name, environment and spawn point; a plugin's custom environment counts as normal. */
    private List<Map<String, Object>> worldInfo() {
        List<Map<String, Object>> worlds = new ArrayList<>();
        for (World world : server.getWorlds()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", world.getName());
            entry.put("environment", environment(world.getEnvironment()));
            entry.put("spawn", Wire.point(world.getSpawnLocation()));
            worlds.add(entry);
        }
        return worlds;
    }

    /** By name, not by constant, so that a server without one of them still links (see the Paper reference's rules). */
    private static String environment(World.Environment environment) {
        return switch (environment.name()) {
            case "NETHER" -> "nether";
            case "THE_END" -> "end";
            default -> "normal";
        };
    }

    /** Where the player was and where they arrived, read in the same task as the move. */
    private static Map<String, Object> teleport(Player player, Location destination) {
        Map<String, Object> from = Wire.location(player.getLocation());
        if (!player.teleport(destination, TeleportCause.PLUGIN)) {
            throw new RpcException(RpcException.INTERNAL_ERROR, "another plugin cancelled the teleport");
        }
        Map<String, Object> moved = new LinkedHashMap<>();
        moved.put("from", from);
        moved.put("to", Wire.location(player.getLocation()));
        return moved;
    }

    private Location location(Params location, Location current) {
        String worldName = location.string("world");
        World world = server.getWorld(worldName);
        if (world == null) throw RpcException.unknownWorld(worldName, worldNames());
        float yaw = location.has("yaw") ? (float) location.number("yaw") : current.getYaw();
        float pitch = location.has("pitch") ? (float) location.number("pitch") : current.getPitch();
        return new Location(world, location.number("x"), location.number("y"), location.number("z"), yaw, pitch);
    }
}
