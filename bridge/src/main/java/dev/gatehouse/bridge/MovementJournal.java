package dev.gatehouse.bridge;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.logging.Logger;

/**
 * The plugin's durable record of the money it moves through Vault, one JSON
 * line per event in {@code economy-journal.jsonl} of its data folder, each
 * forced to disk (FileChannel.force) before the plugin goes on: a movement is
 * written as planned (its steps and the balances before) before Vault is
 * touched, each step as done once Vault did it, and the outcome before the
 * sidecar is answered. So a repeated operation id is answered from here
 * across server restarts, and a movement a restart or a kill interrupted is
 * found unfinished and settled ({@link VaultMovements}).
 *
 * Finished movements are kept {@link #KEEP_MS} (a day, as the API keeps its
 * Idempotency-Keys); the file is rewritten without the older ones when the
 * plugin starts. A last line cut short by a kill is ignored: the event it
 * started to write had not been forced, so nothing had followed it.
 */
final class MovementJournal {
    static final long KEEP_MS = 24L * 60 * 60 * 1000;

    /** One step: {@code cents} given to the player, or taken when negative. */
    record Step(String name, long cents) {}

    /** A movement as the journal knows it. */
    static final class Movement {
        final String id;
        /** The method and params that asked for it, to refuse its id reused for another request. */
        final String request;
        final List<Step> steps;
        /** Each step's player's balance, in cents, read just before the first step. */
        final List<Long> before;
        final long at;
        /** The balance after each step that Vault did, by the step's index. */
        final Map<Integer, Long> done = new TreeMap<>();
        /** The steps done that were put back since, by index. */
        final Set<Integer> undone = new TreeSet<>();
        /** The answer given, once finished: a result, or an error as the protocol writes it. */
        Object result;
        Map<String, Object> error;

        Movement(String id, String request, List<Step> steps, List<Long> before, long at) {
            this.id = id;
            this.request = request;
            this.steps = steps;
            this.before = before;
            this.at = at;
        }

        boolean finished() {
            return result != null || error != null;
        }
    }

    private final Path file;
    private final Logger log;
    private final Map<String, Movement> movements = new LinkedHashMap<>();
    private FileChannel channel;

    MovementJournal(File file, Logger log) {
        this.file = file.toPath();
        this.log = log;
    }

