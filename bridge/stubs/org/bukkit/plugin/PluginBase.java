package org.bukkit.plugin;

/** Stub of org.bukkit.plugin.PluginBase (abstract class). */
public abstract class PluginBase implements Plugin {
    @Override
    public final String getName() {
        return getDescription().getName();
    }
}
