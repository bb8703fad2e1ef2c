package dev.gatehouse.harness;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bukkit.plugin.Plugin;
import org.bukkit.scheduler.BukkitScheduler;
import org.bukkit.scheduler.BukkitTask;

/**
 * Runs tasks on the fake's main thread and refuses tasks of a disabled
 * plugin, as Bukkit does. A tick is 50 ms. With {@code ticking}, a task waits
 * for the next tick as on a real server; without it, it runs as soon as the
 * main thread is free, which keeps tests fast.
 */
final class FakeScheduler implements BukkitScheduler {
    private static final long tickMs = 50;
    private final ScheduledExecutorService mainThread;
    private final boolean ticking;
    private final long startedAt = System.nanoTime();
    private final AtomicInteger ids = new AtomicInteger(1);
    private final List<ScheduledFuture<?>> tasks = new CopyOnWriteArrayList<>();
    private final AtomicInteger oneOffTasks = new AtomicInteger();

    FakeScheduler(ScheduledExecutorService mainThread, boolean ticking) {
        this.mainThread = mainThread;
        this.ticking = ticking;
    }

    @Override
    public BukkitTask runTask(Plugin plugin, Runnable task) {
        BukkitTask scheduled = schedule(plugin, task, 0, 0);
        oneOffTasks.incrementAndGet();
        return scheduled;
    }

    /** How many one-off tasks (runTask) plugins have scheduled: a test counts a request's trips to the main thread with it. */
    int tasksScheduled() {
        return oneOffTasks.get();
    }

    @Override
    public BukkitTask runTaskTimer(Plugin plugin, Runnable task, long delay, long period) {
        return schedule(plugin, task, delay, Math.max(1, period));
    }

    /** Runs the task after `delay` ticks (and every `period` ticks when period > 0). */
    private BukkitTask schedule(Plugin plugin, Runnable task, long delay, long period) {
        if (!plugin.isEnabled()) throw new IllegalStateException("Plugin attempted to register task while disabled");
        int id = ids.getAndIncrement();
        long delayNanos = TimeUnit.MILLISECONDS.toNanos(delay * tickMs);
        if (ticking) {
            long tickNanos = TimeUnit.MILLISECONDS.toNanos(tickMs);
            long sinceTick = (System.nanoTime() - startedAt) % tickNanos;
            delayNanos += tickNanos - sinceTick;
        }
        Runnable guarded = () -> {
            if (plugin.isEnabled()) task.run();
        };
        ScheduledFuture<?> future = period > 0
                ? mainThread.scheduleAtFixedRate(guarded, delayNanos, TimeUnit.MILLISECONDS.toNanos(period * tickMs), TimeUnit.NANOSECONDS)
                : mainThread.schedule(guarded, delayNanos, TimeUnit.NANOSECONDS);
        tasks.add(future);
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

    /** What Bukkit does when a plugin is disabled: its tasks stop. */
    void cancelAll() {
        for (ScheduledFuture<?> task : tasks) task.cancel(false);
        tasks.clear();
    }
}
