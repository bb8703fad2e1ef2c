package dev.gatehouse.harness;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import net.milkbowl.vault.economy.Economy;
import org.bukkit.Location;
import org.bukkit.Material;
import org.bukkit.command.CommandExecutor;
import org.bukkit.command.HarnessCommands;
import org.bukkit.command.PluginCommand;
import org.bukkit.entity.EntityType;
import org.bukkit.GameMode;
import org.bukkit.event.block.BlockBreakEvent;
import org.bukkit.event.block.BlockPlaceEvent;
import org.bukkit.event.entity.EntityDeathEvent;
import org.bukkit.event.player.AsyncPlayerPreLoginEvent;
import org.bukkit.event.player.PlayerJoinEvent;
import org.bukkit.event.player.PlayerLoginEvent;
import org.bukkit.inventory.EquipmentSlot;
import org.bukkit.inventory.ItemStack;
import org.bukkit.plugin.PluginDescriptionFile;
import org.bukkit.plugin.java.JavaPlugin;

/**
 * A fake Paper server for testing the Gatehouse plugin: it loads the plugin
 * jar as Paper would (plugin.yml, its own class loader, init, onEnable),
 * plays players joining, typing and leaving on request, and records what the
 * plugin asked of it. It is not Minecraft: there is no world, no network
 * protocol and no client; a test drives it through stdin, one JSON request
 * per line, and reads one JSON answer per line on stdout.
 *
 * Usage: java -cp harness:stubs dev.gatehouse.harness.Harness --plugin gatehouse.jar --data dir [--vault] [--ticks] [--spigot]
 * (--vault: a fake Vault with an economy; --ticks: main-thread tasks wait for the next 50 ms tick;
 * --spigot: a server without Paper's additions to the API, such as getTPS;
 * --set key=value, repeated: the server's own settings, as server.properties would give them:
 * motd, max-players, difficulty, gamemode, pvp, white-list)
 */
