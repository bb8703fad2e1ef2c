package org.bukkit.command;

/** Compile-only stub of org.bukkit.command.ConsoleCommandSender (interface; the real one also extends Conversable). */
public interface ConsoleCommandSender extends CommandSender {}
