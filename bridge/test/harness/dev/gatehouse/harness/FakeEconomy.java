package dev.gatehouse.harness;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import net.milkbowl.vault.economy.Economy;
import net.milkbowl.vault.economy.EconomyResponse;
import org.bukkit.OfflinePlayer;

/** An economy plugin registered with the fake Vault: balances by UUID, starting at 100. */
final class FakeEconomy implements Economy {
    private final Map<UUID, Double> balances = new HashMap<>();
    private final Calls calls;

    FakeEconomy(Calls calls) {
        this.calls = calls;
    }

    @Override
    public String getName() {
        return "HarnessEconomy";
    }

    @Override
    public double getBalance(OfflinePlayer player) {
        calls.main("Economy.getBalance " + player.getName());
        return balances.getOrDefault(player.getUniqueId(), 100.0);
    }

    @Override
    public boolean has(OfflinePlayer player, double amount) {
        calls.main("Economy.has " + player.getName() + " " + amount);
        return getBalance(player) >= amount;
    }

    @Override
    public EconomyResponse withdrawPlayer(OfflinePlayer player, double amount) {
        calls.main("Economy.withdrawPlayer " + player.getName() + " " + amount);
        double balance = getBalance(player);
        if (balance < amount) return new EconomyResponse(0, balance, EconomyResponse.ResponseType.FAILURE, "Insufficient funds");
        balances.put(player.getUniqueId(), balance - amount);
        return new EconomyResponse(amount, balance - amount, EconomyResponse.ResponseType.SUCCESS, null);
    }

    @Override
    public EconomyResponse depositPlayer(OfflinePlayer player, double amount) {
        calls.main("Economy.depositPlayer " + player.getName() + " " + amount);
        double balance = getBalance(player) + amount;
        balances.put(player.getUniqueId(), balance);
        return new EconomyResponse(amount, balance, EconomyResponse.ResponseType.SUCCESS, null);
    }
}
