package org.bukkit.scheduler;

import org.bukkit.plugin.Plugin;

/** Compile-only stub of org.bukkit.scheduler.BukkitScheduler (interface). */
public interface BukkitScheduler {
    BukkitTask runTask(Plugin plugin, Runnable task);

    BukkitTask runTaskTimer(Plugin plugin, Runnable task, long delay, long period);
}
