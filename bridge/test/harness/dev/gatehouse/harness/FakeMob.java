package dev.gatehouse.harness;

import java.util.UUID;
import org.bukkit.Location;
import org.bukkit.entity.EntityType;
import org.bukkit.entity.LivingEntity;
import org.bukkit.entity.Player;
import org.bukkit.event.player.PlayerTeleportEvent.TeleportCause;

/** A mob a player can kill, for EntityDeathEvent. */
final class FakeMob implements LivingEntity {
    private final EntityType type;
    private final Location location;
    private final Player killer;
    private final UUID uuid = UUID.randomUUID();

    FakeMob(EntityType type, Location location, Player killer) {
        this.type = type;
        this.location = location;
        this.killer = killer;
    }

    @Override
    public Player getKiller() {
        return killer;
    }

    @Override
    public Location getLocation() {
        return location;
    }

    @Override
    public boolean teleport(Location destination, TeleportCause cause) {
        return false;
    }

    @Override
    public UUID getUniqueId() {
        return uuid;
    }

    @Override
    public EntityType getType() {
        return type;
    }

    @Override
    public void sendMessage(String message) {}

    @Override
    public String getName() {
        return type.name();
    }

    @Override
    public boolean isOp() {
        return false;
    }

    @Override
    public void setOp(boolean value) {}
}
