package org.bukkit.event.player;

/** Stub holding only the nested enum org.bukkit.event.player.PlayerTeleportEvent.TeleportCause. */
public class PlayerTeleportEvent {
    private PlayerTeleportEvent() {}

    /** Stub of PlayerTeleportEvent.TeleportCause (nested enum); the bridge uses PLUGIN only. */
    public enum TeleportCause {
        ENDER_PEARL,
        COMMAND,
        PLUGIN,
        NETHER_PORTAL,
        END_PORTAL,
        SPECTATE,
        END_GATEWAY,
        CONSUMABLE_EFFECT,
        DISMOUNT,
        EXIT_BED,
        UNKNOWN
    }
}
