package org.bukkit.entity;

import java.util.UUID;
import org.bukkit.Location;
import org.bukkit.command.CommandSender;
import org.bukkit.event.player.PlayerTeleportEvent.TeleportCause;

/** Compile-only stub of org.bukkit.entity.Entity (interface). */
public interface Entity extends CommandSender {
    Location getLocation();

    boolean teleport(Location location, TeleportCause cause);

    UUID getUniqueId();

    EntityType getType();
}
