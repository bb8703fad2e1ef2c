package dev.gatehouse.harness;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.bukkit.GameMode;
import org.bukkit.Location;
import org.bukkit.entity.EntityType;
import org.bukkit.entity.Player;
import org.bukkit.event.player.PlayerTeleportEvent.TeleportCause;
import org.bukkit.inventory.PlayerInventory;

/** An online player of the fake server: what the plugin can see and change, and what the player was shown. */
final class FakePlayer implements Player {
    final Profile profile;
    /** As the client typed it, which may differ in case from the name the server knew. */
    private final String name;
    private final FakeServer server;
    private final InetSocketAddress address;
    private final FakeInventory inventory;
    final List<String> messages = new ArrayList<>();
    /** The web addresses of the links the player was shown (a text's parts that open one when clicked). */
    final List<String> links = new ArrayList<>();
    Location location;
    GameMode gameMode;
    String kickedWith;

    FakePlayer(String name, Profile profile, InetSocketAddress address, Location spawn, GameMode gameMode, FakeServer server) {
        this.name = name;
        this.profile = profile;
        this.address = address;
        this.location = spawn;
        this.gameMode = gameMode;
        this.server = server;
        this.inventory = new FakeInventory(server.calls);
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public UUID getUniqueId() {
        return profile.getUniqueId();
    }

    @Override
    public InetSocketAddress getAddress() {
        return address;
    }

    @Override
    public void kickPlayer(String message) {
        server.calls.main("Player.kickPlayer " + getName() + " " + message);
        kickedWith = message;
        server.disconnect(this);
    }

    @Override
    public int getPing() {
        server.calls.main("Player.getPing " + getName());
        return 3;
    }

    /** The inventory as the harness sees it, without recording a call of the plugin's. */
    FakeInventory inventory() {
        return inventory;
    }

    @Override
    public PlayerInventory getInventory() {
        server.calls.main("Player.getInventory " + getName());
        return inventory;
    }

    @Override
    public GameMode getGameMode() {
        server.calls.main("Player.getGameMode " + getName());
        return gameMode;
    }

    @Override
    public Player getKiller() {
        return null;
    }

    @Override
    public Location getLocation() {
        server.calls.main("Player.getLocation " + getName());
        return location;
    }

    @Override
    public boolean teleport(Location destination, TeleportCause cause) {
        server.calls.main("Player.teleport " + getName() + " " + destination.getWorld().getName() + " " + destination.getX() + " " + destination.getY() + " " + destination.getZ() + " " + cause);
        location = destination;
        return true;
    }

    @Override
    public EntityType getType() {
        return EntityType.PLAYER;
    }

    @Override
    public void sendMessage(String message) {
        server.calls.main("Player.sendMessage " + getName());
        synchronized (messages) {
            messages.add(message);
        }
    }

    @Override
    public boolean isOp() {
        return profile.isOp();
    }

    @Override
    public void setOp(boolean value) {
        profile.setOp(value);
    }

    @Override
    public boolean isOnline() {
        return profile.isOnline();
    }

    @Override
    public <E extends org.bukkit.BanEntry<?>> E ban(String reason, java.util.Date expires, String source) {
        return profile.ban(reason, expires, source);
    }

    @Override
    public boolean isWhitelisted() {
        return profile.isWhitelisted();
    }

    @Override
    public void setWhitelisted(boolean value) {
        profile.setWhitelisted(value);
    }
}
