package org.bukkit.permissions;

/** Compile-only stub of org.bukkit.permissions.ServerOperator (interface). */
public interface ServerOperator {
    boolean isOp();

    void setOp(boolean value);
}
