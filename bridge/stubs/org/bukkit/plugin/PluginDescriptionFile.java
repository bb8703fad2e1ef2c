package org.bukkit.plugin;

/** Stub of org.bukkit.plugin.PluginDescriptionFile (final class). */
public final class PluginDescriptionFile {
    private final String name;
    private final String version;
    private final String main;

    public PluginDescriptionFile(String pluginName, String pluginVersion, String mainClass) {
        this.name = pluginName;
        this.version = pluginVersion;
        this.main = mainClass;
    }

    public String getName() {
        return name;
    }

    public String getVersion() {
        return version;
    }

    public String getMain() {
        return main;
    }
}
