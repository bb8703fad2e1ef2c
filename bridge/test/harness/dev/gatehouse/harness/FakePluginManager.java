package dev.gatehouse.harness;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.bukkit.event.Cancellable;
import org.bukkit.event.Event;
import org.bukkit.event.EventHandler;
import org.bukkit.event.EventPriority;
import org.bukkit.event.Listener;
import org.bukkit.plugin.Plugin;
import org.bukkit.plugin.PluginManager;

/**
 * Plugins by name and event handlers found the way Bukkit finds them: public
 * methods annotated @EventHandler (visible at run time) taking one event.
 */
final class FakePluginManager implements PluginManager {
    private record Handler(Plugin plugin, Listener listener, Method method, EventPriority priority, boolean ignoreCancelled) {}

    private final Map<String, Plugin> plugins = new LinkedHashMap<>();
    private final List<Handler> handlers = new ArrayList<>();
    private final Logger logger = Logger.getLogger("harness");

    void add(Plugin plugin) {
        plugins.put(plugin.getName(), plugin);
    }

    void forget(Plugin plugin) {
        synchronized (handlers) {
            handlers.removeIf(handler -> handler.plugin() == plugin);
        }
    }

    @Override
    public Plugin getPlugin(String name) {
        return plugins.get(name);
    }

    @Override
    public void registerEvents(Listener listener, Plugin plugin) {
        for (Method method : listener.getClass().getMethods()) {
            EventHandler annotation = method.getAnnotation(EventHandler.class);
            if (annotation == null || method.getParameterCount() != 1 || !Event.class.isAssignableFrom(method.getParameterTypes()[0])) continue;
            synchronized (handlers) {
                handlers.add(new Handler(plugin, listener, method, annotation.priority(), annotation.ignoreCancelled()));
            }
        }
    }

    int handlerCount() {
        synchronized (handlers) {
            return handlers.size();
        }
    }

    /** Calls every handler for the event, lowest priority first; a failing handler is logged, as Bukkit does. */
    void callEvent(Event event) {
        callEvent(event, null);
    }

    /**
     * The same, with what another plugin's handler at HIGHEST priority does
     * (a kick, say) run between the handlers before MONITOR and those at it.
     */
    void callEvent(Event event, Runnable atHighest) {
        List<Handler> matching = new ArrayList<>();
        synchronized (handlers) {
            for (Handler handler : handlers) if (handler.method().getParameterTypes()[0].isInstance(event)) matching.add(handler);
        }
        matching.sort(Comparator.comparing(Handler::priority));
        Runnable pending = atHighest;
        for (Handler handler : matching) {
            if (pending != null && handler.priority() == EventPriority.MONITOR) {
                pending.run();
                pending = null;
            }
            if (handler.ignoreCancelled() && event instanceof Cancellable cancellable && cancellable.isCancelled()) continue;
            try {
                handler.method().invoke(handler.listener(), event);
            } catch (InvocationTargetException e) {
                logger.log(Level.SEVERE, "Could not pass event " + event.getClass().getSimpleName() + " to " + handler.plugin().getName(), e.getCause());
            } catch (IllegalAccessException e) {
                logger.log(Level.SEVERE, "Cannot call " + handler.method(), e);
            }
        }
        if (pending != null) pending.run();
    }
}
