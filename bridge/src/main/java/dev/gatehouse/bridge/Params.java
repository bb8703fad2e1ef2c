package dev.gatehouse.bridge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Typed reads of a request's params; a missing or mistyped field is an invalid-params error naming it. */
public final class Params {
    private static final long MAX_EXACT_WHOLE = (1L << 53) - 1;
    private final Map<String, Object> values;

    public Params(Map<String, Object> values) {
        this.values = values;
    }

    public boolean has(String key) {
        return values.get(key) != null;
    }

    public String string(String key) {
        if (values.get(key) instanceof String text && !text.isEmpty()) return text;
        throw RpcException.invalidParams("params." + key + " must be a non-empty string");
    }

    public boolean bool(String key) {
        if (values.get(key) instanceof Boolean bool) return bool;
        throw RpcException.invalidParams("params." + key + " must be true or false");
    }

    public double number(String key) {
        if (values.get(key) instanceof Number number && Double.isFinite(number.doubleValue())) return number.doubleValue();
        throw RpcException.invalidParams("params." + key + " must be a number");
    }

    public int positiveInt(String key) {
        double number = number(key);
        if (number >= 1 && number <= Integer.MAX_VALUE && number == Math.rint(number)) return (int) number;
        throw RpcException.invalidParams("params." + key + " must be a positive integer");
    }

    /** A whole number from 1 to 2^53 - 1, the largest the sidecar's numbers carry exactly (cents, say). */
    public long positiveLong(String key) {
        double number = number(key);
        if (number >= 1 && number <= MAX_EXACT_WHOLE && number == Math.rint(number)) return (long) number;
        throw RpcException.invalidParams("params." + key + " must be a whole number from 1 to " + MAX_EXACT_WHOLE);
    }

    /** A whole number other than 0, within ±(2^53 - 1): cents given (positive) or taken (negative). */
    public long nonZeroLong(String key) {
        double number = number(key);
        if (number != 0 && Math.abs(number) <= MAX_EXACT_WHOLE && number == Math.rint(number)) return (long) number;
        throw RpcException.invalidParams("params." + key + " must be a whole number other than 0, from -" + MAX_EXACT_WHOLE + " to " + MAX_EXACT_WHOLE);
    }

    /** A non-empty list of objects, each read as params (a field named in its errors as {@code key[i].field}). */
    @SuppressWarnings("unchecked")
    public List<Params> objects(String key, int max) {
        if (values.get(key) instanceof List<?> list && !list.isEmpty() && list.size() <= max) {
            List<Params> objects = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                if (!(list.get(i) instanceof Map<?, ?> map)) break;
                objects.add(new Params((Map<String, Object>) map));
            }
            if (objects.size() == list.size()) return objects;
        }
        throw RpcException.invalidParams("params." + key + " must be a list of 1 to " + max + " objects");
    }

    @SuppressWarnings("unchecked")
    public Params object(String key) {
        if (values.get(key) instanceof Map<?, ?> map) return new Params((Map<String, Object>) map);
        throw RpcException.invalidParams("params." + key + " must be an object");
    }
}
