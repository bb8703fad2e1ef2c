package dev.gatehouse.bridge;

/** The plugin's own background threads: daemons, so a stuck one never holds the server's JVM open. */
final class Threads {
    private Threads() {}

    static Thread startDaemon(String name, Runnable work) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Interrupts the thread and waits up to 2 s for it to end. */
    static void stop(Thread thread) {
        if (thread == null) return;
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
