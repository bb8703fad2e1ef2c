package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.logging.Logger;
import org.bukkit.OfflinePlayer;
import org.bukkit.Server;

/**
 * Money moved through Vault under an operation id, all steps of a movement
 * in one main-thread task, written down in the {@link MovementJournal} first.
 * A repeated id is answered from the journal, also after a server restart,
 * so a retry never moves the money again. A movement that a restart or a
 * kill interrupted (planned, not finished) is undone before any other
 * economy call of the new run: the sidecar never got its answer, and when it
 * asks again under the same id it is told that nothing moved.
 *
 * Undoing takes back a step's deposit only as far as the player still has
 * it: money is never created to make up what was spent; the shortfall is
 * logged for an admin (and answered), see docs/paper.md.
 * Main thread only, as {@link VaultEconomy}.
 */
final class VaultMovements {
    private final Server server;
    private final VaultEconomy economy;
    private final MovementJournal journal;
    private final Logger log;
    private boolean leftoversSettled;

    VaultMovements(Server server, VaultEconomy economy, MovementJournal journal, Logger log) {
        this.server = server;
        this.economy = economy;
        this.journal = journal;
        this.log = log;
    }

    VaultEconomy economy() {
        return economy;
    }

    /** Before any economy call (reads too, so no balance is read mid-movement): undoes what the last run left unfinished. */
    void settleLeftovers() {
        if (leftoversSettled) return;
        for (MovementJournal.Movement movement : journal.unfinished()) {
            List<OfflinePlayer> players = new ArrayList<>();
            // Names the server knew a moment before it stopped: answered from its user cache.
            for (MovementJournal.Step step : movement.steps) players.add(server.getOfflinePlayer(step.name()));
            try {
                undo(movement, players, "interrupted by a server stop");
            } catch (RpcException refused) {
                // Left unfinished in the journal, to be tried again at the next start; the economy serves meanwhile.
                log.severe("economy: cannot undo the interrupted operation " + movement.id + " now: " + refused.getMessage() + "; it is tried again at the next start");
            }
        }
        leftoversSettled = true;
    }

    /**
     * The balances after each step, in the steps' order: from the journal
     * when this id was done before, else done now, withdrawals checked first
     * so a refusal moves nothing.
     *
     * @param request the method and params, to refuse the id reused for another request
     * @param players each step's player, looked up
     */
    List<Long> move(String id, String request, List<MovementJournal.Step> steps, List<OfflinePlayer> players) {
        settleLeftovers();
        MovementJournal.Movement known = known(id, request);
        if (known != null) return balances(answer(known));
        return balances(run(id, request, steps, players, after -> after));
    }

    /**
     * Puts back the finished movement whose request id is {@code of}, as one
     * movement of its own under {@code id}: each deposit taken back as far as
     * the player still has it, each withdrawal given back less what was
     * spent of the deposits (see {@link #putBack}). Answers
     * {@code {shortfallCents}}: what stays with those who spent it (0 when
     * everything was put back). Nothing to put back (the movement unknown,
     * refused, or already undone): {@code {shortfallCents: 0}}, nothing done.
     */
    Object undo(String id, String request, String of) {
        settleLeftovers();
        MovementJournal.Movement known = known(id, request);
        if (known != null) return answer(known);
        MovementJournal.Movement movement = journal.find(of);
        if (movement == null || movement.result == null) return Map.of("shortfallCents", 0);
        List<MovementJournal.Step> steps = new ArrayList<>();
        List<OfflinePlayer> players = new ArrayList<>();
        long spent = 0;
        long shortfall = 0;
        for (int i = movement.steps.size() - 1; i >= 0; i--) {
            MovementJournal.Step step = movement.steps.get(i);
            OfflinePlayer player = server.getOfflinePlayer(step.name());
            long cents;
            if (step.cents() > 0) {
                long take = Math.min(economy.balance(player), step.cents());
                spent += step.cents() - take;
                shortfall += step.cents() - take;
                cents = -take;
            } else {
                long cut = Math.min(spent, -step.cents());
                spent -= cut;
                cents = -step.cents() - cut;
            }
            if (cents == 0) continue;
            steps.add(new MovementJournal.Step(step.name(), cents));
            players.add(player);
        }
        if (shortfall > 0) {
            log.severe("economy: putting back operation " + of + ": " + shortfall + " cents of its deposits had been spent; the refunds are cut by as much, and that much stays where it is, for an admin to settle");
        }
        long missing = shortfall;
        return run(id, request, steps, players, after -> Map.of("shortfallCents", missing));
    }

    private MovementJournal.Movement known(String id, String request) {
        MovementJournal.Movement known = journal.find(id);
        if (known != null && !known.request.equals(request)) {
            throw new RpcException(RpcException.INVALID_REQUEST, "request id " + id + " was already used for another request; an id may only be repeated to retry the same request");
        }
        return known;
    }

    private static List<Long> balances(Object answer) {
        List<Long> balances = new ArrayList<>();
        for (Object balance : (List<?>) answer) balances.add(((Number) balance).longValue());
        return balances;
    }

