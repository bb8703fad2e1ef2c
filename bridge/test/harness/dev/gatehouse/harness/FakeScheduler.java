package dev.gatehouse.harness;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bukkit.plugin.Plugin;
import org.bukkit.scheduler.BukkitScheduler;
import org.bukkit.scheduler.BukkitTask;

/** Runs tasks on the fake's main thread; a tick is 50 ms. Refuses tasks of a disabled plugin, as Bukkit does. */
final class FakeScheduler implements BukkitScheduler {
    private final ScheduledExecutorService mainThread;
    private final AtomicInteger ids = new AtomicInteger(1);

    FakeScheduler(ScheduledExecutorService mainThread) {
        this.mainThread = mainThread;
    }

    @Override
    public BukkitTask runTask(Plugin plugin, Runnable task) {
        return runTaskLater(plugin, task, 0);
    }

    @Override
    public BukkitTask runTaskLater(Plugin plugin, Runnable task, long delay) {
        if (!plugin.isEnabled()) throw new IllegalStateException("Plugin attempted to register task while disabled");
        int id = ids.getAndIncrement();
        var future = mainThread.schedule(() -> {
            if (plugin.isEnabled()) task.run();
        }, delay * 50, TimeUnit.MILLISECONDS);
        return new BukkitTask() {
            @Override
            public int getTaskId() {
                return id;
            }

            @Override
            public void cancel() {
                future.cancel(false);
            }
        };
    }
}
