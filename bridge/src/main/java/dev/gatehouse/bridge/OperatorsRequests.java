package dev.gatehouse.bridge;

import org.bukkit.Server;

/** The operators group: who is an operator, and making or unmaking one. */
final class OperatorsRequests implements RequestGroup {
    private final Server server;
    private final Handlers handlers;
    private final OperatorSnapshot operators;

    OperatorsRequests(Server server, Handlers handlers, OperatorSnapshot operators) {
        this.server = server;
        this.handlers = handlers;
        this.operators = operators;
    }

    @Override
    public void register(RequestTable table) {
        table.offer("operators");
        // Asked on every admin request: answered at once from the snapshot, without waiting for a tick.
        table.read("operators.isOperator", Handlers.atOnce(p -> operators.isOperator(p.string("name"))));
        table.read("operators.list", Handlers.atOnce(p -> operators.list()));
        table.change("operators.set", handlers.withPlayer((player, p) -> {
            boolean operator = p.bool("operator");
            if (player.isOp() == operator) return false;
            player.setOp(operator);
            operators.refresh(server);
            return true;
        }));
    }
}
