package org.bukkit.command;

/** Compile-only stub of org.bukkit.command.CommandExecutor (interface). */
public interface CommandExecutor {
    boolean onCommand(CommandSender sender, Command command, String label, String[] args);
}
