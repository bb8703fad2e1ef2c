package dev.gatehouse.harness;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Decodes protocol lines with the plugin's own reader, for the golden-sample
 * test: each line read on stdin is decoded by the jar's
 * {@code dev.gatehouse.bridge.WireMessage} and printed back as one JSON object
 * of what the plugin understood (kind, id, method, params, timeoutMs, result,
 * error, and for a request whether its deadline is acceptable), or of the
 * error it answers instead.
 *
 * Usage: java -cp harness:stubs dev.gatehouse.harness.DecodeLines --plugin gatehouse.jar &lt; samples.jsonl
 */
public final class DecodeLines {
    private DecodeLines() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2 || !args[0].equals("--plugin")) throw new IllegalArgumentException("usage: --plugin <jar>");
        URLClassLoader loader = new URLClassLoader(new URL[] {new File(args[1]).toURI().toURL()}, DecodeLines.class.getClassLoader());
        Class<?> wireMessage = Class.forName("dev.gatehouse.bridge.WireMessage", true, loader);
        Method decode = wireMessage.getMethod("decode", String.class);
        Method deadline = wireMessage.getMethod("deadline");
        Method write = Class.forName("dev.gatehouse.bridge.Json", true, loader).getMethod("write", Object.class);
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            Map<String, Object> understood = new LinkedHashMap<>();
            try {
                Object message = decode.invoke(null, line);
                for (RecordComponent component : wireMessage.getRecordComponents()) {
                    Object value = component.getAccessor().invoke(message);
                    // The kind, a Java constant (REQUEST), compared with the sidecar's name for it (request).
                    understood.put(component.getName(), value instanceof Enum<?> constant ? constant.name().toLowerCase(Locale.ROOT) : value);
                }
                if ("request".equals(understood.get("kind"))) {
                    try {
                        deadline.invoke(message);
                        understood.put("deadline", "accepted");
                    } catch (InvocationTargetException refused) {
                        understood.put("deadline", refused.getCause().getMessage());
                    }
                }
            } catch (InvocationTargetException refused) {
                Throwable cause = refused.getCause();
                understood.put("refused", Map.of("code", cause.getClass().getMethod("code").invoke(cause), "message", String.valueOf(cause.getMessage())));
            }
            out.println((String) write.invoke(null, understood));
        }
    }
}
