package net.milkbowl.vault.economy;

import org.bukkit.OfflinePlayer;

/** Compile-only stub of Vault's net.milkbowl.vault.economy.Economy (interface, VaultAPI 1.7). */
public interface Economy {
    String getName();

    double getBalance(OfflinePlayer player);

    boolean has(OfflinePlayer player, double amount);

    EconomyResponse withdrawPlayer(OfflinePlayer player, double amount);

    EconomyResponse depositPlayer(OfflinePlayer player, double amount);
}
