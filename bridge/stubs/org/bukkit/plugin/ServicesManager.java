package org.bukkit.plugin;

/** Compile-only stub of org.bukkit.plugin.ServicesManager (interface). */
public interface ServicesManager {
    <T> RegisteredServiceProvider<T> getRegistration(Class<T> service);
}
