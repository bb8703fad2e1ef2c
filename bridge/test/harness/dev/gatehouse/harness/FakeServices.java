package dev.gatehouse.harness;

import java.util.HashMap;
import java.util.Map;
import org.bukkit.plugin.Plugin;
import org.bukkit.plugin.RegisteredServiceProvider;
import org.bukkit.plugin.ServicePriority;
import org.bukkit.plugin.ServicesManager;

final class FakeServices implements ServicesManager {
    private final Map<Class<?>, RegisteredServiceProvider<?>> registrations = new HashMap<>();

    <T> void register(Class<T> service, T provider, Plugin plugin) {
        registrations.put(service, new RegisteredServiceProvider<>(service, provider, ServicePriority.Normal, plugin));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> RegisteredServiceProvider<T> getRegistration(Class<T> service) {
        return (RegisteredServiceProvider<T>) registrations.get(service);
    }
}
