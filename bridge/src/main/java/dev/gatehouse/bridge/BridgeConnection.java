package dev.gatehouse.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The plugin's end of the bridge protocol (docs/bridge-protocol.md). It
 * connects to the sidecar, says hello with the token, and from then on
 * answers the sidecar's requests and sends events. It reconnects with backoff
 * for as long as it runs. Socket reads and JSON parsing happen on one thread
 * of its own, JSON writing and socket writes on another, so nothing here ever
 * blocks the server's main thread: callers only put messages on a queue.
 */
public final class BridgeConnection {
    public static final int PROTOCOL_VERSION = 2;
    private static final int WRONG_TOKEN = -32001;
    static final int MAX_LINE_BYTES = 1 << 20;
    private static final long OWN_REQUEST_TIMEOUT_MS = 5000;
    private static final long FIRST_BACKOFF_MS = 250;
    private static final long MAX_BACKOFF_MS = 10_000;
    private static final long QUIET_FAILURE_MS = 10_000;
    /** Events that happen while the sidecar is away wait for it, up to this many. */
    private static final int MAX_HELD_EVENTS = 1000;
    /** Put on a session's queue to end its writer. */
    private static final Object POISON = new Object();

    public record Hello(String token, String pluginName, String serverName, List<String> capabilities) {}

    private final String host;
    private final int port;
    private final Hello hello;
    private final RequestHandler handler;
    private final Logger logger;
    private final AtomicLong nextId = new AtomicLong(1);
    private final Map<Long, CompletableFuture<Object>> pending = new ConcurrentHashMap<>();
    private final ArrayDeque<Map<String, Object>> heldEvents = new ArrayDeque<>();
    private volatile boolean running;
    private volatile Session session;
    private Thread connector;

    public BridgeConnection(String host, int port, Hello hello, RequestHandler handler, Logger logger) {
        this.host = host;
        this.port = port;
        this.hello = hello;
        this.handler = handler;
        this.logger = logger;
    }

    public synchronized void start() {
        if (running) return;
        running = true;
        connector = Threads.startDaemon("Gatehouse bridge", this::connectLoop);
    }

    /** Closes the connection and stops reconnecting; requests still waiting fail. */
    public void stop() {
        Thread thread;
        synchronized (this) {
            running = false;
            thread = connector;
            connector = null;
        }
        Session current = session;
        if (current != null) current.close();
        Threads.stop(thread);
    }

    /** Sends a notification; while the sidecar is away it is held (bounded) and sent after the next hello. */
    public void notify(String method, Map<String, Object> params) {
        Map<String, Object> event = message(null, method, params);
        // Under the lock that the flush after a hello takes too, so events keep their order.
        synchronized (heldEvents) {
            Session current = session;
            if (current != null && current.accepted && current.send(event)) return;
            if (heldEvents.size() == MAX_HELD_EVENTS) heldEvents.removeFirst();
            heldEvents.addLast(event);
        }
    }

    /** Asks the sidecar; fails with an RpcException when it is away, answers with an error, or takes over 5 s. */
    public CompletableFuture<Object> request(String method, Map<String, Object> params) {
        return request(method, params, OWN_REQUEST_TIMEOUT_MS);
    }

    /** The same, waiting up to {@code timeoutMs} for the answer. */
    public CompletableFuture<Object> request(String method, Map<String, Object> params, long timeoutMs) {
        Session current = session;
        if (current == null || !current.accepted) {
            return CompletableFuture.failedFuture(new RpcException(RpcException.CLOSED, "the Gatehouse sidecar is not connected"));
        }
        return current.request(method, params, timeoutMs);
    }

