package dev.gatehouse.bridge;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Answers a repeated request id without doing the work again. The sidecar
 * repeats an id only to retry one operation (an item given, money moved)
 * whose answer it never got: the link dropped, or it stopped waiting. A
 * repeat that arrives while the first is in flight gets the first one's
 * answer when it comes; one that arrives later gets the remembered answer,
 * result or error.
 *
 * Bounds: an answer is kept for {@link #KEEP_MS} (10 minutes) and at most
 * {@link #MAX_ANSWERS} (10,000) are kept, the oldest forgotten first. Answers
 * that are not kept: those saying nothing was done, so that a retry does it.
 * Either the work never started (-32004, its deadline passed; -32003, the
 * server was stopping), or it was refused before it changed anything: the
 * player was not online (-32010), an unknown world or item (-32011, -32013),
 * too little money (-32012), bad params (-32602). A give refused because
 * the player was offline must not be refused again, from memory, when it is
 * retried after the player joined.
 * Reads do not come here at all ({@link RequestTable#read}). The memory
 * lives as long as the plugin: a server restart forgets it. Each entry holds
 * the id (at most {@link #MAX_ID_LENGTH} characters), a digest of the request
 * and a change's small answer, so a full memory stays within a few megabytes.
 */
final class AnswerMemory {
    static final long KEEP_MS = 10 * 60 * 1000;
    static final int MAX_ANSWERS = 10_000;
    static final int MAX_ID_LENGTH = 256;

    /** @param request a SHA-256 digest of what the request asked: params can be long (a broadcast's text) */
    private record Entry(byte[] request, CompletableFuture<Object> answer, long rememberedAtNanos) {}

    private final Map<String, Entry> inFlight = new HashMap<>();
    /** In the order answered, so the oldest are at the head. */
    private final LinkedHashMap<String, Entry> remembered = new LinkedHashMap<>();

    /**
     * The answer to the request with this id: the remembered or in-flight one
     * when the id was seen, else a fresh one from {@code work}.
     *
     * @param request what the request asked (method and params), to refuse an id reused for another request
     */
    CompletableFuture<Object> answer(Object id, String request, Supplier<CompletableFuture<Object>> work) {
        String key = Json.write(id);
        if (key.length() > MAX_ID_LENGTH) {
            return CompletableFuture.failedFuture(new RpcException(RpcException.INVALID_REQUEST, "a request id may be at most " + MAX_ID_LENGTH + " characters long"));
        }
        byte[] digest = digest(request);
        CompletableFuture<Object> fresh;
        synchronized (this) {
            forgetExpired();
            Entry seen = inFlight.containsKey(key) ? inFlight.get(key) : remembered.get(key);
            if (seen != null) {
                if (!Arrays.equals(seen.request(), digest)) {
                    return CompletableFuture.failedFuture(new RpcException(RpcException.INVALID_REQUEST,
                            "request id " + key + " was already used for another request; an id may only be repeated to retry the same request"));
                }
                return seen.answer();
            }
            fresh = new CompletableFuture<>();
            inFlight.put(key, new Entry(digest, fresh, 0));
        }
        CompletableFuture<Object> started;
        try {
            started = work.get();
        } catch (RuntimeException e) {
            started = CompletableFuture.failedFuture(e);
        }
        started.whenComplete((result, failure) -> {
            synchronized (this) {
                inFlight.remove(key);
                if (!changedNothing(failure)) {
                    remembered.put(key, new Entry(digest, fresh, System.nanoTime()));
                    while (remembered.size() > MAX_ANSWERS) {
                        Iterator<String> oldest = remembered.keySet().iterator();
                        oldest.next();
                        oldest.remove();
                    }
                }
            }
            if (failure != null) fresh.completeExceptionally(failure);
            else fresh.complete(result);
        });
        return fresh;
    }

    private void forgetExpired() {
        long now = System.nanoTime();
        Iterator<Entry> oldestFirst = remembered.values().iterator();
        while (oldestFirst.hasNext() && now - oldestFirst.next().rememberedAtNanos() > KEEP_MS * 1_000_000L) oldestFirst.remove();
    }

    private static byte[] digest(String request) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(request.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** The errors every handler raises before it changes anything (each {@link RequestGroup} checks first, then acts). */
    private static final Set<Integer> NOTHING_DONE = Set.of(RpcException.TIMED_OUT, RpcException.CLOSED, RpcException.PLAYER_NOT_ONLINE,
            RpcException.UNKNOWN_WORLD, RpcException.INSUFFICIENT_FUNDS, RpcException.UNKNOWN_ITEM, RpcException.INVALID_PARAMS);

    private static boolean changedNothing(Throwable failure) {
        return RpcException.unwrap(failure) instanceof RpcException rpc && NOTHING_DONE.contains(rpc.code());
    }
}
