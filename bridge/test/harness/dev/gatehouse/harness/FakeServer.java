package dev.gatehouse.harness;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.bukkit.Difficulty;
import org.bukkit.GameMode;
import org.bukkit.OfflinePlayer;
import org.bukkit.Server;
import org.bukkit.World;
import org.bukkit.boss.BarColor;
import org.bukkit.boss.BarFlag;
import org.bukkit.boss.BarStyle;
import org.bukkit.boss.BossBar;
import org.bukkit.command.CommandSender;
import org.bukkit.command.ConsoleCommandSender;
import org.bukkit.command.PluginCommand;
import org.bukkit.entity.Player;
import org.bukkit.event.player.PlayerQuitEvent;
import org.bukkit.plugin.PluginManager;
import org.bukkit.plugin.ServicesManager;
import org.bukkit.scheduler.BukkitScheduler;

/**
 * The fake server's state: players known and online, worlds, settings, boss
 * bars. Every method the plugin calls is recorded in {@link #calls}.
 */
final class FakeServer implements Server {
    final Calls calls = new Calls();
    final FakePluginManager pluginManager = new FakePluginManager();
    final FakeServices services = new FakeServices();
    final Map<String, PluginCommand> commands = new LinkedHashMap<>();
    final List<FakeBossBar> bossBars = new ArrayList<>();
    private final FakeScheduler scheduler;
    private final Map<String, Profile> profiles = new LinkedHashMap<>();
    private final Map<String, FakePlayer> online = new LinkedHashMap<>();
    final Map<String, FakeWorld> worlds = new LinkedHashMap<>();
    private final Runnable restartHook;
    boolean whitelist;
    int maxPlayers = 20;
    String motd = "A Minecraft Server";
    GameMode defaultGameMode = GameMode.SURVIVAL;
    /** Without Paper's additions (getTPS, getAverageTickTime), as a Spigot server runs the plugin. */
    boolean spigot;
    /** The server's ban lists: players by name, addresses. */
    final FakeBanList<Object> profileBans = new FakeBanList<>("PROFILE", calls);
    final FakeBanList<java.net.InetAddress> addressBans = new FakeBanList<>("IP", calls);
    /** What getTPS and getAverageTickTime report: the harness has no tick loop to measure, so a test sets them. */
    volatile double[] ticksPerSecond = {20.0, 20.0, 20.0};
    volatile double averageTickMs = 1.5;

    private final Function<String, Object> parseJson;
    private final ConsoleCommandSender console = new FakeConsole();

    FakeServer(FakeScheduler scheduler, Runnable restartHook, Function<String, Object> parseJson) {
        this.scheduler = scheduler;
        this.restartHook = restartHook;
        this.parseJson = parseJson;
        for (String name : List.of("world", "world_nether", "world_the_end")) worlds.put(name, new FakeWorld(name, calls));
    }

    /** The server's own settings at start, by their server.properties names. */
    void configure(Map<String, String> properties) {
        properties.forEach((key, value) -> {
            switch (key) {
                case "motd" -> motd = value;
                case "max-players" -> maxPlayers = Integer.parseInt(value);
                case "difficulty" -> worlds.values().forEach(world -> world.difficulty = Difficulty.valueOf(value.toUpperCase(Locale.ROOT)));
                case "gamemode" -> defaultGameMode = GameMode.valueOf(value.toUpperCase(Locale.ROOT));
                case "pvp" -> worlds.values().forEach(world -> world.pvp = Boolean.parseBoolean(value));
                case "white-list" -> whitelist = Boolean.parseBoolean(value);
                default -> throw new IllegalArgumentException("unknown server property " + key);
            }
        });
    }

    synchronized Profile profile(String name) {
        return profiles.computeIfAbsent(name.toLowerCase(Locale.ROOT), key -> new Profile(name, this));
    }

    synchronized FakePlayer online(String name) {
        return online.get(name.toLowerCase(Locale.ROOT));
    }

    synchronized int onlineCount() {
        return online.size();
    }

    synchronized void connect(FakePlayer player) {
        online.put(player.getName().toLowerCase(Locale.ROOT), player);
    }

