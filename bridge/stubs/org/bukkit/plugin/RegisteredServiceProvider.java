package org.bukkit.plugin;

/** Stub of org.bukkit.plugin.RegisteredServiceProvider (class). */
public class RegisteredServiceProvider<T> {
    private final T provider;

    public RegisteredServiceProvider(Class<T> service, T provider, ServicePriority priority, Plugin plugin) {
        this.provider = provider;
    }

    public T getProvider() {
        return provider;
    }
}
