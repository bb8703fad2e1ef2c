package org.bukkit.plugin;

/** Compile-only stub of org.bukkit.plugin.Plugin (interface). */
public interface Plugin {
    String getName();

    boolean isEnabled();
}
