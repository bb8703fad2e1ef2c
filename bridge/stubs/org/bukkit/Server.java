package org.bukkit;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.bukkit.boss.BarColor;
import org.bukkit.boss.BarFlag;
import org.bukkit.boss.BarStyle;
import org.bukkit.boss.BossBar;
import org.bukkit.command.CommandSender;
import org.bukkit.command.ConsoleCommandSender;
import org.bukkit.command.PluginCommand;
import org.bukkit.entity.Player;
import org.bukkit.plugin.PluginManager;
import org.bukkit.plugin.ServicesManager;
import org.bukkit.scheduler.BukkitScheduler;

/** Compile-only stub of org.bukkit.Server (interface); only the members the bridge uses. */
public interface Server {
    String getName();

    String getVersion();

    Collection<? extends Player> getOnlinePlayers();

    Player getPlayerExact(String name);

    OfflinePlayer getOfflinePlayer(String name);

    Set<OfflinePlayer> getOperators();

    Set<OfflinePlayer> getWhitelistedPlayers();

    /** Deprecated in Paper for getBanList(BanListType) (Paper only); present in every version. */
    <T extends BanList<?>> T getBanList(BanList.Type type);

    Set<OfflinePlayer> getBannedPlayers();

    boolean hasWhitelist();

    void setWhitelist(boolean value);

    World getWorld(String name);

    List<World> getWorlds();

    int getMaxPlayers();

    void setMaxPlayers(int maxPlayers);

    /** Deprecated in Paper for motd() (Adventure); present in every version. */
    String getMotd();

    void setMotd(String motd);

    GameMode getDefaultGameMode();

    void setDefaultGameMode(GameMode mode);

    BossBar createBossBar(String title, BarColor color, BarStyle style, BarFlag... flags);

    PluginManager getPluginManager();

    ServicesManager getServicesManager();

    BukkitScheduler getScheduler();

    PluginCommand getPluginCommand(String name);

    /** Runs a command line as `sender` would type it (without the slash); false when there is no such command. */
    boolean dispatchCommand(CommandSender sender, String commandLine);

    ConsoleCommandSender getConsoleSender();

    /** Paper only, since late 1.21.4 builds. */
    void restart();

    /** Paper only: ticks per second over the last 1, 5 and 15 minutes. */
    double[] getTPS();

    /** Paper only: milliseconds the recent ticks took on average. */
    double getAverageTickTime();

    Spigot spigot();

    /** Compile-only stub of org.bukkit.Server.Spigot (static nested class). */
    class Spigot {
        public void restart() {
            throw new UnsupportedOperationException("Not supported yet.");
        }
    }
}
