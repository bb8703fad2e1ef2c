package dev.gatehouse.harness;

import org.bukkit.plugin.Plugin;
import org.bukkit.plugin.PluginDescriptionFile;

/** Another plugin on the fake server, by name only (the fake Vault). */
record OtherPlugin(String name) implements Plugin {
    @Override
    public PluginDescriptionFile getDescription() {
        return new PluginDescriptionFile(name, "1.0", "none");
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public boolean isEnabled() {
        return true;
    }
}
