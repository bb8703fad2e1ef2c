package org.bukkit.event;

/** Stub of org.bukkit.event.Event (abstract class). */
public abstract class Event {
    private final boolean async;

    public Event() {
        this(false);
    }

    public Event(boolean isAsync) {
        this.async = isAsync;
    }

    public final boolean isAsynchronous() {
        return async;
    }
}