public final class Harness {
    private final File pluginJar;
    private final File dataFolder;
    private final ScheduledExecutorService mainThread = Executors.newSingleThreadScheduledExecutor(runnable -> new Thread(runnable, "Server thread"));
    private final ExecutorService workers = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "Harness worker");
        thread.setDaemon(true);
        return thread;
    });
    private final FakeServer server;
    private final FakeScheduler scheduler;
    private final Map<String, FakePlayer> lastSessions = new ConcurrentHashMap<>();
    private final PrintStream out;
    private final Method jsonParse;
    private final Method jsonWrite;
    private volatile JavaPlugin plugin;
    private volatile int restarts;
    /** With --vault: the economy plugin, whose balances persist in the plugins folder. */
    private FakeEconomy economy;

    private Harness(File pluginJar, File dataFolder, boolean vault, boolean ticking, boolean spigot) throws Exception {
        this.pluginJar = pluginJar;
        this.dataFolder = dataFolder;
        this.out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        // The control channel speaks JSON with the plugin's own reader and writer, from a loader of its own.
        ClassLoader jsonLoader = new URLClassLoader(new URL[] {pluginJar.toURI().toURL()}, ClassLoader.getPlatformClassLoader());
        Class<?> json = Class.forName("dev.gatehouse.bridge.Json", true, jsonLoader);
        jsonParse = json.getMethod("parse", String.class);
        jsonWrite = json.getMethod("write", Object.class);
        scheduler = new FakeScheduler(mainThread, ticking);
        server = new FakeServer(scheduler, () -> mainThread.schedule(this::restartPlugin, 100, TimeUnit.MILLISECONDS), text -> {
            try {
                return jsonParse.invoke(null, text);
            } catch (ReflectiveOperationException error) {
                throw new IllegalArgumentException("not JSON: " + text, error);
            }
        });
        server.spigot = spigot;
        for (FakeWorld world : server.worlds.values()) {
            world.folder = new File(dataFolder, world.getName());
            world.folder.mkdirs();
        }
        mainThread.submit(() -> server.calls.setMainThread(Thread.currentThread())).get();
        if (vault) {
            OtherPlugin vaultPlugin = new OtherPlugin("Vault");
            server.pluginManager.add(vaultPlugin);
            server.services.register(Economy.class, (economy = new FakeEconomy(server.calls, dataFolder)), vaultPlugin);
        }
    }

    public static void main(String[] args) throws Exception {
        configureLogging();
        File jar = null;
        File data = null;
        boolean vault = false;
        boolean ticking = false;
        boolean spigot = false;
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--plugin" -> jar = new File(args[++i]);
                case "--data" -> data = new File(args[++i]);
                case "--vault" -> vault = true;
                case "--ticks" -> ticking = true;
                case "--spigot" -> spigot = true;
                case "--set" -> {
                    String[] pair = args[++i].split("=", 2);
                    properties.put(pair[0], pair[1]);
                }
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (jar == null || data == null) throw new IllegalArgumentException("usage: --plugin <jar> --data <folder> [--vault] [--ticks] [--spigot] [--set key=value]...");
        Harness harness = new Harness(jar, data, vault, ticking, spigot);
        harness.server.configure(properties);
        harness.onMain(() -> {
            harness.enablePlugin();
            return null;
        });
        harness.emit(Map.of("event", "ready"));
        harness.serve();
    }

    /** Loads and enables a fresh copy of the plugin, as a server start does. Main thread. */
    private void enablePlugin() throws Exception {
        Map<String, Object> yml = readPluginYml();
        URLClassLoader loader = new URLClassLoader(new URL[] {pluginJar.toURI().toURL()}, Harness.class.getClassLoader());
        Class<?> main = Class.forName((String) yml.get("main"), true, loader);
        JavaPlugin instance = (JavaPlugin) main.getDeclaredConstructor().newInstance();
        PluginDescriptionFile description = new PluginDescriptionFile((String) yml.get("name"), (String) yml.get("version"), (String) yml.get("main"));
        instance.init(null, server, description, new File(dataFolder, description.getName()), pluginJar, loader);
        server.pluginManager.add(instance);
        server.commands.clear();
        @SuppressWarnings("unchecked")
        List<String> commands = (List<String>) yml.get("commands");
        for (String command : commands) server.commands.put(command, HarnessCommands.create(command, instance));
        plugin = instance;
        instance.setEnabled(true);
    }

    /** What a server restart looks like to the plugin: disabled, then a new copy loaded and enabled. */
    private void restartPlugin() {
        try {
            disablePlugin();
            enablePlugin();
            restarts++;
            emit(Map.of("event", "restarted"));
        } catch (Exception e) {
            Logger.getLogger("harness").log(Level.SEVERE, "restart failed", e);
        }
    }

    private void disablePlugin() {
        JavaPlugin current = plugin;
        if (current == null) return;
        for (FakePlayer player : new ArrayList<FakePlayer>(castPlayers())) player.kickPlayer("Server closed");
        current.setEnabled(false);
        scheduler.cancelAll();
        server.pluginManager.forget(current);
        plugin = null;
    }

    @SuppressWarnings("unchecked")
    private List<FakePlayer> castPlayers() {
        return (List<FakePlayer>) (List<?>) new ArrayList<>(server.getOnlinePlayers());
    }

    private void serve() throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String request = line;
            workers.submit(() -> answer(request));
        }
        stop(); // the test went away
    }

    @SuppressWarnings("unchecked")
    private void answer(String line) {
        Object id = null;
        try {
            Map<String, Object> request = (Map<String, Object>) jsonParse.invoke(null, line);
            id = request.get("id");
            Object result = handle((String) request.get("op"), request);
            Map<String, Object> reply = new LinkedHashMap<>();
            reply.put("id", id);
            reply.put("result", result);
            emit(reply);
        } catch (Throwable failure) {
            Throwable cause = failure instanceof java.lang.reflect.InvocationTargetException || failure instanceof java.util.concurrent.ExecutionException ? failure.getCause() : failure;
            Map<String, Object> reply = new LinkedHashMap<>();
            reply.put("id", id);
            reply.put("error", String.valueOf(cause));
            emit(reply);
        }
    }

    private Object handle(String op, Map<String, Object> request) throws Exception {
        String name = (String) request.get("name");
        switch (op) {
            case "join":
                return join(name, request.get("address") instanceof String address ? address : "127.0.0.1",
                        request.get("gameMode") instanceof String mode ? gameMode(mode) : null, Boolean.TRUE.equals(request.get("kickedDuringJoin")));
            case "quit":
                return onMain(() -> {
                    FakePlayer player = server.online(name);
                    if (player != null) server.disconnect(player);
                    return player != null;
                });
            case "command":
                return onMain(() -> command(onlinePlayer(name), (String) request.get("line")));
            case "player":
                return onMain(() -> describe(name));
            case "gameMode":
                // As /gamemode would: the player's game mode, which the plugin reports with their work.
                return onMain(() -> {
                    onlinePlayer(name).gameMode = gameMode((String) request.get("gameMode"));
                    return null;
                });
            case "give":
                return onMain(() -> onlinePlayer(name).getInventory().addItem(new ItemStack(material((String) request.get("item")), ((Number) request.get("count")).intValue())).isEmpty());
            case "breakBlock":
                return onMain(() -> {
                    FakePlayer player = onlinePlayer(name);
                    Location at = new Location(server.worlds.get("world"), 10, 64, -3, 0, 0);
                    BlockBreakEvent event = new BlockBreakEvent(new FakeBlock(material((String) request.get("block")), at), player);
                    event.setCancelled(Boolean.TRUE.equals(request.get("cancelled")));
                    server.pluginManager.callEvent(event);
                    return null;
                });
            case "placeBlock":
                return onMain(() -> {
                    FakePlayer player = onlinePlayer(name);
                    Material type = material((String) request.get("block"));
                    Location at = new Location(server.worlds.get("world"), 11, 64, -3, 0, 0);
                    FakeBlock against = new FakeBlock(Material.STONE, new Location(server.worlds.get("world"), 11, 63, -3, 0, 0));
                    BlockPlaceEvent event = new BlockPlaceEvent(new FakeBlock(type, at), new FakeBlockState(Material.AIR), against, new ItemStack(type, 1), player, true, EquipmentSlot.HAND);
                    event.setCancelled(Boolean.TRUE.equals(request.get("cancelled")));
                    server.pluginManager.callEvent(event);
                    return null;
                });
            case "kill":
                return onMain(() -> {
                    FakePlayer player = onlinePlayer(name);
                    EntityType type = EntityType.valueOf(((String) request.get("entity")).toUpperCase(Locale.ROOT));
                    FakeMob mob = new FakeMob(type, new Location(server.worlds.get("world"), 1, 65, 2, 0, 0), player);
                    server.pluginManager.callEvent(new EntityDeathEvent(mob, null, List.of()));
                    return null;
                });
            case "op":
                // The server console's /op: the server's own doing, not the plugin's.
                server.profile(name).op = true;
                return null;
            case "consoleBan":
                // The server console's /ban <name> <reason>: the server's own doing, not the plugin's.
                server.profileBans.put(server.profile(name).getName(), (String) request.get("reason"), null, "Server");
                return null;
            case "freeze":
                // A long tick: the main thread is busy for this long and answers nothing meanwhile.
                long millis = ((Number) request.get("ms")).longValue();
                mainThread.submit(() -> {
                    Thread.sleep(millis);
                    return null;
                });
                return null;
            case "holdNextDeposit":
                // The economy hangs in its next deposit, on the main thread, until the test kills the JVM.
                economy.holdNextDeposit = true;
                return null;
            case "tickRate":
                // What the server's tick meter says; the harness has no tick loop of its own to measure.
                @SuppressWarnings("unchecked")
                List<Number> rates = (List<Number>) request.get("tps");
                server.ticksPerSecond = new double[] {rates.get(0).doubleValue(), rates.get(1).doubleValue(), rates.get(2).doubleValue()};
                server.averageTickMs = ((Number) request.get("msPerTick")).doubleValue();
                return null;
            case "calls":
                return Map.of("calls", server.calls.calls(), "offMainThread", server.calls.offMainThread(), "tasks", scheduler.tasksScheduled());
            case "state":
                return onMain(this::state);
            case "stop":
                workers.submit(this::stop);
                return null;
            default:
                throw new IllegalArgumentException("unknown op " + op);
        }
    }

    private FakePlayer onlinePlayer(String name) {
        FakePlayer player = name == null ? null : server.online(name);
        if (player == null) throw new IllegalArgumentException("no player named " + name + " is online");
        return player;
    }

    private static Material material(String name) {
        Material material = name == null ? null : Material.matchMaterial(name);
        if (material == null) throw new IllegalArgumentException("the harness has no material " + name);
        return material;
    }

    private static GameMode gameMode(String name) {
        for (GameMode mode : GameMode.values()) if (mode.name().equalsIgnoreCase(name)) return mode;
        throw new IllegalArgumentException("no game mode " + name + "; one of survival, creative, adventure, spectator");
    }

    /**
     * A login as the server runs it: the async pre-login event on a network
     * thread, then on the main thread the login checks (a ban of the name or
     * the address, name in use, whitelist, full), the login event, and the join.
     */
    /**
     * @param gameMode the player's game mode, or null for the server's default
     * @param kickedDuringJoin another plugin kicks the player from its own join handler (at HIGHEST): the player
     *     quits, with the quit event, inside the join event, before the join reaches MONITOR handlers
     */
    private Object join(String name, String address, GameMode gameMode, boolean kickedDuringJoin) throws Exception {
        InetAddress inet = InetAddress.getByName(address);
        Profile profile = server.profile(name);
        AsyncPlayerPreLoginEvent preLogin = new AsyncPlayerPreLoginEvent(name, inet, profile.getUniqueId(), false);
        server.pluginManager.callEvent(preLogin);
        if (preLogin.getLoginResult() != AsyncPlayerPreLoginEvent.Result.ALLOWED) return Map.of("refused", preLogin.getKickMessage());
        return onMain(() -> {
            Location spawn = new Location(server.worlds.get("world"), 0.5, 64, 0.5, 0, 0);
            FakePlayer player = new FakePlayer(name, profile, new InetSocketAddress(inet, 40000 + (int) (Math.random() * 20000)), spawn, gameMode != null ? gameMode : server.defaultGameMode, server);
            PlayerLoginEvent login = new PlayerLoginEvent(player, "localhost", inet);
            FakeBanEntry<?> playerBan = server.profileBans.inForce(name);
            FakeBanEntry<?> addressBan = server.addressBans.inForce(inet.getHostAddress());
            if (playerBan != null || addressBan != null) {
                // The server's ban check, in its words; the plugin may word it again.
                login.disallow(PlayerLoginEvent.Result.KICK_BANNED, playerBan != null ? playerBan.serverWords(false) : addressBan.serverWords(true));
            } else if (server.online(name) != null) {
                login.disallow(PlayerLoginEvent.Result.KICK_OTHER, "A player named " + name + " is already connected");
            } else if (server.whitelist && !profile.whitelisted && !profile.op) {
                login.disallow(PlayerLoginEvent.Result.KICK_WHITELIST, "You are not white-listed on this server!");
            } else if (server.onlineCount() >= server.maxPlayers) {
                login.disallow(PlayerLoginEvent.Result.KICK_FULL, "The server is full!");
            }
            server.pluginManager.callEvent(login);
            if (login.getResult() != PlayerLoginEvent.Result.ALLOWED) return Map.of("refused", login.getKickMessage());
            server.connect(player);
            lastSessions.put(name.toLowerCase(Locale.ROOT), player);
            server.pluginManager.callEvent(new PlayerJoinEvent(player, name + " joined the game"), kickedDuringJoin ? () -> server.disconnect(player) : null);
            return Map.of("joined", true, "uuid", profile.getUniqueId().toString());
        });
    }

    private Object command(FakePlayer player, String line) {
        String[] words = line.replaceFirst("^/", "").split(" ");
        PluginCommand command = server.getPluginCommand(words[0]);
        if (command == null || command.getExecutor() == null) {
            player.sendMessage("Unknown or incomplete command");
            return false;
        }
        CommandExecutor executor = command.getExecutor();
        String[] args = java.util.Arrays.copyOfRange(words, 1, words.length);
        return executor.onCommand(player, command, words[0], args);
    }

    private Map<String, Object> describe(String name) {
        FakePlayer player = lastSessions.get(name.toLowerCase(Locale.ROOT));
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("online", player != null && server.online(name) == player);
        if (player == null) return state;
        synchronized (player.messages) {
            state.put("messages", new ArrayList<>(player.messages));
            state.put("links", new ArrayList<>(player.links));
        }
        Location location = player.location;
        state.put("location", Map.of("world", location.getWorld().getName(), "x", location.getX(), "y", location.getY(), "z", location.getZ(), "yaw", (double) location.getYaw(), "pitch", (double) location.getPitch()));
        state.put("gameMode", player.gameMode.name().toLowerCase(Locale.ROOT));
        state.put("inventory", player.inventory().describe());
        List<String> bars = new ArrayList<>();
        for (FakeBossBar bar : server.bossBars) if (bar.getPlayers().contains(player)) bars.add(bar.getTitle());
        state.put("bossBars", bars);
        state.put("kickedWith", player.kickedWith);
        return state;
    }

    private Map<String, Object> state() {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("enabled", plugin != null && plugin.isEnabled());
        state.put("restarts", restarts);
        state.put("whitelist", server.whitelist);
        state.put("maxPlayers", server.maxPlayers);
        state.put("motd", server.motd);
        state.put("defaultGameMode", server.defaultGameMode.name().toLowerCase(Locale.ROOT));
        Map<String, Object> worlds = new LinkedHashMap<>();
        for (FakeWorld world : server.worlds.values()) {
            worlds.put(world.getName(), Map.of("difficulty", world.difficulty.name().toLowerCase(Locale.ROOT), "pvp", world.pvp,
                    "autoSave", world.autoSave, "saves", world.saves, "lastSaveFlushed", world.lastSaveFlushed));
        }
        state.put("worlds", worlds);
        state.put("eventHandlers", server.pluginManager.handlerCount());
        List<Map<String, Object>> bars = new ArrayList<>();
        for (FakeBossBar bar : server.bossBars) {
            if (bar.getPlayers().isEmpty()) continue;
            bars.add(Map.of("title", bar.getTitle(), "progress", bar.getProgress(), "color", bar.color().name().toLowerCase(Locale.ROOT)));
        }
        state.put("bossBars", bars);
        return state;
    }

    private void stop() {
        try {
            onMain(() -> {
                disablePlugin();
                return null;
            });
        } catch (Exception e) {
            Logger.getLogger("harness").log(Level.SEVERE, "disable failed", e);
        }
        emit(Map.of("event", "stopped"));
        mainThread.shutdown();
        System.exit(0);
    }

    private <T> T onMain(Callable<T> work) throws Exception {
        return mainThread.submit(work).get(10, TimeUnit.SECONDS);
    }

    private synchronized void emit(Object message) {
        try {
            out.println((String) jsonWrite.invoke(null, message));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** name, version, main and the command names of the jar's plugin.yml (flat keys and the commands map only). */
    private Map<String, Object> readPluginYml() throws IOException {
        Map<String, Object> yml = new LinkedHashMap<>();
        List<String> commands = new ArrayList<>();
        try (URLClassLoader jar = new URLClassLoader(new URL[] {pluginJar.toURI().toURL()}, null);
                InputStream in = jar.getResourceAsStream("plugin.yml")) {
            if (in == null) throw new IOException(pluginJar + " has no plugin.yml");
            String section = "";
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.trim().startsWith("#")) continue;
                int indent = line.length() - line.stripLeading().length();
                String key = line.trim().split(":", 2)[0];
                String value = line.contains(":") ? line.split(":", 2)[1].trim().replaceAll("^'|'$", "") : "";
                if (indent == 0) {
                    section = key;
                    if (!value.isEmpty()) yml.put(key, value);
                } else if (indent == 2 && section.equals("commands")) {
                    commands.add(key);
                }
            }
        }
        yml.put("commands", commands);
        for (String required : List.of("name", "version", "main")) {
            if (!yml.containsKey(required)) throw new IOException("plugin.yml has no " + required);
        }
        return yml;
    }

    private static void configureLogging() {
        Logger root = Logger.getLogger("");
        for (var handler : root.getHandlers()) root.removeHandler(handler);
        ConsoleHandler handler = new ConsoleHandler();
        handler.setFormatter(new Formatter() {
            @Override
            public String format(LogRecord record) {
                String text = "[" + record.getLevel() + "] [" + record.getLoggerName() + "] " + formatMessage(record) + "\n";
                if (record.getThrown() != null) {
                    java.io.StringWriter trace = new java.io.StringWriter();
                    record.getThrown().printStackTrace(new java.io.PrintWriter(trace));
                    text += trace;
                }
                return text;
            }
        });
        root.addHandler(handler);
    }
}