    /** Reads the journal and rewrites it without what is past keeping; before any other use. */
    synchronized void open() {
        try {
            Files.createDirectories(file.getParent());
            if (Files.exists(file)) for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) read(line);
            long now = System.currentTimeMillis();
            movements.values().removeIf(movement -> movement.finished() && now - movement.at > KEEP_MS);
            Path fresh = file.resolveSibling(file.getFileName() + ".new");
            try (FileChannel out = FileChannel.open(fresh, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
                StringBuilder text = new StringBuilder();
                for (Movement movement : movements.values()) for (Map<String, Object> event : events(movement)) text.append(Json.write(event)).append('\n');
                out.write(ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8)));
                out.force(true);
            }
            Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the economy journal " + file, e);
        }
    }

    synchronized Movement find(String id) {
        return movements.get(id);
    }

    synchronized List<Movement> unfinished() {
        List<Movement> open = new ArrayList<>();
        for (Movement movement : movements.values()) if (!movement.finished()) open.add(movement);
        return open;
    }

    synchronized Movement planned(String id, String request, List<Step> steps, List<Long> before) {
        Movement movement = new Movement(id, request, steps, before, System.currentTimeMillis());
        append(plan(movement));
        movements.put(id, movement);
        return movement;
    }

    synchronized void stepDone(Movement movement, int step, long balance) {
        append(Map.of("id", movement.id, "step", step, "balance", balance));
        movement.done.put(step, balance);
    }

    /** A step done and then put back (a refused movement's, or an interrupted one's after a restart). */
    synchronized void stepUndone(Movement movement, int step) {
        append(Map.of("id", movement.id, "undone", step));
        movement.undone.add(step);
    }

    synchronized void finished(Movement movement, Object result) {
        append(Map.of("id", movement.id, "result", result));
        movement.result = result;
    }

    synchronized void failed(Movement movement, RpcException error) {
        Map<String, Object> written = new LinkedHashMap<>();
        written.put("code", error.code());
        written.put("message", error.getMessage());
        if (error.data() != null) written.put("data", error.data());
        append(Map.of("id", movement.id, "error", written));
        movement.error = written;
    }

    /** A movement that ended having changed nothing: its id may be asked again, and is then done afresh. */
    synchronized void forget(Movement movement) {
        append(Map.of("id", movement.id, "forget", true));
        movements.remove(movement.id);
    }

    synchronized void close() {
        try {
            if (channel != null) channel.close();
        } catch (IOException e) {
            log.warning("closing the economy journal: " + e.getMessage());
        }
    }

    private void append(Map<String, Object> event) {
        try {
            ByteBuffer bytes = ByteBuffer.wrap((Json.write(event) + "\n").getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) channel.write(bytes);
            channel.force(false);
        } catch (IOException e) {
            // Nothing is done that the journal could not record.
            throw new RpcException(RpcException.INTERNAL_ERROR, "the economy journal cannot be written: " + e.getMessage());
        }
    }

    private static Map<String, Object> plan(Movement movement) {
        List<Object> steps = new ArrayList<>();
        for (Step step : movement.steps) steps.add(Map.of("name", step.name(), "cents", step.cents()));
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("id", movement.id);
        event.put("request", movement.request);
        event.put("steps", steps);
        event.put("before", movement.before);
        event.put("at", movement.at);
        return event;
    }

    private static List<Map<String, Object>> events(Movement movement) {
        List<Map<String, Object>> events = new ArrayList<>();
        events.add(plan(movement));
        for (Map.Entry<Integer, Long> step : movement.done.entrySet()) events.add(Map.of("id", movement.id, "step", step.getKey(), "balance", step.getValue()));
        for (Integer step : movement.undone) events.add(Map.of("id", movement.id, "undone", step));
        if (movement.result != null) events.add(Map.of("id", movement.id, "result", movement.result));
        if (movement.error != null) events.add(Map.of("id", movement.id, "error", movement.error));
        return events;
    }

    @SuppressWarnings("unchecked")
    private void read(String line) {
        if (line.isBlank()) return;
        Map<String, Object> event;
        try {
            event = (Map<String, Object>) Json.parse(line);
        } catch (Json.ParseException | ClassCastException e) {
            log.warning("economy journal: skipping a line cut short (" + e.getMessage() + ")");
            return;
        }
        String id = (String) event.get("id");
        if (event.containsKey("steps")) {
            List<Step> steps = new ArrayList<>();
            for (Object step : (List<Object>) event.get("steps")) {
                Map<String, Object> fields = (Map<String, Object>) step;
                steps.add(new Step((String) fields.get("name"), ((Number) fields.get("cents")).longValue()));
            }
            List<Long> before = new ArrayList<>();
            for (Object balance : (List<Object>) event.get("before")) before.add(((Number) balance).longValue());
            movements.put(id, new Movement(id, (String) event.get("request"), steps, before, ((Number) event.get("at")).longValue()));
            return;
        }
        Movement movement = movements.get(id);
        if (movement == null) return;
        if (event.containsKey("step")) movement.done.put(((Number) event.get("step")).intValue(), ((Number) event.get("balance")).longValue());
        else if (event.containsKey("undone")) movement.undone.add(((Number) event.get("undone")).intValue());
        else if (event.containsKey("result")) movement.result = event.get("result");
        else if (event.containsKey("error")) movement.error = (Map<String, Object>) event.get("error");
        else if (event.containsKey("forget")) movements.remove(id);
    }
}
