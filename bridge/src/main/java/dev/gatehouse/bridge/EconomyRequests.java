package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.List;

/**
 * The economy group over Vault ({@link VaultEconomy}), registered only when
 * the Vault plugin is present. Every movement of money goes through
 * {@link VaultMovements}, journaled by request id, so a repeated id is
 * answered from the journal even after a server restart.
 */
final class EconomyRequests implements RequestGroup {
    /** The most steps one economy.move may carry. */
    static final int MAX_STEPS = 16;

    private final VaultEconomy economy;
    private final VaultMovements movements;
    private final Handlers handlers;

    EconomyRequests(VaultMovements movements, Handlers handlers) {
        this.economy = movements.economy();
        this.movements = movements;
        this.handlers = handlers;
    }

    @Override
    public void register(RequestTable table) {
        table.offer("economy");
        table.read("economy.describe", handlers.onMainThread(p -> economy.name()));
        table.read("economy.balance", handlers.withPlayer((player, p) -> {
            movements.settleLeftovers();
            return economy.balance(player);
        }));
        table.recorded("economy.deposit", (id, request, params, deadline) -> handlers.withPlayer((player, p) ->
                movements.move(id, request, List.of(new MovementJournal.Step(p.string("name"), p.positiveLong("cents"))), List.of(player)).get(0)).apply(params, deadline));
        table.recorded("economy.withdraw", (id, request, params, deadline) -> handlers.withPlayer((player, p) ->
                movements.move(id, request, List.of(new MovementJournal.Step(p.string("name"), -p.positiveLong("cents"))), List.of(player)).get(0)).apply(params, deadline));
        table.recorded("economy.move", (id, request, params, deadline) -> {
            List<MovementJournal.Step> steps = steps(params);
            List<String> names = new ArrayList<>();
            for (MovementJournal.Step step : steps) names.add(step.name());
            return handlers.withPlayers(p -> names, (players, p) -> movements.move(id, request, steps, players)).apply(params, deadline);
        });
        table.recorded("economy.undo", (id, request, params, deadline) -> {
            String of = Json.write(params.string("of"));
            return handlers.onMainThread(p -> movements.undo(id, request, of)).apply(params, deadline);
        });
    }

    private static List<MovementJournal.Step> steps(Params params) {
        List<MovementJournal.Step> steps = new ArrayList<>();
        for (Params step : params.objects("steps", MAX_STEPS)) steps.add(new MovementJournal.Step(step.string("name"), step.nonZeroLong("cents")));
        return steps;
    }
}
