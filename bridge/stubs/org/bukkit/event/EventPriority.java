package org.bukkit.event;

/** Stub of org.bukkit.event.EventPriority (enum). */
public enum EventPriority {
    LOWEST,
    LOW,
    NORMAL,
    HIGH,
    HIGHEST,
    MONITOR
}