    /** Checks, plans in the journal, does each step and records the answer {@code answerOf} makes of the balances after. */
    private Object run(String id, String request, List<MovementJournal.Step> steps, List<OfflinePlayer> players, Function<List<Long>, Object> answerOf) {
        List<Long> before = new ArrayList<>();
        Map<String, Long> running = new HashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            long balance = economy.balance(players.get(i));
            before.add(balance);
            String key = key(steps.get(i).name());
            long now = running.getOrDefault(key, balance);
            if (now + steps.get(i).cents() < 0) throw RpcException.insufficientFunds(steps.get(i).name(), -steps.get(i).cents(), now);
            running.put(key, now + steps.get(i).cents());
        }
        MovementJournal.Movement movement = journal.planned(id, request, steps, before);
        List<Long> after = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            MovementJournal.Step step = steps.get(i);
            long balance;
            try {
                balance = step.cents() < 0 ? economy.withdraw(players.get(i), step.name(), -step.cents()) : economy.deposit(players.get(i), step.cents());
            } catch (RpcException refused) {
                // The economy plugin refused a step: what was done is put back, and the movement did not happen.
                String shortfall = putBack(movement, players);
                if (shortfall.isEmpty()) journal.forget(movement);
                else journal.failed(movement, new RpcException(RpcException.INTERNAL_ERROR, refused.getMessage() + "; putting back the steps done fell short: " + shortfall));
                throw refused;
            }
            journal.stepDone(movement, i, balance);
            after.add(balance);
        }
        Object answer = answerOf.apply(after);
        journal.finished(movement, answer);
        return answer;
    }

    private static Object answer(MovementJournal.Movement movement) {
        if (movement.error != null) {
            Map<String, Object> error = movement.error;
            @SuppressWarnings("unchecked")
            Map<String, Object> data = (Map<String, Object>) error.get("data");
            throw new RpcException(((Number) error.get("code")).intValue(), (String) error.get("message"), data);
        }
        return movement.result;
    }

    /** An unfinished movement: learns which steps happened, puts them back, and records that nothing moved (or what could not be put back). */
    private void undo(MovementJournal.Movement movement, List<OfflinePlayer> players, String why) {
        int next = movement.done.size();
        // Steps are done in order and a putting back starts with the last: once one was put back, none was under way.
        if (next < movement.steps.size() && movement.undone.isEmpty()) {
            // The step under way when the server stopped may or may not have happened: its player's balance tells.
            MovementJournal.Step step = movement.steps.get(next);
            long expected = movement.before.get(next);
            for (int j = 0; j < next; j++) if (key(movement.steps.get(j).name()).equals(key(step.name()))) expected += movement.steps.get(j).cents();
            long now = economy.balance(players.get(next));
            if (now == expected + step.cents()) movement.done.put(next, now);
            else if (now != expected) {
                log.severe("economy: cannot tell whether " + describe(step) + " (operation " + movement.id + ") happened before the server stopped: "
                        + step.name() + " has " + now + " cents, expected " + expected + " or " + (expected + step.cents()) + "; check that balance");
            }
        }
        String shortfall = putBack(movement, players);
        String message = "the movement was " + why + " and undone: nothing moved";
        if (!shortfall.isEmpty()) message = "the movement was " + why + " and undone, except: " + shortfall;
        log.warning("economy: operation " + movement.id + ": " + message);
        journal.failed(movement, new RpcException(RpcException.INTERNAL_ERROR, message));
    }

    /**
     * Puts back the steps done, last first (so deposits before withdrawals);
     * answers what could not be (empty when everything was), logged for an
     * admin. A deposit is taken back only as far as the player still has it,
     * and what they had spent is cut from the refunds of the withdrawals: a
     * putting back never makes money up.
     */
    private String putBack(MovementJournal.Movement movement, List<OfflinePlayer> players) {
        List<String> notes = new ArrayList<>();
        long spent = 0;
        List<Integer> done = new ArrayList<>(movement.done.keySet());
        for (int k = done.size() - 1; k >= 0; k--) {
            int i = done.get(k);
            if (movement.undone.contains(i)) continue;
            MovementJournal.Step step = movement.steps.get(i);
            OfflinePlayer player = players.get(i);
            if (step.cents() < 0) {
                long cut = Math.min(spent, -step.cents());
                spent -= cut;
                if (-step.cents() - cut > 0) economy.deposit(player, -step.cents() - cut);
                if (cut > 0) notes.add(step.name() + " got back " + (-step.cents() - cut) + " of " + -step.cents() + " cents");
            } else {
                long take = Math.min(economy.balance(player), step.cents());
                if (take > 0) economy.withdraw(player, step.name(), take);
                if (take < step.cents()) {
                    spent += step.cents() - take;
                    notes.add(step.name() + " had spent " + (step.cents() - take) + " of the " + step.cents() + " cents deposited");
                }
            }
            journal.stepUndone(movement, i);
        }
        String shortfall = String.join("; ", notes);
        if (!shortfall.isEmpty()) log.severe("economy: putting back operation " + movement.id + " fell short: " + shortfall + "; that much stays where it is, for an admin to settle");
        return shortfall;
    }

    private static String describe(MovementJournal.Step step) {
        return (step.cents() < 0 ? "taking " + -step.cents() + " cents from " : "giving " + step.cents() + " cents to ") + step.name();
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
