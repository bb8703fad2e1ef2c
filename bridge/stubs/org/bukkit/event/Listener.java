package org.bukkit.event;

/** Compile-only stub of org.bukkit.event.Listener (marker interface). */
public interface Listener {}
