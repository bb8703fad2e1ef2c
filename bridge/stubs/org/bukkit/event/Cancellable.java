package org.bukkit.event;

/** Compile-only stub of org.bukkit.event.Cancellable (interface). */
public interface Cancellable {
    boolean isCancelled();

    void setCancelled(boolean cancel);
}
