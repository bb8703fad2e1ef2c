package org.bukkit.plugin;

/** Compile-only stub of org.bukkit.plugin.PluginLoader (interface); only named by JavaPlugin.init. */
public interface PluginLoader {}
