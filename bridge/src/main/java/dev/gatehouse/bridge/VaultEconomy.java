package dev.gatehouse.bridge;

import java.math.BigDecimal;
import java.math.RoundingMode;
import net.milkbowl.vault.economy.Economy;
import net.milkbowl.vault.economy.EconomyResponse;
import org.bukkit.OfflinePlayer;
import org.bukkit.Server;
import org.bukkit.plugin.RegisteredServiceProvider;

/**
 * The economy group over Vault, in whole cents on the wire while Vault counts
 * in doubles of the currency. Every reference to a Vault class lives here,
 * and this class is only loaded once the Vault plugin is known to be present,
 * so the plugin runs without Vault. The provider is looked up on each call:
 * economy plugins often register with Vault after this plugin is enabled.
 * Main thread only, as most economy plugins expect.
 */
final class VaultEconomy {
    private final Server server;

    VaultEconomy(Server server) {
        this.server = server;
    }

    /** The economy plugin's own name, e.g. {@code EssentialsX Economy}. */
    String name() {
        return provider().getName();
    }

    long balance(OfflinePlayer player) {
        return cents(provider().getBalance(player));
    }

    long deposit(OfflinePlayer player, long cents) {
        return settle(provider().depositPlayer(player, units(cents)), "deposit");
    }

    /** Checks and takes in one go, on one tick, so nothing can spend the money in between and the balance never goes negative. */
    long withdraw(OfflinePlayer player, String name, long cents) {
        Economy economy = provider();
        if (!economy.has(player, units(cents))) throw RpcException.insufficientFunds(name, cents, cents(economy.getBalance(player)));
        return settle(economy.withdrawPlayer(player, units(cents)), "withdrawal");
    }

    private static long settle(EconomyResponse response, String what) {
        if (!response.transactionSuccess()) {
            throw new RpcException(RpcException.INTERNAL_ERROR, "the economy plugin refused the " + what + ": " + response.errorMessage);
        }
        return cents(response.balance);
    }

    /** Vault's amount for whole cents: the double nearest the decimal. */
    private static double units(long cents) {
        return cents / 100.0;
    }

    /** A Vault amount rounded to the cent, half up (from its shortest decimal form, so 0.1 + 0.2 is 30 cents). */
    private static long cents(double units) {
        if (!Double.isFinite(units)) throw new RpcException(RpcException.INTERNAL_ERROR, "the economy plugin reported an amount that is not a number: " + units);
        return BigDecimal.valueOf(units).setScale(2, RoundingMode.HALF_UP).movePointRight(2).longValueExact();
    }

    private Economy provider() {
        RegisteredServiceProvider<Economy> registration = server.getServicesManager().getRegistration(Economy.class);
        if (registration == null) {
            throw new RpcException(RpcException.INTERNAL_ERROR, "no economy plugin is registered with Vault");
        }
        return registration.getProvider();
    }
}
