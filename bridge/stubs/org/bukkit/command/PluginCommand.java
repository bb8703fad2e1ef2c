package org.bukkit.command;

import org.bukkit.plugin.Plugin;

/** Stub of org.bukkit.command.PluginCommand (final class); the constructor is package-private, as in Paper. */
public final class PluginCommand extends Command {
    private final Plugin owner;
    private CommandExecutor executor;

    PluginCommand(String name, Plugin owner) {
        super(name);
        this.owner = owner;
    }

    public void setExecutor(CommandExecutor executor) {
        this.executor = executor;
    }

    public CommandExecutor getExecutor() {
        return executor;
    }

    public Plugin getPlugin() {
        return owner;
    }
}
