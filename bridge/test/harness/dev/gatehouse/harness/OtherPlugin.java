package dev.gatehouse.harness;

import org.bukkit.plugin.Plugin;

/** Another plugin on the fake server, by name only (the fake Vault). */
record OtherPlugin(String name) implements Plugin {
    @Override
    public String getName() {
        return name;
    }

    @Override
    public boolean isEnabled() {
        return true;
    }
}
