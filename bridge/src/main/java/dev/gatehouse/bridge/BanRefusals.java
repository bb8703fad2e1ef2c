package dev.gatehouse.bridge;

import org.bukkit.BanEntry;
import org.bukkit.BanList;
import org.bukkit.Server;
import org.bukkit.event.EventHandler;
import org.bukkit.event.EventPriority;
import org.bukkit.event.Listener;
import org.bukkit.event.player.PlayerLoginEvent;

/**
 * A login the server refused for a ban (its own ban lists, which Gatehouse
 * keeps) is refused in Gatehouse's words: the reason and the time left. At
 * HIGH, so that other plugins' MONITOR listeners (and the refusal event sent
 * to the sidecar) see these words. The server decides; this only words it.
 */
public final class BanRefusals implements Listener {
    private final Server server;
    private final BanTexts texts;

    BanRefusals(Server server, BanTexts texts) {
        this.server = server;
        this.texts = texts;
    }

    @EventHandler(priority = EventPriority.HIGH)
    public void onLogin(PlayerLoginEvent event) {
        if (event.getResult() != PlayerLoginEvent.Result.KICK_BANNED) return;
        BanEntry<?> ban = find(server.getBanList(BanList.Type.PROFILE), event.getPlayer().getName());
        if (ban == null) ban = find(server.getBanList(BanList.Type.IP), Wire.address(event.getAddress()));
        if (ban == null) return;
        String words = texts.refusal(ban.getReason(), ban.getExpiration(), System.currentTimeMillis());
        if (words != null) event.disallow(PlayerLoginEvent.Result.KICK_BANNED, words);
    }

    private static BanEntry<?> find(BanList<?> list, String target) {
        long now = System.currentTimeMillis();
        for (BanEntry<?> entry : list.getEntries()) {
            if (!target.equalsIgnoreCase(entry.getTarget())) continue;
            if (entry.getExpiration() == null || entry.getExpiration().getTime() > now) return entry;
        }
        return null;
    }
}
