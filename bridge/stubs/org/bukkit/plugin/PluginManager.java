package org.bukkit.plugin;

import org.bukkit.event.Listener;

/** Compile-only stub of org.bukkit.plugin.PluginManager (interface). */
public interface PluginManager {
    Plugin getPlugin(String name);

    void registerEvents(Listener listener, Plugin plugin);
}
