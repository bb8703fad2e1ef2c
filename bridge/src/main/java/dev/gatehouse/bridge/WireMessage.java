package dev.gatehouse.bridge;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One line of the bridge protocol, read and sorted into the four JSON-RPC
 * kinds. Requests carry string (or number) ids and, from the sidecar, the
 * {@code timeoutMs} budget that becomes their {@link Deadline}.
 *
 * @param id a String or a Number; null for a notification or an error about no request
 * @param timeoutMs as sent: the caller checks it with {@link #deadline()}, so an error can still name the request's id
 */
public record WireMessage(Kind kind, Object id, String method, Map<String, Object> params, Object timeoutMs, Object result, Map<String, Object> error) {
    public enum Kind { REQUEST, NOTIFICATION, RESULT, ERROR }

    /** The most a request may ask the plugin to wait before starting it: a day. */
    static final long MAX_TIMEOUT_MS = 86_400_000L;

    /** Reads one line; throws -32700 when it is not JSON and -32600 when it is not a JSON-RPC 2.0 message. */
    @SuppressWarnings("unchecked")
    public static WireMessage decode(String line) {
        Object parsed;
        try {
            parsed = Json.parse(line);
        } catch (Json.ParseException e) {
            throw new RpcException(RpcException.PARSE_ERROR, "parse error: " + e.getMessage());
        }
        if (!(parsed instanceof Map<?, ?> raw) || !"2.0".equals(raw.get("jsonrpc"))) {
            throw new RpcException(RpcException.INVALID_REQUEST, "not a JSON-RPC 2.0 message");
        }
        Map<String, Object> message = (Map<String, Object>) raw;
        Object id = message.get("id");
        boolean validId = id instanceof String || id instanceof Number;
        if (message.get("method") instanceof String method) {
            Object params = message.get("params");
            Map<String, Object> paramMap = params instanceof Map<?, ?> map ? (Map<String, Object>) map : new LinkedHashMap<>();
            if (id == null) return new WireMessage(Kind.NOTIFICATION, null, method, paramMap, null, null, null);
            if (!validId) throw new RpcException(RpcException.INVALID_REQUEST, "a request id must be a string or a number");
            return new WireMessage(Kind.REQUEST, id, method, paramMap, message.get("timeoutMs"), null, null);
        }
        if (validId && message.containsKey("result")) return new WireMessage(Kind.RESULT, id, null, null, null, message.get("result"), null);
        if ((validId || id == null) && message.get("error") instanceof Map<?, ?> error && error.get("code") instanceof Number && error.get("message") instanceof String) {
            return new WireMessage(Kind.ERROR, id, null, null, null, null, (Map<String, Object>) error);
        }
        throw new RpcException(RpcException.INVALID_REQUEST, "neither a request, a notification nor a response");
    }

    /** The request's deadline, counted from now; -32600 when timeoutMs is missing or not a whole number of milliseconds from 1 to a day. */
    public Deadline deadline() {
        if (timeoutMs instanceof Long millis && millis >= 1 && millis <= MAX_TIMEOUT_MS) return Deadline.after(millis, method);
        throw new RpcException(RpcException.INVALID_REQUEST, "a request needs \"timeoutMs\", a whole number of milliseconds from 1 to " + MAX_TIMEOUT_MS);
    }
}
