package org.bukkit.boss;

import java.util.List;
import org.bukkit.entity.Player;

/** Compile-only stub of org.bukkit.boss.BossBar (interface). */
public interface BossBar {
    String getTitle();

    void setTitle(String title);

    void setColor(BarColor color);

    void setProgress(double progress);

    double getProgress();

    void addPlayer(Player player);

    void removePlayer(Player player);

    void removeAll();

    List<Player> getPlayers();
}
