package org.bukkit.command;

/** Stub of org.bukkit.command.Command (abstract class). */
public abstract class Command {
    private final String name;

    protected Command(String name) {
        this.name = name;
    }

    public String getName() {
        return name;
    }
}
