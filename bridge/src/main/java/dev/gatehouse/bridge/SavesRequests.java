package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.bukkit.Server;
import org.bukkit.World;

/**
 * The saves group: the worlds' folders, and their saving paused around a
 * copy of them (a Gatehouse backup) and resumed. A pause turns each world's
 * autosave off and saves it with a flush of its chunk writer, so the folders
 * then hold the whole world and the server writes no more into them;
 * resuming gives each world the autosave it had. A pause lasts at most its
 * lease: a sidecar that died mid-backup never leaves the worlds unsaved (a
 * pause while paused renews the lease and saves nothing more), and so does
 * disabling the plugin.
 */
final class SavesRequests implements RequestGroup {
    private final Server server;
    private final Handlers handlers;
    private final MainThread mainThread;
    private final Logger logger;
    /** The worlds paused, by name, with the autosave each had; empty when not paused. Main thread only. */
    private final Map<String, Boolean> paused = new LinkedHashMap<>();
    /** When the pause ends by itself unless renewed (System.nanoTime). Main thread only. */
    private long leaseEndsAt;
    private final ScheduledExecutorService leases = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "Gatehouse saves lease");
        thread.setDaemon(true);
        return thread;
    });

    SavesRequests(Server server, Handlers handlers, MainThread mainThread, Logger logger) {
        this.server = server;
        this.handlers = handlers;
        this.mainThread = mainThread;
        this.logger = logger;
    }

    @Override
    public void register(RequestTable table) {
        table.offer("saves");
        table.read("saves.folders", handlers.onMainThread(p -> folders()));
        table.change("saves.pause", handlers.onMainThread(p -> pause(p.positiveInt("leaseSeconds"))));
        table.change("saves.resume", handlers.onMainThread(p -> {
            resume();
            return null;
        }));
    }

    private List<Map<String, Object>> folders() {
        List<Map<String, Object>> folders = new ArrayList<>();
        for (World world : server.getWorlds()) {
            Map<String, Object> folder = new LinkedHashMap<>();
            folder.put("name", world.getName());
            // The sidecar runs in the plugin's folder: it gets the path from the server's.
            folder.put("path", world.getWorldFolder().getAbsoluteFile().toPath().normalize().toString());
            folders.add(folder);
        }
        return folders;
    }

    private Object pause(int leaseSeconds) {
        leaseEndsAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(leaseSeconds);
        leases.schedule(() -> mainThread.run(this::endLapsedPause), leaseSeconds, TimeUnit.SECONDS);
        if (!paused.isEmpty()) return null;
        List<World> worlds = server.getWorlds();
        for (World world : worlds) {
            paused.put(world.getName(), world.isAutoSave());
            world.setAutoSave(false);
        }
        for (World world : worlds) saveFlushed(world);
        return null;
    }

    /** Paper waits for its chunk writer with save(true); Spigot has only save(). */
    private static void saveFlushed(World world) {
        try {
            world.save(true);
        } catch (NoSuchMethodError | AbstractMethodError notPaper) {
            world.save();
        }
    }

    private void resume() {
        for (Map.Entry<String, Boolean> entry : paused.entrySet()) {
            World world = server.getWorld(entry.getKey());
            if (world != null) world.setAutoSave(entry.getValue());
        }
        paused.clear();
    }

    private void endLapsedPause() {
        if (paused.isEmpty() || System.nanoTime() - leaseEndsAt < 0) return;
        logger.warning("The Gatehouse sidecar paused world saving for a backup and did not renew or end the pause; saving is on again");
        resume();
    }

    /** The plugin is being disabled (main thread): a pause ends with it. */
    void close() {
        leases.shutdownNow();
        resume();
    }
}
