package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.bukkit.OfflinePlayer;
import org.bukkit.Server;
import org.bukkit.entity.Player;

/**
 * Where a method's work runs. Game work runs on the main thread and honours
 * the request's deadline ({@link MainThread#call}); the lookup of a player
 * the server has never seen (which may ask Mojang) runs on a worker of its
 * own first; and answers any thread may give (a copy the main thread keeps,
 * the JVM's own figures) are given at once on the socket thread.
 */
final class Handlers {
    private final Server server;
    private final MainThread mainThread;
    private final ExecutorService lookups = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "Gatehouse player lookup");
        thread.setDaemon(true); // as Threads.startDaemon, but started by the executor
        return thread;
    });

    Handlers(Server server, MainThread mainThread) {
        this.server = server;
        this.mainThread = mainThread;
    }

    RequestTable.Handler onMainThread(Function<Params, Object> work) {
        return (params, deadline) -> mainThread.call(deadline, () -> work.apply(params));
    }

    /** Without waiting for a tick: only for work that touches nothing of the game's. */
    static RequestTable.Handler atOnce(Function<Params, Object> work) {
        return (params, deadline) -> CompletableFuture.completedFuture(work.apply(params));
    }

    /**
     * For methods about a player who may be offline: the player is found among
     * those the server knows on the main thread, or else looked up by name on
     * the lookup worker, and the work then runs on the main thread.
     */
    RequestTable.Handler withPlayer(BiFunction<OfflinePlayer, Params, Object> work) {
        return (params, deadline) -> {
            String name = params.string("name");
            // The deadline guards the work's own task too: a slow lookup must not let it start late.
            return mainThread.call(deadline, () -> known(name))
                    .thenCompose(found -> found != null
                            ? CompletableFuture.completedFuture(found)
                            : CompletableFuture.supplyAsync(() -> (Object) server.getOfflinePlayer(name), lookups))
                    .thenCompose(player -> mainThread.call(deadline, () -> work.apply((OfflinePlayer) player, params)));
        };
    }

    /**
     * As {@link #withPlayer}, for work about several players (named by
     * {@code names}), each found or looked up in turn; the work gets them in
     * the same order.
     */
    RequestTable.Handler withPlayers(Function<Params, List<String>> names, BiFunction<List<OfflinePlayer>, Params, Object> work) {
        return (params, deadline) -> {
            List<String> wanted = names.apply(params);
            CompletableFuture<List<OfflinePlayer>> found = CompletableFuture.completedFuture(new ArrayList<>());
            for (String name : wanted) {
                found = found.thenCompose(players -> mainThread.call(deadline, () -> known(name))
                        .thenCompose(known -> known != null
                                ? CompletableFuture.completedFuture(known)
                                : CompletableFuture.supplyAsync(() -> (Object) server.getOfflinePlayer(name), lookups))
                        .thenApply(player -> {
                            players.add((OfflinePlayer) player);
                            return players;
                        }));
            }
            return found.thenCompose(players -> mainThread.call(deadline, () -> work.apply(players, params)));
        };
    }

    private OfflinePlayer known(String name) {
        Player online = server.getPlayerExact(name);
        if (online != null) return online;
        for (OfflinePlayer player : server.getOperators()) if (name.equalsIgnoreCase(player.getName())) return player;
        for (OfflinePlayer player : server.getWhitelistedPlayers()) if (name.equalsIgnoreCase(player.getName())) return player;
        return null;
    }

    void close() {
        lookups.shutdownNow();
    }
}
