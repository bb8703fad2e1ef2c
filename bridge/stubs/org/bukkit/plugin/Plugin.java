package org.bukkit.plugin;

/** Compile-only stub of org.bukkit.plugin.Plugin (interface). */
public interface Plugin {
    /** Deprecated in Paper for getPluginMeta(); present in every version. */
    PluginDescriptionFile getDescription();

    String getName();

    boolean isEnabled();
}
