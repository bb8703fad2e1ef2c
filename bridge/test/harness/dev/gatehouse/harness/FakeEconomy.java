package dev.gatehouse.harness;

import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import net.milkbowl.vault.economy.Economy;
import net.milkbowl.vault.economy.EconomyResponse;
import org.bukkit.OfflinePlayer;

/**
 * An economy plugin registered with the fake Vault: balances by UUID, starting
 * at 100. Like a real economy plugin it keeps them on disk (written through on
 * every change, in {@code HarnessEconomy/balances.properties} of the plugins
 * folder), so a restarted or killed harness finds them again.
 */
final class FakeEconomy implements Economy {
    private final Map<UUID, Double> balances = new HashMap<>();
    private final Calls calls;
    private final File file;
    /** Set by the harness's {@code holdNextDeposit}: the next deposit blocks the main thread until the JVM ends, before it changes anything. */
    volatile boolean holdNextDeposit;

    FakeEconomy(Calls calls, File pluginsFolder) {
        this.calls = calls;
        this.file = new File(new File(pluginsFolder, "HarnessEconomy"), "balances.properties");
        if (file.isFile()) {
            Properties saved = new Properties();
            try (FileInputStream in = new FileInputStream(file)) {
                saved.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (String uuid : saved.stringPropertyNames()) balances.put(UUID.fromString(uuid), Double.valueOf(saved.getProperty(uuid)));
        }
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
        put(player, balance - amount);
        return new EconomyResponse(amount, balance - amount, EconomyResponse.ResponseType.SUCCESS, null);
    }

    @Override
    public EconomyResponse depositPlayer(OfflinePlayer player, double amount) {
        calls.main("Economy.depositPlayer " + player.getName() + " " + amount);
        if (holdNextDeposit) {
            holdNextDeposit = false;
            // A server that hangs here and is then killed: the deposit never happens.
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new EconomyResponse(0, getBalance(player), EconomyResponse.ResponseType.FAILURE, "interrupted");
            }
        }
        double balance = getBalance(player) + amount;
        put(player, balance);
        return new EconomyResponse(amount, balance, EconomyResponse.ResponseType.SUCCESS, null);
    }

    private void put(OfflinePlayer player, double balance) {
        balances.put(player.getUniqueId(), balance);
        Properties saved = new Properties();
        for (Map.Entry<UUID, Double> entry : balances.entrySet()) saved.setProperty(entry.getKey().toString(), entry.getValue().toString());
        file.getParentFile().mkdirs();
        try (FileOutputStream out = new FileOutputStream(file)) {
            saved.store(out, null);
            out.getFD().sync();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
