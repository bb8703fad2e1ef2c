package org.bukkit.plugin;

/** Stub of org.bukkit.plugin.ServicePriority (enum). */
public enum ServicePriority {
    Lowest,
    Low,
    Normal,
    High,
    Highest
}
