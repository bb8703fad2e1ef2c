package org.bukkit.command;

import org.bukkit.permissions.Permissible;

/** Compile-only stub of org.bukkit.command.CommandSender (interface; Paper's also extends Adventure's Audience). */
public interface CommandSender extends Permissible {
    void sendMessage(String message);

    String getName();
}