    /** The player leaves (quit or kick): the quit event, then gone from every list and bar. Main thread. */
    void disconnect(FakePlayer player) {
        if (online(player.getName()) != player) return;
        pluginManager.callEvent(new PlayerQuitEvent(player, player.getName() + " left the game"));
        synchronized (this) {
            online.remove(player.getName().toLowerCase(Locale.ROOT));
        }
        for (FakeBossBar bar : bossBars) if (bar.getPlayers().contains(player)) bar.removePlayer(player);
    }

    @Override
    public String getName() {
        return "GatehouseHarness";
    }

    @Override
    public String getVersion() {
        return "fake 1.21.4";
    }

    @Override
    public synchronized Collection<? extends Player> getOnlinePlayers() {
        calls.main("Server.getOnlinePlayers");
        return new ArrayList<>(online.values());
    }

    @Override
    public Player getPlayerExact(String name) {
        calls.main("Server.getPlayerExact " + name);
        return online(name);
    }

    @Override
    public OfflinePlayer getOfflinePlayer(String name) {
        calls.any("Server.getOfflinePlayer " + name);
        return profile(name);
    }

    @Override
    public synchronized Set<OfflinePlayer> getOperators() {
        calls.main("Server.getOperators");
        Set<OfflinePlayer> operators = new LinkedHashSet<>();
        for (Profile profile : profiles.values()) if (profile.op) operators.add(profile);
        return operators;
    }

