package dev.gatehouse.bridge;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.bukkit.Server;
import org.bukkit.boss.BarColor;
import org.bukkit.boss.BarStyle;
import org.bukkit.boss.BossBar;
import org.bukkit.entity.Player;

/** The sidecar's boss bars by id, shown to everyone online and to whoever joins while they last. Main thread only. */
public final class BossBarRegistry {
    private final Server server;
    private final Map<String, BossBar> bars = new LinkedHashMap<>();

    public BossBarRegistry(Server server) {
        this.server = server;
    }

    public void show(String id, String title, double progress, String color) {
        BarColor barColor = color(color);
        double clamped = Math.max(0, Math.min(1, progress));
        BossBar bar = bars.get(id);
        if (bar == null) {
            bar = server.createBossBar(title, barColor, BarStyle.SOLID);
            bars.put(id, bar);
            for (Player player : server.getOnlinePlayers()) bar.addPlayer(player);
        }
        bar.setTitle(title);
        bar.setColor(barColor);
        bar.setProgress(clamped);
    }

    public void remove(String id) {
        BossBar bar = bars.remove(id);
        if (bar != null) bar.removeAll();
    }

    public void playerJoined(Player player) {
        for (BossBar bar : bars.values()) bar.addPlayer(player);
    }

    public void removeAll() {
        for (BossBar bar : bars.values()) bar.removeAll();
        bars.clear();
    }

    private static BarColor color(String name) {
        for (BarColor color : BarColor.values()) if (color.name().equals(name.toUpperCase(Locale.ROOT))) return color;
        throw RpcException.invalidParams("params.color must be one of pink, blue, red, green, yellow, purple, white");
    }
}
