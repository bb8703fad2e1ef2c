package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader and writer for the bridge protocol's one-object lines.
 * Objects read as {@code Map<String, Object>} (insertion order kept), arrays as
 * {@code List<Object>}, numbers as {@code Long} when integral and in range,
 * otherwise {@code Double}. Written by hand so the plugin needs nothing beyond
 * the JDK and runs on Spigot, which does not promise Gson.
 */
public final class Json {
    private Json() {}

    /** Thrown for text that is not one JSON value. */
    public static final class ParseException extends Exception {
        private static final long serialVersionUID = 1L;

        ParseException(String message, int position) {
            super(message + " at character " + position);
        }
    }

    public static Object parse(String text) throws ParseException {
        Reader reader = new Reader(text);
        reader.skipWhitespace();
        Object value = reader.value(0);
        reader.skipWhitespace();
        if (reader.position != text.length()) throw new ParseException("unexpected text after the value", reader.position);
        return value;
    }

    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String text) {
            writeString(text, out);
        } else if (value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            if (Double.isNaN(number) || Double.isInfinite(number)) out.append("null");
            else if (number == Math.rint(number) && Math.abs(number) < 1e15) out.append((long) number);
            else out.append(number);
        } else if (value instanceof Number) {
            out.append(((Number) value).longValue());
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!first) out.append(',');
                first = false;
                writeString(String.valueOf(entry.getKey()), out);
                out.append(':');
                write(entry.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof Iterable<?> items) {
            out.append('[');
            boolean first = true;
            for (Object item : items) {
                if (!first) out.append(',');
                first = false;
                write(item, out);
            }
            out.append(']');
        } else {
            writeString(value.toString(), out);
        }
    }

    private static void writeString(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    // Line separators must not reach the wire raw: a line is one message.
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') out.append(String.format("\\u%04x", (int) c));
                    else out.append(c);
                }
            }
        }
        out.append('"');
    }

    private static final class Reader {
        private static final int MAX_DEPTH = 64;
        private final String text;
        private int position;

        Reader(String text) {
            this.text = text;
        }

        void skipWhitespace() {
            while (position < text.length()) {
                char c = text.charAt(position);
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return;
                position++;
            }
        }

        Object value(int depth) throws ParseException {
            if (depth > MAX_DEPTH) throw new ParseException("nested too deeply", position);
            if (position >= text.length()) throw new ParseException("unexpected end", position);
            char c = text.charAt(position);
            return switch (c) {
                case '{' -> object(depth);
                case '[' -> array(depth);
                case '"' -> string();
                case 't' -> literal("true", Boolean.TRUE);
                case 'f' -> literal("false", Boolean.FALSE);
                case 'n' -> literal("null", null);
                default -> {
                    if (c == '-' || (c >= '0' && c <= '9')) yield number();
                    throw new ParseException("unexpected character '" + c + "'", position);
                }
            };
        }

        private Object literal(String word, Object value) throws ParseException {
            if (!text.startsWith(word, position)) throw new ParseException("expected " + word, position);
            position += word.length();
            return value;
        }

        private Map<String, Object> object(int depth) throws ParseException {
            Map<String, Object> map = new LinkedHashMap<>();
            position++;
            skipWhitespace();
            if (peek() == '}') {
                position++;
                return map;
            }
            for (;;) {
                skipWhitespace();
                if (peek() != '"') throw new ParseException("expected a key", position);
                String key = string();
                skipWhitespace();
                expect(':');
                skipWhitespace();
                map.put(key, value(depth + 1));
                skipWhitespace();
                char next = peek();
                position++;
                if (next == '}') return map;
                if (next != ',') throw new ParseException("expected , or }", position - 1);
            }
        }

        private List<Object> array(int depth) throws ParseException {
            List<Object> list = new ArrayList<>();
            position++;
            skipWhitespace();
            if (peek() == ']') {
                position++;
                return list;
            }
            for (;;) {
                skipWhitespace();
                list.add(value(depth + 1));
                skipWhitespace();
                char next = peek();
                position++;
                if (next == ']') return list;
                if (next != ',') throw new ParseException("expected , or ]", position - 1);
            }
        }

        private String string() throws ParseException {
            position++;
            StringBuilder out = new StringBuilder();
            while (position < text.length()) {
                char c = text.charAt(position++);
                if (c == '"') return out.toString();
                if (c < 0x20) throw new ParseException("control character in a string", position - 1);
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                if (position >= text.length()) break;
                char escaped = text.charAt(position++);
                switch (escaped) {
                    case '"', '\\', '/' -> out.append(escaped);
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'u' -> {
                        if (position + 4 > text.length()) throw new ParseException("short \\u escape", position);
                        try {
                            out.append((char) Integer.parseInt(text.substring(position, position + 4), 16));
                        } catch (NumberFormatException e) {
                            throw new ParseException("bad \\u escape", position);
                        }
                        position += 4;
                    }
                    default -> throw new ParseException("bad escape \\" + escaped, position - 1);
                }
            }
            throw new ParseException("unterminated string", position);
        }

        private Object number() throws ParseException {
            int start = position;
            if (peek() == '-') position++;
            boolean integral = true;
            while (position < text.length()) {
                char c = text.charAt(position);
                if (c >= '0' && c <= '9') position++;
                else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
                    integral = false;
                    position++;
                } else break;
            }
            String literal = text.substring(start, position);
            try {
                if (integral && literal.length() < 19) return Long.parseLong(literal);
                return Double.parseDouble(literal);
            } catch (NumberFormatException e) {
                throw new ParseException("bad number " + literal, start);
            }
        }

        private char peek() throws ParseException {
            if (position >= text.length()) throw new ParseException("unexpected end", position);
            return text.charAt(position);
        }

        private void expect(char c) throws ParseException {
            if (peek() != c) throw new ParseException("expected " + c, position);
            position++;
        }
    }
}