    @Override
    public synchronized Set<OfflinePlayer> getWhitelistedPlayers() {
        calls.main("Server.getWhitelistedPlayers");
        Set<OfflinePlayer> listed = new LinkedHashSet<>();
        for (Profile profile : profiles.values()) if (profile.whitelisted) listed.add(profile);
        return listed;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T extends org.bukkit.BanList<?>> T getBanList(org.bukkit.BanList.Type type) {
        calls.main("Server.getBanList " + type);
        return (T) (type == org.bukkit.BanList.Type.IP ? addressBans : profileBans);
    }

    @Override
    public synchronized Set<OfflinePlayer> getBannedPlayers() {
        calls.main("Server.getBannedPlayers");
        Set<OfflinePlayer> banned = new LinkedHashSet<>();
        for (org.bukkit.BanEntry<?> entry : profileBans.getEntries()) banned.add(profile(entry.getTarget()));
        return banned;
    }

    @Override
    public boolean hasWhitelist() {
        calls.main("Server.hasWhitelist");
        return whitelist;
    }

    @Override
    public void setWhitelist(boolean value) {
        calls.main("Server.setWhitelist " + value);
        whitelist = value;
    }

    @Override
    public World getWorld(String name) {
        calls.any("Server.getWorld " + name);
        return worlds.get(name);
    }

    @Override
    public List<World> getWorlds() {
        calls.any("Server.getWorlds");
        return new ArrayList<>(worlds.values());
    }

    @Override
    public int getMaxPlayers() {
        calls.main("Server.getMaxPlayers");
        return maxPlayers;
    }

    @Override
    public String getMotd() {
        calls.main("Server.getMotd");
        return motd;
    }

    @Override
    public GameMode getDefaultGameMode() {
        calls.main("Server.getDefaultGameMode");
        return defaultGameMode;
    }

    @Override
    public void setMaxPlayers(int maxPlayers) {
        calls.main("Server.setMaxPlayers " + maxPlayers);
        if (maxPlayers < 0) throw new IllegalArgumentException("maxPlayers must be >= 0");
        this.maxPlayers = maxPlayers;
    }

    @Override
    public void setMotd(String motd) {
        calls.main("Server.setMotd " + motd);
        this.motd = motd;
    }

    @Override
    public void setDefaultGameMode(GameMode mode) {
        calls.main("Server.setDefaultGameMode " + mode);
        defaultGameMode = mode;
    }

    @Override
    public BossBar createBossBar(String title, BarColor color, BarStyle style, BarFlag... flags) {
        calls.main("Server.createBossBar " + title);
        FakeBossBar bar = new FakeBossBar(title, color, calls);
        bossBars.add(bar);
        return bar;
    }

    @Override
    public PluginManager getPluginManager() {
        return pluginManager;
    }

    @Override
    public ServicesManager getServicesManager() {
        return services;
    }

    @Override
    public BukkitScheduler getScheduler() {
        return scheduler;
    }

    @Override
    public PluginCommand getPluginCommand(String name) {
        return commands.get(name.toLowerCase(Locale.ROOT));
    }

    /**
     * The one vanilla command the harness plays: {@code tellraw <player> <text component>}, whose text the player is
     * shown (joined, its links' addresses kept apart). Like a real server, a broken one is told to the sender.
     */
    @Override
    public boolean dispatchCommand(CommandSender sender, String commandLine) {
        String[] words = commandLine.split(" ", 3);
        calls.main("Server.dispatchCommand " + words[0]);
        String command = words[0].startsWith("minecraft:") ? words[0].substring("minecraft:".length()) : words[0];
        if (!command.equals("tellraw") || words.length < 3) return false;
        FakePlayer player = target(words[1]);
        if (player == null) {
            sender.sendMessage("No player was found");
            return true;
        }
        StringBuilder text = new StringBuilder();
        List<String> links = new ArrayList<>();
        try {
            flatten(parseJson.apply(words[2]), text, links);
        } catch (IllegalArgumentException error) {
            sender.sendMessage(error.getMessage());
            return true;
        }
        synchronized (player.messages) {
            player.messages.add(text.toString());
            player.links.addAll(links);
        }
        return true;
    }

    @Override
    public ConsoleCommandSender getConsoleSender() {
        return console;
    }

    /** An online player by UUID or name, as a command's target. */
    private synchronized FakePlayer target(String word) {
        for (FakePlayer player : online.values()) {
            if (player.getName().equalsIgnoreCase(word) || player.getUniqueId().toString().equalsIgnoreCase(word)) return player;
        }
        return null;
    }

    /**
     * A text component's text, and the addresses of its parts that open one when clicked. Minecraft 1.21.5 and later
     * read {@code click_event: {action, url}}, earlier versions {@code clickEvent: {action, value}}: a link must carry
     * both, naming the same address, to work on every 1.21 server.
     */
    private static void flatten(Object component, StringBuilder text, List<String> links) {
        if (component instanceof String plain) {
            text.append(plain);
        } else if (component instanceof List<?> list) {
            for (Object part : list) flatten(part, text, links);
        } else if (component instanceof Map<?, ?> map) {
            if (map.get("text") instanceof String plain) text.append(plain);
            String modern = map.get("click_event") instanceof Map<?, ?> click && "open_url".equals(click.get("action")) ? String.valueOf(click.get("url")) : null;
            String legacy = map.get("clickEvent") instanceof Map<?, ?> click && "open_url".equals(click.get("action")) ? String.valueOf(click.get("value")) : null;
            if (modern != null || legacy != null) {
                if (modern == null || !modern.equals(legacy)) throw new IllegalArgumentException("a link needs click_event.url and clickEvent.value, the same address: " + map);
                links.add(modern);
            }
            if (map.get("extra") instanceof List<?> extra) for (Object part : extra) flatten(part, text, links);
        } else {
            throw new IllegalArgumentException("not a text component: " + component);
        }
    }

    /** The server's console as a command sender: what commands tell it is kept, unread. */
    private static final class FakeConsole implements ConsoleCommandSender {
        final List<String> told = new ArrayList<>();

        @Override
        public synchronized void sendMessage(String message) {
            told.add(message);
        }

        @Override
        public String getName() {
            return "CONSOLE";
        }

        @Override
        public boolean isOp() {
            return true;
        }

        @Override
        public void setOp(boolean value) {
            throw new UnsupportedOperationException("the console is always an operator");
        }
    }

    @Override
    public double[] getTPS() {
        if (spigot) throw new NoSuchMethodError("'double[] org.bukkit.Server.getTPS()'");
        calls.main("Server.getTPS");
        return ticksPerSecond.clone();
    }

    @Override
    public double getAverageTickTime() {
        if (spigot) throw new NoSuchMethodError("'double org.bukkit.Server.getAverageTickTime()'");
        calls.main("Server.getAverageTickTime");
        return averageTickMs;
    }

    @Override
    public void restart() {
        calls.main("Server.restart");
        restartHook.run();
    }

    @Override
    public Spigot spigot() {
        return new Spigot() {
            @Override
            public void restart() {
                FakeServer.this.restart();
            }
        };
    }
}
