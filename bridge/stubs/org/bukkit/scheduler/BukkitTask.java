package org.bukkit.scheduler;

/** Compile-only stub of org.bukkit.scheduler.BukkitTask (interface). */
public interface BukkitTask {
    int getTaskId();

    void cancel();
}
