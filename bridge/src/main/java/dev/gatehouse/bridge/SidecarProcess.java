package dev.gatehouse.bridge;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Hosts the Gatehouse sidecar: extracts the bundled JavaScript from the jar
 * into the plugin's folder, starts it with node, forwards its output to the
 * server log, starts it again if it dies, and stops it when the plugin is
 * disabled.
 */
final class SidecarProcess {
    private static final long FIRST_BACKOFF_MS = 1000;
    private static final long MAX_BACKOFF_MS = 30_000;
    /** A run this long counts as healthy: the next crash restarts it quickly again. */
    private static final long HEALTHY_RUN_MS = 60_000;

    private final File folder;
    private final String node;
    private final Map<String, String> environment;
    private final Logger logger;
    private volatile boolean running;
    private volatile Process process;
    private Thread supervisor;

    SidecarProcess(File folder, String node, Map<String, String> environment, Logger logger) {
        this.folder = folder;
        this.node = node;
        this.environment = environment;
        this.logger = logger;
    }

    /** The entry point, extracted fresh so that a new plugin version brings its own sidecar. */
    File extract() throws IOException {
        File target = new File(folder, "sidecar");
        Files.createDirectories(target.toPath());
        List<String> files = new ArrayList<>();
        try (InputStream manifest = resource("sidecar/manifest.txt")) {
            for (String line : new String(manifest.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) files.add(line.trim());
            }
        }
        // The portal's files have hashed names: an older version's would pile up beside the new ones.
        deleteTree(new File(target, "web"));
        for (String name : files) {
            File destination = new File(target, name);
            if (!destination.getCanonicalPath().startsWith(target.getCanonicalPath() + File.separator)) {
                throw new IOException("sidecar manifest names a file outside the sidecar folder: " + name);
            }
            Files.createDirectories(destination.getParentFile().toPath());
            try (InputStream in = resource("sidecar/" + name)) {
                Files.copy(in, destination.toPath(), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return new File(target, files.get(0));
    }

    private static void deleteTree(File file) throws IOException {
        File[] children = file.listFiles();
        if (children != null) {
            for (File child : children) deleteTree(child);
        }
        Files.deleteIfExists(file.toPath());
    }

    synchronized void start(File entryPoint) {
        if (running) return;
        running = true;
        supervisor = Threads.startDaemon("Gatehouse sidecar", () -> supervise(entryPoint));
    }

    /** Asks the sidecar to stop (SIGTERM), waits up to 10 s, then kills it. */
    void stop() {
        Thread thread;
        synchronized (this) {
            running = false;
            thread = supervisor;
            supervisor = null;
        }
        Process current = process;
        if (current != null) {
            // SIGTERM through the handle: Process.destroy() would also close the pipe and lose the sidecar's last words.
            current.toHandle().destroy();
            try {
                if (!current.waitFor(10, TimeUnit.SECONDS)) {
                    logger.warning("The sidecar did not stop within 10 s; killing it");
                    current.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                current.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        Threads.stop(thread);
    }


    private void supervise(File entryPoint) {
        long backoff = FIRST_BACKOFF_MS;
        while (running) {
            long started = System.currentTimeMillis();
            Process child;
            try {
                ProcessBuilder builder = new ProcessBuilder(node, entryPoint.getAbsolutePath()).directory(folder).redirectErrorStream(true);
                builder.environment().putAll(environment);
                child = builder.start();
            } catch (IOException e) {
                logger.severe("Cannot start the Gatehouse sidecar with \"" + node + "\" (set sidecar.node in config.yml to Node 20.19 or later): " + e.getMessage());
                child = null;
            }
            if (child != null) {
                process = child;
                logger.info("Started the Gatehouse sidecar (" + node + ", pid " + child.pid() + ")");
                try {
                    forwardOutput(child.getInputStream());
                    int code = child.waitFor();
                    if (!running) return;
                    logger.warning("The Gatehouse sidecar exited with code " + code + "; starting it again in " + backoff / 1000.0 + " s");
                } catch (IOException e) {
                    if (!running) return; // stop() closed the output
                    logger.warning("Lost the sidecar's output: " + e.getMessage());
                } catch (InterruptedException e) {
                    return;
                } finally {
                    process = null;
                }
            }
            if (System.currentTimeMillis() - started > HEALTHY_RUN_MS) backoff = FIRST_BACKOFF_MS;
            try {
                Thread.sleep(backoff);
            } catch (InterruptedException e) {
                return;
            }
            backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
        }
    }

    private void forwardOutput(InputStream output) throws IOException {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) logger.info("[sidecar] " + line);
        }
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = SidecarProcess.class.getClassLoader().getResourceAsStream(name);
        if (in == null) throw new IOException("the plugin jar has no " + name + " (was it built with npm run build?)");
        return in;
    }
}
