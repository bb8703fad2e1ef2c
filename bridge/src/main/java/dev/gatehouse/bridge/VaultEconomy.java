package dev.gatehouse.bridge;

import net.milkbowl.vault.economy.Economy;
import net.milkbowl.vault.economy.EconomyResponse;
import org.bukkit.OfflinePlayer;
import org.bukkit.Server;
import org.bukkit.plugin.RegisteredServiceProvider;

/**
 * The economy group over Vault. Every reference to a Vault class lives here,
 * and this class is only loaded once the Vault plugin is known to be present,
 * so the plugin runs without Vault. The provider is looked up on each call:
 * economy plugins often register with Vault after this plugin is enabled.
 */
final class VaultEconomy {
    private final Server server;

    VaultEconomy(Server server) {
        this.server = server;
    }

    double balance(OfflinePlayer player) {
        return provider().getBalance(player);
    }

    double deposit(OfflinePlayer player, double amount) {
        return settle(provider().depositPlayer(player, amount), "deposit");
    }

    double withdraw(OfflinePlayer player, double amount) {
        Economy economy = provider();
        if (!economy.has(player, amount)) {
            throw new RpcException(RpcException.insufficientFunds, player.getName() + " has less than " + java.math.BigDecimal.valueOf(amount).stripTrailingZeros().toPlainString());
        }
        return settle(economy.withdrawPlayer(player, amount), "withdrawal");
    }

    private static double settle(EconomyResponse response, String what) {
        if (!response.transactionSuccess()) {
            throw new RpcException(RpcException.internalError, "the economy plugin refused the " + what + ": " + response.errorMessage);
        }
        return response.balance;
    }

    private Economy provider() {
        RegisteredServiceProvider<Economy> registration = server.getServicesManager().getRegistration(Economy.class);
        if (registration == null) {
            throw new RpcException(RpcException.internalError, "no economy plugin is registered with Vault");
        }
        return registration.getProvider();
    }
}
