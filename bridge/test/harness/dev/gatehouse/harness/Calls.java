package dev.gatehouse.harness;

import java.util.ArrayList;
import java.util.List;

/**
 * What the plugin asked of the fake server, in order, and which of those
 * requests came from a thread other than the main thread (Paper would throw
 * "Asynchronous ...!" for most of them; the harness throws too).
 */
final class Calls {
    private final List<String> calls = new ArrayList<>();
    private final List<String> offMainThread = new ArrayList<>();
    private volatile Thread mainThread;

    void setMainThread(Thread thread) {
        mainThread = thread;
    }

    boolean onMainThread() {
        return Thread.currentThread() == mainThread;
    }

    /** Records a call that Bukkit allows on the main thread only. */
    synchronized void main(String call) {
        calls.add(call);
        if (!onMainThread()) {
            offMainThread.add(call + " on " + Thread.currentThread().getName());
            throw new IllegalStateException("Asynchronous " + call + "!");
        }
    }

    /** Records a call allowed from any thread. */
    synchronized void any(String call) {
        calls.add(call);
    }

    synchronized List<String> calls() {
        return new ArrayList<>(calls);
    }

    synchronized List<String> offMainThread() {
        return new ArrayList<>(offMainThread);
    }
}
