package org.bukkit.plugin.java;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.logging.Logger;
import org.bukkit.Server;
import org.bukkit.command.PluginCommand;
import org.bukkit.configuration.file.FileConfiguration;
import org.bukkit.configuration.file.YamlConfiguration;
import org.bukkit.plugin.PluginBase;
import org.bukkit.plugin.PluginDescriptionFile;
import org.bukkit.plugin.PluginLoader;

/**
 * Stub of org.bukkit.plugin.java.JavaPlugin (abstract class). Its bodies do
 * what the real ones do, in small, so the test harness can run a plugin: the
 * server calls {@link #init} (public in Paper too) and then onEnable.
 */
public abstract class JavaPlugin extends PluginBase {
    private Server server;
    private PluginDescriptionFile description;
    private File dataFolder;
    private ClassLoader classLoader;
    private File configFile;
    private FileConfiguration newConfig;
    private Logger logger;
    private boolean enabled;

    public JavaPlugin() {}

    public final void init(PluginLoader loader, Server server, PluginDescriptionFile description, File dataFolder, File file, ClassLoader classLoader) {
        this.server = server;
        this.description = description;
        this.dataFolder = dataFolder;
        this.classLoader = classLoader;
        this.configFile = new File(dataFolder, "config.yml");
        this.logger = Logger.getLogger(description.getName());
    }

    public void onEnable() {}

    public void onDisable() {}

    public final void setEnabled(boolean enabled) {
        if (this.enabled == enabled) return;
        this.enabled = enabled;
        if (enabled) onEnable();
        else onDisable();
    }

    @Override
    public final boolean isEnabled() {
        return enabled;
    }

    public final Server getServer() {
        return server;
    }

    public final File getDataFolder() {
        return dataFolder;
    }

    @Override
    public final PluginDescriptionFile getDescription() {
        return description;
    }

    public Logger getLogger() {
        return logger;
    }

    public FileConfiguration getConfig() {
        if (newConfig == null) reloadConfig();
        return newConfig;
    }

    public void reloadConfig() {
        newConfig = YamlConfiguration.loadConfiguration(configFile);
    }

    public void saveDefaultConfig() {
        if (!configFile.exists()) saveResource("config.yml", false);
    }

    public void saveResource(String resourcePath, boolean replace) {
        File target = new File(dataFolder, resourcePath);
        if (target.exists() && !replace) return;
        try (InputStream in = classLoader.getResourceAsStream(resourcePath)) {
            if (in == null) throw new IllegalArgumentException("The embedded resource '" + resourcePath + "' cannot be found");
            Files.createDirectories(target.getParentFile().toPath());
            Files.copy(in, target.toPath(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IllegalStateException("Could not save " + target, e);
        }
    }

    public PluginCommand getCommand(String name) {
        PluginCommand command = server.getPluginCommand(name);
        return command != null && command.getPlugin() == this ? command : null;
    }
}
