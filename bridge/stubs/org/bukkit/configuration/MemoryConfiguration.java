package org.bukkit.configuration;

/** Stub of org.bukkit.configuration.MemoryConfiguration (class). */
public class MemoryConfiguration extends MemorySection {
    public MemoryConfiguration() {}
}
