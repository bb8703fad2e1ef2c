package org.bukkit.permissions;

/** Compile-only stub of org.bukkit.permissions.Permissible (interface); no members are used. */
public interface Permissible extends ServerOperator {}
