package org.bukkit.command;

import org.bukkit.plugin.Plugin;

/** The harness's way to make a PluginCommand, whose constructor only the server (this package) may call. */
public final class HarnessCommands {
    private HarnessCommands() {}

    public static PluginCommand create(String name, Plugin owner) {
        return new PluginCommand(name, owner);
    }
}
