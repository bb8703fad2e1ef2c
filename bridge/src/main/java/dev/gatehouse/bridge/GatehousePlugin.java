package dev.gatehouse.bridge;

import java.io.File;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bukkit.Server;
import org.bukkit.command.PluginCommand;
import org.bukkit.configuration.file.FileConfiguration;
import org.bukkit.plugin.java.JavaPlugin;

/**
 * The Gatehouse plugin: starts the sidecar (unless told it runs elsewhere),
 * connects to it over the bridge protocol and serves its requests.
 */
public final class GatehousePlugin extends JavaPlugin {
    /** plugin.yml's commands that the sidecar answers through `command.run`. */
    private static final List<String> SIDECAR_COMMANDS = List.of("balance", "pay");
    /** plugin.yml's commands whose answer is a code for the portal, each answered through `<name>.command`. */
    private static final List<String> CODE_COMMANDS = List.of("register", "resetpassword");
    private BridgeConnection bridge;
    private GameRequests requests;
    private BossBarRegistry bossBars;
    private SidecarProcess sidecar;
    /** The record of the money moved through Vault (with Vault only). */
    private MovementJournal journal;

    @Override
    public void onEnable() {
        saveDefaultConfig();
        FileConfiguration config = getConfig();
        String host = config.getString("game.bridge.host", "127.0.0.1");
        int port = config.getInt("game.bridge.port", 25580);
        boolean launch = config.getBoolean("sidecar.launch", true);
        String token = config.getString("token", "").trim();
        if (token.isEmpty()) {
            if (!launch) {
                getLogger().severe("Set \"token\" in config.yml to the token of your Gatehouse sidecar; not connecting until then");
                return;
            }
            // The plugin starts the sidecar itself, so it can hand both sides a secret of its own.
            byte[] secret = new byte[24];
            new SecureRandom().nextBytes(secret);
            token = HexFormat.of().formatHex(secret);
            getLogger().info("No token in config.yml: the plugin and its sidecar share a random one (set \"token\" to use the admin API with a service token)");
        }

        Server server = getServer();
        MainThread mainThread = new MainThread(this, server.getScheduler());
        bossBars = new BossBarRegistry(server);
        OperatorSnapshot operators = new OperatorSnapshot();
        operators.refresh(server);
        server.getScheduler().runTaskTimer(this, () -> operators.refresh(server), 1, 1);
        VaultMovements economy = null;
        if (server.getPluginManager().getPlugin("Vault") != null) {
            journal = new MovementJournal(new File(getDataFolder(), "economy-journal.jsonl"), getLogger());
            journal.open();
            economy = new VaultMovements(server, new VaultEconomy(server), journal, getLogger());
        }
        BanTexts banTexts = new BanTexts();
        requests = new GameRequests(server, mainThread, bossBars, operators, economy, this::restartServer, banTexts, getLogger());
        String version = getDescription().getVersion();
        RequestTable table = requests.table();
        bridge = new BridgeConnection(host, port,
                new BridgeConnection.Hello(token, "Gatehouse " + version, server.getName() + " " + server.getVersion(), table.capabilities()),
                table, getLogger());
        server.getPluginManager().registerEvents(new GameEventsListener(bridge, bossBars, server.getOnlinePlayers()), this);
        server.getPluginManager().registerEvents(new BanRefusals(server, banTexts), this);
        for (String name : CODE_COMMANDS) {
            PluginCommand command = getCommand(name);
            if (command != null) command.setExecutor(SidecarCommand.code(bridge, mainThread, server, name));
        }
        // The sidecar's player commands (its economy's /balance and /pay), as plugin.yml declares them.
        for (String name : SIDECAR_COMMANDS) {
            PluginCommand command = getCommand(name);
            if (command != null) command.setExecutor(SidecarCommand.feature(bridge, mainThread, server, name));
        }

        if (launch) startSidecar(config, token);
        bridge.start();
    }

    @Override
    public void onDisable() {
        if (bridge != null) bridge.stop();
        if (requests != null) requests.close();
        if (bossBars != null) bossBars.removeAll();
        if (sidecar != null) sidecar.stop();
        if (journal != null) journal.close();
        journal = null;
        bridge = null;
        requests = null;
        bossBars = null;
        sidecar = null;
    }

    private void startSidecar(FileConfiguration config, String token) {
        File folder = getDataFolder();
        Map<String, String> environment = new LinkedHashMap<>();
        // The sidecar runs in the plugin's folder, so its data-directory is relative to that folder.
        environment.put("GATEHOUSE_CONFIG", new File(folder, "config.yml").getAbsolutePath());
        environment.put("GATEHOUSE_GAME_CONNECTION", "bridge");
        environment.put("GATEHOUSE_TOKEN", token);
        // The sidecar stops when its stdin (a pipe from this JVM) closes: no orphan if the server is killed.
        environment.put("GATEHOUSE_HOSTED", "1");
        sidecar = new SidecarProcess(folder, config.getString("sidecar.node", "node"), environment, getLogger());
        try {
            sidecar.start(sidecar.extract());
        } catch (IOException e) {
            getLogger().severe("Cannot extract the Gatehouse sidecar: " + e.getMessage());
            sidecar = null;
        }
    }

    /** Paper's restart where it exists (late 1.21.4 builds on), Spigot's otherwise. */
    private void restartServer() {
        try {
            getServer().restart();
        } catch (NoSuchMethodError | AbstractMethodError notPaper) {
            getServer().spigot().restart();
        }
    }
}
