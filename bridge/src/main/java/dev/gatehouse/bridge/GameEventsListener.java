package dev.gatehouse.bridge;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.bukkit.entity.Player;
import org.bukkit.event.EventHandler;
import org.bukkit.event.EventPriority;
import org.bukkit.event.Listener;
import org.bukkit.event.block.BlockBreakEvent;
import org.bukkit.event.block.BlockPlaceEvent;
import org.bukkit.event.entity.EntityDeathEvent;
import org.bukkit.event.player.AsyncPlayerPreLoginEvent;
import org.bukkit.event.player.PlayerJoinEvent;
import org.bukkit.event.player.PlayerLoginEvent;
import org.bukkit.event.player.PlayerQuitEvent;

/**
 * Turns server events into the protocol's event notifications. Every handler
 * listens at MONITOR, after other plugins had their say, and only reads.
 *
 * A player's join and quit are sent once each, join first, whatever order
 * they reach these handlers in: a player another plugin kicks from its own
 * join handler quits inside the join event, so the quit reaches MONITOR
 * before the join does. That quit sends the join, then the quit; the join,
 * coming after, finds the player gone and sends nothing.
 */
public final class GameEventsListener implements Listener {
    private final BridgeConnection bridge;
    private final BossBarRegistry bossBars;
    /** The address each online player joined from: a quitting player's connection may already be gone. */
    private final Map<UUID, String> addresses = new ConcurrentHashMap<>();

    /** @param alreadyOnline the players online as the plugin is enabled (a reload): their join went unsent, their quit will be sent */
    GameEventsListener(BridgeConnection bridge, BossBarRegistry bossBars, Collection<? extends Player> alreadyOnline) {
        this.bridge = bridge;
        this.bossBars = bossBars;
        for (Player player : alreadyOnline) addresses.put(player.getUniqueId(), Wire.address(player.getAddress()));
    }

    @EventHandler(priority = EventPriority.MONITOR)
    public void onJoin(PlayerJoinEvent event) {
        Player player = event.getPlayer();
        // Gone already: the quit came first and sent both.
        if (!player.isOnline()) return;
        String address = Wire.address(player.getAddress());
        addresses.put(player.getUniqueId(), address);
        bossBars.playerJoined(player);
        bridge.notify("event.join", playerEvent(player, address));
    }

    @EventHandler(priority = EventPriority.MONITOR)
    public void onQuit(PlayerQuitEvent event) {
        Player player = event.getPlayer();
        String address = addresses.remove(player.getUniqueId());
        if (address == null) {
            // Quitting inside their own join event, before it reached onJoin: the join goes first.
            address = Wire.address(player.getAddress());
            bridge.notify("event.join", playerEvent(player, address));
        }
        bridge.notify("event.quit", playerEvent(player, address));
    }

    /** Refusals by the server itself: whitelist, full server, bans, and those of other plugins. */
    @EventHandler(priority = EventPriority.MONITOR)
    public void onLogin(PlayerLoginEvent event) {
        if (event.getResult() == PlayerLoginEvent.Result.ALLOWED) return;
        Player player = event.getPlayer();
        refused(player.getName(), player.getUniqueId(), Wire.address(event.getAddress()), event.getKickMessage());
    }

    /** Refusals before the login proper, by other plugins (runs off the main thread). */
    @EventHandler(priority = EventPriority.MONITOR)
    public void onPreLogin(AsyncPlayerPreLoginEvent event) {
        if (event.getLoginResult() == AsyncPlayerPreLoginEvent.Result.ALLOWED) return;
        refused(event.getName(), event.getUniqueId(), Wire.address(event.getAddress()), event.getKickMessage());
    }

    @EventHandler(priority = EventPriority.MONITOR, ignoreCancelled = true)
    public void onBlockBreak(BlockBreakEvent event) {
        Map<String, Object> params = workEvent(event.getPlayer());
        params.put("block", event.getBlock().getType().name().toLowerCase(Locale.ROOT));
        params.put("location", Wire.location(event.getBlock().getLocation()));
        bridge.notify("event.blockBroken", params);
    }

    @EventHandler(priority = EventPriority.MONITOR, ignoreCancelled = true)
    public void onBlockPlace(BlockPlaceEvent event) {
        Map<String, Object> params = workEvent(event.getPlayer());
        params.put("block", event.getBlockPlaced().getType().name().toLowerCase(Locale.ROOT));
        params.put("location", Wire.location(event.getBlockPlaced().getLocation()));
        bridge.notify("event.blockPlaced", params);
    }

    @EventHandler(priority = EventPriority.MONITOR)
    public void onEntityDeath(EntityDeathEvent event) {
        Player killer = event.getEntity().getKiller();
        if (killer == null) return;
        Map<String, Object> params = workEvent(killer);
        params.put("entity", event.getEntity().getType().name().toLowerCase(Locale.ROOT));
        params.put("location", Wire.location(event.getEntity().getLocation()));
        bridge.notify("event.entityKilled", params);
    }

    /** The start of a block or kill event: who, and in which game mode (jobs pay nothing in creative). */
    private static Map<String, Object> workEvent(Player player) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("player", Wire.player(player));
        params.put("gameMode", Wire.gameMode(player.getGameMode()));
        return params;
    }

    private void refused(String name, UUID uuid, String address, String reason) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("name", name);
        params.put("uuid", uuid != null ? uuid.toString() : null);
        params.put("ipAddress", address);
        params.put("reason", reason != null && !reason.isEmpty() ? reason : "refused");
        bridge.notify("event.loginRefused", params);
    }

    private static Map<String, Object> playerEvent(Player player, String address) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("player", Wire.player(player));
        params.put("ipAddress", address);
        return params;
    }
}
