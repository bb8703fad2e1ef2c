package dev.gatehouse.bridge;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.bukkit.plugin.Plugin;
import org.bukkit.scheduler.BukkitScheduler;

/**
 * Runs game work on the server's main thread, where Bukkit wants it, and
 * hands the result back as a future: the socket thread never waits on the
 * main thread and the main thread never waits on the socket.
 */
public final class MainThread {
    private final Plugin plugin;
    private final BukkitScheduler scheduler;

    public MainThread(Plugin plugin, BukkitScheduler scheduler) {
        this.plugin = plugin;
        this.scheduler = scheduler;
    }

    /**
     * Runs the work on the main thread unless its deadline has passed by the
     * time the main thread gets to it (a long tick, a frozen server): then the
     * work is dropped and the future fails with -32004, because the sidecar
     * has stopped waiting and would never learn it was done.
     */
    public CompletableFuture<Object> call(Deadline deadline, Callable<Object> work) {
        CompletableFuture<Object> result = new CompletableFuture<>();
        try {
            scheduler.runTask(plugin, () -> {
                if (deadline.passed()) {
                    result.completeExceptionally(deadline.dropped());
                    return;
                }
                try {
                    result.complete(work.call());
                } catch (Throwable failure) {
                    result.completeExceptionally(failure);
                }
            });
        } catch (RuntimeException notScheduled) {
            // The plugin is being disabled: the scheduler takes no more tasks.
            result.completeExceptionally(new RpcException(RpcException.CLOSED, "the server is stopping"));
        }
        return result;
    }

    public void run(Runnable work) {
        try {
            scheduler.runTask(plugin, work);
        } catch (RuntimeException notScheduled) {
            // Disabled: nothing left to show anyone.
        }
    }
}
