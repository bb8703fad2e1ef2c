package dev.gatehouse.bridge;

import org.bukkit.Server;
import org.bukkit.entity.Player;

/** The messaging group: a message to one player, or to everyone online. */
final class MessagingRequests implements RequestGroup {
    private final Server server;
    private final Handlers handlers;

    MessagingRequests(Server server, Handlers handlers) {
        this.server = server;
        this.handlers = handlers;
    }

    @Override
    public void register(RequestTable table) {
        table.offer("messaging");
        table.change("messaging.send", handlers.onMainThread(p -> {
            String text = p.string("text");
            OnlinePlayer.named(server, p.string("name"), "player").sendMessage(text);
            return null;
        }));
        table.change("messaging.broadcast", handlers.onMainThread(p -> {
            String text = p.string("text");
            for (Player player : server.getOnlinePlayers()) player.sendMessage(text);
            return null;
        }));
    }
}
