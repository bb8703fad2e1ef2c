package dev.gatehouse.harness;

import java.util.ArrayList;
import java.util.List;
import org.bukkit.boss.BarColor;
import org.bukkit.boss.BossBar;
import org.bukkit.entity.Player;

final class FakeBossBar implements BossBar {
    private final Calls calls;
    private final List<Player> players = new ArrayList<>();
    private String title;
    private BarColor color;
    private double progress = 1;

    FakeBossBar(String title, BarColor color, Calls calls) {
        this.title = title;
        this.color = color;
        this.calls = calls;
    }

    @Override
    public String getTitle() {
        return title;
    }

    @Override
    public void setTitle(String title) {
        calls.main("BossBar.setTitle " + title);
        this.title = title;
    }

    @Override
    public void setColor(BarColor color) {
        calls.main("BossBar.setColor " + color);
        this.color = color;
    }

    BarColor color() {
        return color;
    }

    @Override
    public void setProgress(double progress) {
        calls.main("BossBar.setProgress " + progress);
        if (progress < 0 || progress > 1) throw new IllegalArgumentException("Progress must be between 0.0 and 1.0 (" + progress + ")");
        this.progress = progress;
    }

    @Override
    public double getProgress() {
        return progress;
    }

    @Override
    public void addPlayer(Player player) {
        calls.main("BossBar.addPlayer " + player.getName());
        if (!players.contains(player)) players.add(player);
    }

    @Override
    public void removePlayer(Player player) {
        calls.main("BossBar.removePlayer " + player.getName());
        players.remove(player);
    }

    @Override
    public void removeAll() {
        calls.main("BossBar.removeAll");
        players.clear();
    }

    @Override
    public List<Player> getPlayers() {
        return new ArrayList<>(players);
    }
}
