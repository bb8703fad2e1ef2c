package org.bukkit.configuration.file;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * Stub of org.bukkit.configuration.file.YamlConfiguration (class). The real
 * one parses with SnakeYAML; this reads only what the harness feeds it:
 * nested maps of scalars, indented by spaces, with comments. Lists and flow
 * style are skipped.
 */
public class YamlConfiguration extends FileConfiguration {
    public YamlConfiguration() {}

    public static YamlConfiguration loadConfiguration(File file) {
        YamlConfiguration config = new YamlConfiguration();
        List<String> lines;
        try {
            lines = Files.readAllLines(file.toPath(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return config;
        }
        List<String> keys = new ArrayList<>();
        List<Integer> indents = new ArrayList<>();
        for (String raw : lines) {
            String line = stripComment(raw);
            if (line.isBlank() || line.trim().startsWith("-")) continue;
            int indent = line.length() - line.stripLeading().length();
            int colon = line.indexOf(':');
            if (colon < 0) continue;
            while (!indents.isEmpty() && indents.get(indents.size() - 1) >= indent) {
                indents.remove(indents.size() - 1);
                keys.remove(keys.size() - 1);
            }
            String key = line.substring(indent, colon).trim();
            String value = line.substring(colon + 1).trim();
            keys.add(key);
            indents.add(indent);
            if (!value.isEmpty()) config.set(String.join(".", keys), scalar(value));
        }
        return config;
    }

    private static String stripComment(String line) {
        boolean quoted = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == quote) quoted = false;
            else if (!quoted && (c == '\'' || c == '"')) {
                quoted = true;
                quote = c;
            } else if (!quoted && c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) return line.substring(0, i);
        }
        return line;
    }

    private static Object scalar(String value) {
        if ((value.startsWith("'") && value.endsWith("'") || value.startsWith("\"") && value.endsWith("\"")) && value.length() >= 2) {
            return value.substring(1, value.length() - 1);
        }
        if (value.equals("true") || value.equals("false")) return Boolean.valueOf(value);
        try {
            return Integer.valueOf(value);
        } catch (NumberFormatException e) {
            return value;
        }
    }
}
