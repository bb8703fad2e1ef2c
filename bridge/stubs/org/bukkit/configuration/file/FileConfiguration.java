package org.bukkit.configuration.file;

import org.bukkit.configuration.MemoryConfiguration;

/** Stub of org.bukkit.configuration.file.FileConfiguration (abstract class). */
public abstract class FileConfiguration extends MemoryConfiguration {
    public FileConfiguration() {}
}
