package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.bukkit.Difficulty;
import org.bukkit.GameMode;
import org.bukkit.Location;
import org.bukkit.Material;
import org.bukkit.OfflinePlayer;
import org.bukkit.Server;
import org.bukkit.World;
import org.bukkit.entity.Player;
import org.bukkit.event.player.PlayerTeleportEvent.TeleportCause;
import org.bukkit.inventory.ItemStack;

/**
 * Answers every request of docs/bridge-protocol.md that the sidecar sends to
 * the game. Each handler runs on the main thread, except two: the lookup of a
 * player the server has never seen (which may ask Mojang) runs on a worker of
 * its own, and the operator questions are answered from a copy the main
 * thread keeps ({@link OperatorSnapshot}). Main-thread work honours the
 * request's deadline ({@link MainThread#call}), and a repeated request id is
 * answered from {@link AnswerMemory}.
 */
public final class GameRequests implements RequestHandler {
    private interface Handler extends BiFunction<Params, Deadline, CompletableFuture<Object>> {}

    /**
     * Methods that only read: as good done again, so they bypass the answer
     * memory, which keeps neither their (sometimes large) answers nor adds its
     * cost to the most frequent requests (operators.isOperator on every admin request).
     */
    private static final Set<String> READS = Set.of("players.online", "operators.isOperator", "operators.list", "whitelist.isEnabled",
            "whitelist.isWhitelisted", "whitelist.list", "teleports.worlds", "teleports.worldInfo", "inventories.read", "economy.balance",
            "economy.describe", "control.readSettings", "performance.ticks", "performance.memory");

