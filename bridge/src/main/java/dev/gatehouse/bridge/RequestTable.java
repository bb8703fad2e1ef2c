package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;

/**
 * Every method of docs/bridge-protocol.md that this server answers, by name,
 * and the capability groups they make up, as the request groups registered
 * them; the connection dispatches each request of the sidecar through it. A
 * method that changes the game is answered through {@link AnswerMemory}, so
 * a repeated request id is answered without doing the work again; a read
 * bypasses it. Filled before the connection starts, then only read.
 */
final class RequestTable implements RequestHandler {
    /** One method's work: its answer, or a failure with an RpcException. */
    interface Handler extends BiFunction<Params, Deadline, CompletableFuture<Object>> {}

    /** A change's work that keeps its own durable record of answers by request id (the economy's journal). */
    interface RecordedHandler {
        CompletableFuture<Object> apply(String id, String request, Params params, Deadline deadline);
    }

    private record Method(Handler handler, RecordedHandler recorded, boolean read) {}

    private final Map<String, Method> methods = new HashMap<>();
    private final List<String> capabilities = new ArrayList<>();
    private final AnswerMemory memory = new AnswerMemory();

    /** Lists an optional group of the game port in the hello, in the order offered. */
    void offer(String capability) {
        capabilities.add(capability);
    }

    /**
     * A method that only reads: as good done again, so it bypasses the answer
     * memory, which keeps neither its (sometimes large) answer nor adds its
     * cost to the most frequent requests (operators.isOperator comes with
     * every admin request).
     */
    void read(String method, Handler handler) {
        add(method, new Method(handler, null, true));
    }

    /** A method that changes the game: a repeat of its request id is answered from memory, not done twice. */
    void change(String method, Handler handler) {
        add(method, new Method(handler, null, false));
    }

    /**
     * A change whose work keeps a durable record of its answers by request
     * id, which outlives the memory (a server restart): the memory still
     * answers a repeat in flight or recent; the work answers the others from
     * its record. It gets the id as the memory keys it (JSON) and the request
     * as the memory compares it.
     */
    void recorded(String method, RecordedHandler handler) {
        add(method, new Method(null, handler, false));
    }

    private void add(String name, Method method) {
        if (methods.putIfAbsent(name, method) != null) throw new IllegalStateException(name + " is registered twice");
    }

    /** The optional groups of the game port this server offers, for the hello. */
    List<String> capabilities() {
        return List.copyOf(capabilities);
    }

    @Override
    public CompletableFuture<Object> handle(Object id, String name, Map<String, Object> params, Deadline deadline) {
        Method method = methods.get(name);
        if (method == null) return CompletableFuture.failedFuture(new RpcException(RpcException.METHOD_NOT_FOUND, "unknown method " + name));
        if (method.read()) return method.handler().apply(new Params(params), deadline);
        String request = name + " " + Json.write(params);
        if (method.recorded() != null) return memory.answer(id, request, () -> method.recorded().apply(Json.write(id), request, new Params(params), deadline));
        return memory.answer(id, request, () -> method.handler().apply(new Params(params), deadline));
    }
}
