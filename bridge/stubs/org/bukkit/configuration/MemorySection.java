package org.bukkit.configuration;

import java.util.HashMap;
import java.util.Map;

/**
 * Stub of org.bukkit.configuration.MemorySection (class). Values are kept by
 * their full dotted path; the getters convert as the real ones do.
 */
public class MemorySection {
    private final Map<String, Object> values = new HashMap<>();

    protected MemorySection() {}

    public void set(String path, Object value) {
        if (value == null) values.remove(path);
        else values.put(path, value);
    }

    public String getString(String path, String def) {
        Object value = values.get(path);
        return value != null ? value.toString() : def;
    }

    public int getInt(String path, int def) {
        Object value = values.get(path);
        if (value instanceof Number number) return number.intValue();
        if (value instanceof String text) {
            try {
                return Integer.parseInt(text.trim());
            } catch (NumberFormatException e) {
                return def;
            }
        }
        return def;
    }

    public boolean getBoolean(String path, boolean def) {
        Object value = values.get(path);
        return value instanceof Boolean bool ? bool : def;
    }
}