    private final Server server;
    private final MainThread mainThread;
    private final BossBarRegistry bossBars;
    private final OperatorSnapshot operators;
    private final VaultEconomy economy;
    private final Runnable restart;
    /** Paper reports its tick rate (Server#getTPS); Spigot has no such method. */
    private final boolean reportsTicks;
    private final ExecutorService lookups = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "Gatehouse player lookup");
        thread.setDaemon(true); // as Threads.startDaemon, but started by the executor
        return thread;
    });
    private final Map<String, Handler> handlers = new HashMap<>();
    private final AnswerMemory memory = new AnswerMemory();

    /**
     * @param economy null when Vault is absent: the economy methods are then unknown
     * @param restart stops the server for a restart; called on the main thread
     */
    GameRequests(Server server, MainThread mainThread, BossBarRegistry bossBars, OperatorSnapshot operators, VaultEconomy economy, Runnable restart) {
        this.server = server;
        this.mainThread = mainThread;
        this.bossBars = bossBars;
        this.operators = operators;
        this.economy = economy;
        this.restart = restart;
        this.reportsTicks = reportsTicks(server);

        onMain("players.online", p -> onlinePlayers());
        // Asked on every admin request: answered at once from the snapshot, without waiting for a tick.
        handlers.put("operators.isOperator", (p, deadline) -> CompletableFuture.completedFuture(operators.isOperator(p.string("name"))));
        handlers.put("operators.list", (p, deadline) -> CompletableFuture.completedFuture(operators.list()));
        withPlayer("operators.set", (player, p) -> {
            boolean operator = p.bool("operator");
            if (player.isOp() == operator) return false;
            player.setOp(operator);
            operators.refresh(server);
            return true;
        });
        onMain("whitelist.isEnabled", p -> server.hasWhitelist());
        onMain("whitelist.setEnabled", p -> {
            server.setWhitelist(p.bool("enabled"));
            return null;
        });
        onMain("whitelist.isWhitelisted", p -> contains(server.getWhitelistedPlayers(), p.string("name")));
        onMain("whitelist.list", p -> Wire.players(server.getWhitelistedPlayers()));
        withPlayer("whitelist.add", (player, p) -> setWhitelisted(player, true));
        withPlayer("whitelist.remove", (player, p) -> setWhitelisted(player, false));
        onMain("messaging.send", p -> {
            String text = p.string("text");
            online(p.string("name"), "player").sendMessage(text);
            return null;
        });
        onMain("messaging.broadcast", p -> {
            String text = p.string("text");
            for (Player player : server.getOnlinePlayers()) player.sendMessage(text);
            return null;
        });
        onMain("teleports.worlds", p -> worldNames());
        onMain("teleports.worldInfo", p -> worldInfo());
        onMain("teleports.toPlayer", p -> {
            Player player = online(p.string("name"), "player");
            Player target = online(p.string("target"), "target");
            return teleport(player, target.getLocation());
        });
        onMain("teleports.toLocation", p -> {
            Player player = online(p.string("name"), "player");
            return teleport(player, location(p.object("location"), player.getLocation()));
        });
        onMain("bossBars.show", this::showBossBar);
        onMain("bossBars.update", this::showBossBar);
        onMain("bossBars.remove", p -> {
            bossBars.remove(p.string("id"));
            return null;
        });
        onMain("inventories.read", p -> inventory(online(p.string("name"), "player")));
        onMain("inventories.remove", p -> {
            int count = p.positiveInt("count");
            Material material = item(p.string("item"));
            return removeItems(online(p.string("name"), "player"), material, count);
        });
        onMain("inventories.give", p -> {
            int count = p.positiveInt("count");
            Material material = item(p.string("item"));
            return giveItems(online(p.string("name"), "player"), material, count);
        });
        if (economy != null) {
            onMain("economy.describe", p -> economy.name());
            withPlayer("economy.balance", (player, p) -> economy.balance(player));
            withPlayer("economy.deposit", (player, p) -> economy.deposit(player, p.positiveLong("cents")));
            withPlayer("economy.withdraw", (player, p) -> economy.withdraw(player, p.string("name"), p.positiveLong("cents")));
        }
        if (reportsTicks) onMain("performance.ticks", p -> ticks());
        // The JVM's own figures: any thread may read them, so the answer does not wait for a tick.
        handlers.put("performance.memory", (p, deadline) -> CompletableFuture.completedFuture(memory()));
        onMain("control.applySettings", this::applySettings);
        onMain("control.readSettings", p -> readSettings());
        onMain("control.restart", p -> {
            String reason = p.has("reason") ? p.string("reason") : "The server is restarting";
            for (Player player : new ArrayList<>(server.getOnlinePlayers())) player.kickPlayer(reason);
            // Answer first: the restart runs on the next tick, after this reply has been queued.
            mainThread.run(restart);
            return null;
        });
    }

    /** The optional groups of the game port this server offers, for the hello. */
    List<String> capabilities() {
        List<String> groups = new ArrayList<>(List.of("operators", "whitelist", "messaging", "teleports", "bossBars", "inventories", "control"));
        if (economy != null) groups.add("economy");
        if (reportsTicks) groups.add("performance");
        return groups;
    }

    @Override
    public CompletableFuture<Object> handle(Object id, String method, Map<String, Object> params, Deadline deadline) {
        Handler handler = handlers.get(method);
        if (handler == null) return CompletableFuture.failedFuture(new RpcException(RpcException.METHOD_NOT_FOUND, "unknown method " + method));
        if (READS.contains(method)) return handler.apply(new Params(params), deadline);
        return memory.answer(id, method + " " + Json.write(params), () -> handler.apply(new Params(params), deadline));
    }

    void close() {
        lookups.shutdownNow();
    }

    private void onMain(String method, Function<Params, Object> work) {
        handlers.put(method, (params, deadline) -> mainThread.call(deadline, () -> work.apply(params)));
    }

    /**
     * For methods about a player who may be offline: the player is found among
     * those the server knows on the main thread, or else looked up by name on
     * the lookup worker, and the work then runs on the main thread.
     */
    private void withPlayer(String method, BiFunction<OfflinePlayer, Params, Object> work) {
        handlers.put(method, (params, deadline) -> {
            String name = params.string("name");
            // The deadline guards the work's own task too: a slow lookup must not let it start late.
            return mainThread.call(deadline, () -> known(name))
                    .thenCompose(found -> found != null
                            ? CompletableFuture.completedFuture(found)
                            : CompletableFuture.supplyAsync(() -> (Object) server.getOfflinePlayer(name), lookups))
                    .thenCompose(player -> mainThread.call(deadline, () -> work.apply((OfflinePlayer) player, params)));
        });
    }

    private OfflinePlayer known(String name) {
        Player online = server.getPlayerExact(name);
        if (online != null) return online;
        for (OfflinePlayer player : server.getOperators()) if (name.equalsIgnoreCase(player.getName())) return player;
        for (OfflinePlayer player : server.getWhitelistedPlayers()) if (name.equalsIgnoreCase(player.getName())) return player;
        return null;
    }

    /** @param role which player of the request this is, "player" or "target", for the sidecar's message */
    private Player online(String name, String role) {
        Player player = server.getPlayerExact(name);
        if (player == null) throw RpcException.notOnline(name, role);
        return player;
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

    private static boolean reportsTicks(Server server) {
        try {
            server.getTPS();
            return true;
        } catch (NoSuchMethodError | AbstractMethodError notPaper) {
            return false;
        }
    }

    /**
     * Paper's averages, shown as its /tps command shows them: at most 20 (a
     * server catching up after a lag runs faster for a while), two decimals.
     */
    private Map<String, Object> ticks() {
        double[] tps = server.getTPS();
        Map<String, Object> ticks = new LinkedHashMap<>();
        ticks.put("oneMinute", tickRate(tps[0]));
        ticks.put("fiveMinutes", tickRate(tps[1]));
        ticks.put("fifteenMinutes", tickRate(tps[2]));
        ticks.put("millisecondsPerTick", Math.round(server.getAverageTickTime() * 100) / 100.0);
        return ticks;
    }

    private static double tickRate(double perSecond) {
        return Math.min(20.0, Math.round(perSecond * 100) / 100.0);
    }

    /** The server's heap: what it uses now, and the most it may grow to (-Xmx). */
    private static Map<String, Object> memory() {
        Runtime runtime = Runtime.getRuntime();
        Map<String, Object> memory = new LinkedHashMap<>();
        memory.put("usedBytes", runtime.totalMemory() - runtime.freeMemory());
        memory.put("maxBytes", runtime.maxMemory());
        return memory;
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

    private static boolean contains(Set<OfflinePlayer> players, String name) {
        for (OfflinePlayer player : players) if (name.equalsIgnoreCase(player.getName())) return true;
        return false;
    }


    private static boolean setWhitelisted(OfflinePlayer player, boolean whitelisted) {
        if (player.isWhitelisted() == whitelisted) return false;
        player.setWhitelisted(whitelisted);
        return true;
    }

    /** Where the player was and where they arrived, read in the same task as the move. */
    private Map<String, Object> teleport(Player player, Location destination) {
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

    private Object showBossBar(Params p) {
        bossBars.show(p.string("id"), p.string("title"), p.number("progress"), p.string("color"));
        return null;
    }

    private static Material item(String name) {
        Material material = Material.matchMaterial(name);
        if (material == null || !material.isItem()) throw RpcException.unknownItem(name);
        return material;
    }

    private static List<Map<String, Object>> inventory(Player player) {
        List<Map<String, Object>> stacks = new ArrayList<>();
        ItemStack[] contents = player.getInventory().getContents();
        for (int slot = 0; slot < contents.length; slot++) {
            ItemStack stack = contents[slot];
            if (stack == null || stack.getAmount() <= 0 || !stack.getType().isItem()) continue;
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("item", stack.getType().name().toLowerCase(Locale.ROOT));
            entry.put("count", stack.getAmount());
            entry.put("slot", slot);
            stacks.add(entry);
        }
        return stacks;
    }

    /** Removes up to count, a stack at a time (an ItemStack holds at most one stack's worth on Paper). */
    private static int removeItems(Player player, Material material, int count) {
        int held = 0;
        for (ItemStack stack : player.getInventory().getContents()) {
            if (stack != null && stack.getType() == material) held += stack.getAmount();
        }
        int wanted = Math.min(held, count);
        int removed = 0;
        while (removed < wanted) {
            int chunk = Math.min(material.getMaxStackSize(), wanted - removed);
            int left = leftover(player.getInventory().removeItem(new ItemStack(material, chunk)));
            removed += chunk - left;
            if (left > 0) break;
        }
        return removed;
    }

    private static int giveItems(Player player, Material material, int count) {
        int given = 0;
        while (given < count) {
            int chunk = Math.min(material.getMaxStackSize(), count - given);
            int left = leftover(player.getInventory().addItem(new ItemStack(material, chunk)));
            given += chunk - left;
            if (left > 0) break; // the inventory is full
        }
        return given;
    }

    private static int leftover(Map<Integer, ItemStack> notDone) {
        int left = 0;
        for (ItemStack stack : notDone.values()) left += stack.getAmount();
        return left;
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
