package org.bukkit.event.player;

/** Stub holding only the nested enum org.bukkit.event.player.PlayerTeleportEvent.TeleportCause. */
public class PlayerTeleportEvent {
    private PlayerTeleportEvent() {}

    /** Stub of PlayerTeleportEvent.TeleportCause (nested enum), with the one constant the bridge uses. */
    public enum TeleportCause {
        PLUGIN
    }
}
