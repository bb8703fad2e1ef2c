package dev.gatehouse.bridge;

import java.util.LinkedHashMap;
import java.util.Map;
import org.bukkit.Server;

/**
 * The performance group: the server's tick rate and its JVM heap. Offered
 * only on Paper, which reports its tick rate (Server#getTPS); Spigot has no
 * such method. The heap is answered on either.
 */
final class PerformanceRequests implements RequestGroup {
    private final Server server;
    private final Handlers handlers;

    PerformanceRequests(Server server, Handlers handlers) {
        this.server = server;
        this.handlers = handlers;
    }

    @Override
    public void register(RequestTable table) {
        if (reportsTicks(server)) {
            table.offer("performance");
            table.read("performance.ticks", handlers.onMainThread(p -> ticks()));
        }
        // The JVM's own figures: any thread may read them, so the answer does not wait for a tick.
        table.read("performance.memory", Handlers.atOnce(p -> memory()));
    }

    private static boolean reportsTicks(Server server) {
        try {
            server.getTPS();
            return true;
        } catch (NoSuchMethodError | AbstractMethodError notPaper) {
            return false;
        }
    }

    /**
     * Paper's averages, shown as its /tps command shows them: at most 20 (a
     * server catching up after a lag runs faster for a while), two decimals.
     */
    private Map<String, Object> ticks() {
        double[] tps = server.getTPS();
        Map<String, Object> ticks = new LinkedHashMap<>();
        ticks.put("oneMinute", tickRate(tps[0]));
        ticks.put("fiveMinutes", tickRate(tps[1]));
        ticks.put("fifteenMinutes", tickRate(tps[2]));
        ticks.put("millisecondsPerTick", Math.round(server.getAverageTickTime() * 100) / 100.0);
        return ticks;
    }

    private static double tickRate(double perSecond) {
        return Math.min(20.0, Math.round(perSecond * 100) / 100.0);
    }

    /** The server's heap: what it uses now, and the most it may grow to (-Xmx). */
    private static Map<String, Object> memory() {
        Runtime runtime = Runtime.getRuntime();
        Map<String, Object> memory = new LinkedHashMap<>();
        memory.put("usedBytes", runtime.totalMemory() - runtime.freeMemory());
        memory.put("maxBytes", runtime.maxMemory());
        return memory;
    }
}