    private void connectLoop() {
        long backoff = FIRST_BACKOFF_MS;
        // A sidecar the plugin has just started takes a moment to listen: only a lasting failure is worth a warning.
        long failingSince = 0;
        boolean warned = false;
        while (running) {
            Session attempt = new Session();
            try {
                attempt.open();
                session = attempt;
                failingSince = 0;
                warned = false;
                attempt.run(); // returns when the connection ends
                if (attempt.accepted) backoff = FIRST_BACKOFF_MS;
            } catch (IOException e) {
                long now = System.currentTimeMillis();
                if (failingSince == 0) failingSince = now;
                if (!warned && running && now - failingSince >= QUIET_FAILURE_MS) {
                    logger.warning("Cannot reach the Gatehouse sidecar at " + host + ":" + port + " (" + e.getMessage() + "); still trying");
                    warned = true;
                }
            } finally {
                attempt.close();
                if (session == attempt) session = null;
            }
            if (!running) break;
            try {
                Thread.sleep(backoff);
            } catch (InterruptedException e) {
                break;
            }
            backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
        }
    }

    private static Map<String, Object> message(Object id, String method, Object params) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("jsonrpc", "2.0");
        if (id != null) message.put("id", id);
        message.put("method", method);
        message.put("params", params);
        return message;
    }

    /** One TCP connection: its socket, its writer thread and the requests sent on it. */
    private final class Session {
        /** Messages to write, as maps: the writer thread turns them into JSON, so callers on the main thread only queue. */
        private final BlockingQueue<Object> outgoing = new LinkedBlockingQueue<>();
        private final List<Long> ownRequests = new ArrayList<>();
        private Socket socket;
        volatile boolean accepted;
        private volatile boolean closed;

        void open() throws IOException {
            socket = new Socket();
            // Small messages both ways: without this, answers wait ~40 ms for delayed ACKs.
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(host, port), 3000);
            Threads.startDaemon("Gatehouse bridge writer", this::writeLoop);
        }

        void run() throws IOException {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("token", hello.token());
            params.put("protocolVersion", PROTOCOL_VERSION);
            params.put("plugin", hello.pluginName());
            params.put("server", hello.serverName());
            params.put("capabilities", hello.capabilities());
            request("bridge.hello", params, 10_000).whenComplete((result, failure) -> {
                if (failure != null) {
                    Throwable error = RpcException.unwrap(failure);
                    logger.severe("The Gatehouse sidecar refused this plugin: " + error.getMessage()
                            + (error instanceof RpcException rpc && rpc.code() == WRONG_TOKEN ? " (check \"token\" in config.yml)" : ""));
                    close();
                    return;
                }
                synchronized (heldEvents) {
                    while (!heldEvents.isEmpty()) send(heldEvents.removeFirst());
                    accepted = true;
                }
                logger.info("Connected to the Gatehouse sidecar at " + host + ":" + port);
            });
            InputStream in = socket.getInputStream();
            LineReader lines = new LineReader(in);
            String line;
            while ((line = lines.next()) != null) receive(line);
            if (accepted && running) logger.warning("Lost the connection to the Gatehouse sidecar; reconnecting");
        }

        /** Queues the message for the writer; false once this connection is closed. */
        boolean send(Map<String, Object> message) {
            if (closed) return false;
            outgoing.add(message);
            return true;
        }

        CompletableFuture<Object> request(String method, Map<String, Object> params, long timeoutMs) {
            long id = nextId.getAndIncrement();
            CompletableFuture<Object> answer = new CompletableFuture<>();
            pending.put(id, answer);
            synchronized (ownRequests) {
                ownRequests.add(id);
            }
            send(message(id, method, params));
            return answer.orTimeout(timeoutMs, TimeUnit.MILLISECONDS).handle((result, error) -> {
                pending.remove(id);
                if (error == null) return CompletableFuture.completedFuture(result);
                Throwable cause = RpcException.unwrap(error);
                if (cause instanceof TimeoutException) cause = new RpcException(RpcException.TIMED_OUT, method + " got no answer within " + timeoutMs + " ms");
                return CompletableFuture.<Object>failedFuture(cause);
            }).thenCompose(future -> future);
        }

        void close() {
            if (closed) return;
            closed = true;
            outgoing.add(POISON);
            try {
                if (socket != null) socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            synchronized (ownRequests) {
                for (Long id : ownRequests) {
                    CompletableFuture<Object> waiting = pending.remove(id);
                    if (waiting != null) waiting.completeExceptionally(new RpcException(RpcException.CLOSED, "the connection to the sidecar closed before it answered"));
                }
                ownRequests.clear();
            }
        }

        private void writeLoop() {
            try (OutputStream out = socket.getOutputStream()) {
                for (;;) {
                    Object message = outgoing.take();
                    if (message == POISON) return;
                    String line = Json.write(message);
                    out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                    // Flush once the queue is drained: a burst of answers leaves in few packets.
                    if (outgoing.isEmpty()) out.flush();
                }
            } catch (IOException | InterruptedException e) {
                close();
            }
        }

        private void receive(String line) {
            WireMessage message;
            try {
                message = WireMessage.decode(line);
            } catch (RpcException e) {
                send(error(null, e));
                return;
            }
            switch (message.kind()) {
                case NOTIFICATION -> logger.fine("Ignored notification " + message.method() + " from the sidecar");
                case REQUEST -> answer(message);
                case RESULT, ERROR -> {
                    // The plugin's own ids are numbers; anything else answers no request of this plugin.
                    CompletableFuture<Object> waiting = message.id() instanceof Number number ? pending.remove(number.longValue()) : null;
                    if (waiting == null) return; // a late answer to a request that timed out
                    if (message.kind() == WireMessage.Kind.RESULT) {
                        waiting.complete(message.result());
                    } else {
                        Object code = message.error().get("code");
                        waiting.completeExceptionally(new RpcException(code instanceof Number n ? n.intValue() : RpcException.INTERNAL_ERROR, String.valueOf(message.error().get("message"))));
                    }
                }
            }
        }

        private void answer(WireMessage request) {
            Object id = request.id();
            CompletableFuture<Object> answer;
            try {
                // The deadline counts from here, the moment the request was read.
                answer = handler.handle(id, request.method(), request.params(), request.deadline());
            } catch (RuntimeException e) {
                answer = CompletableFuture.failedFuture(e);
            }
            answer.whenComplete((result, error) -> send(error == null ? result(id, result) : error(id, error)));
        }
    }

    private static Map<String, Object> result(Object id, Object result) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("jsonrpc", "2.0");
        message.put("id", id);
        message.put("result", result);
        return message;
    }

    private Map<String, Object> error(Object id, Throwable failure) {
        Throwable cause = RpcException.unwrap(failure);
        if (cause instanceof RpcException rpc) return error(id, rpc.code(), rpc.getMessage(), rpc.data());
        logger.log(Level.WARNING, "A bridge request failed inside the server", cause);
        return error(id, RpcException.INTERNAL_ERROR, String.valueOf(cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName()), null);
    }

    private static Map<String, Object> error(Object id, int code, String text, Map<String, Object> data) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code);
        body.put("message", text);
        if (data != null) body.put("data", data);
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("jsonrpc", "2.0");
        message.put("id", id);
        message.put("error", body);
        return message;
    }

    /** Reads UTF-8 lines ended by \n, refusing any longer than the protocol allows. */
    static final class LineReader {
        private final InputStream in;
        private final byte[] buffer = new byte[64 * 1024];
        private int start;
        private int end;
        private byte[] line = new byte[1024];

        LineReader(InputStream in) {
            this.in = in;
        }

        /** The next line without its \n, or null at the end of the stream. */
        String next() throws IOException {
            int length = 0;
            for (;;) {
                if (start == end) {
                    int read = in.read(buffer);
                    if (read < 0) return null;
                    start = 0;
                    end = read;
                }
                while (start < end) {
                    byte b = buffer[start++];
                    if (b == '\n') {
                        int size = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
                        return new String(line, 0, size, StandardCharsets.UTF_8);
                    }
                    if (length == MAX_LINE_BYTES) throw new IOException("a line from the sidecar is longer than 1 MiB");
                    if (length == line.length) line = java.util.Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, line.length * 2));
                    line[length++] = b;
                }
            }
        }
    }
}
