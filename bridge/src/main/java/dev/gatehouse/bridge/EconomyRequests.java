package dev.gatehouse.bridge;

/** The economy group over Vault ({@link VaultEconomy}), registered only when the Vault plugin is present. */
final class EconomyRequests implements RequestGroup {
    private final VaultEconomy economy;
    private final Handlers handlers;

    EconomyRequests(VaultEconomy economy, Handlers handlers) {
        this.economy = economy;
        this.handlers = handlers;
    }

    @Override
    public void register(RequestTable table) {
        table.offer("economy");
        table.read("economy.describe", handlers.onMainThread(p -> economy.name()));
        table.read("economy.balance", handlers.withPlayer((player, p) -> economy.balance(player)));
        table.change("economy.deposit", handlers.withPlayer((player, p) -> economy.deposit(player, p.positiveLong("cents"))));
        table.change("economy.withdraw", handlers.withPlayer((player, p) -> economy.withdraw(player, p.string("name"), p.positiveLong("cents"))));
    }
}
