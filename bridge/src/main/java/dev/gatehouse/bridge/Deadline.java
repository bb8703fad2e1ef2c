package dev.gatehouse.bridge;

/**
 * The latest moment a request's work may start: the sidecar gives each
 * request a budget ({@code timeoutMs}) shorter than it waits for the answer,
 * counted from when the plugin read the request. Work not started by then is
 * dropped, so nothing the sidecar has given up on happens later behind its
 * back (an item given, a message sent, after the API already answered 503).
 */
public final class Deadline {
    private final String work;
    private final long budgetMs;
    private final long atNanos;

    private Deadline(String work, long budgetMs, long atNanos) {
        this.work = work;
        this.budgetMs = budgetMs;
        this.atNanos = atNanos;
    }

    /** {@code budgetMs} from now, for the work named (a method, for the error message). */
    public static Deadline after(long budgetMs, String work) {
        return new Deadline(work, budgetMs, System.nanoTime() + budgetMs * 1_000_000L);
    }

    public boolean passed() {
        return System.nanoTime() - atNanos > 0;
    }

    /** The answer for work this deadline dropped; the work was not started, so a retry may do it. */
    public RpcException dropped() {
        return new RpcException(RpcException.TIMED_OUT, "the server was too busy to start " + work + " within " + budgetMs + " ms; it was not done");
    }
}
