package dev.gatehouse.bridge;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;

/**
 * A JSON-RPC error with one of the codes of docs/bridge-protocol.md, and the
 * error's {@code data} where the protocol gives it one: the sidecar builds its
 * typed errors from that data, not from the message text.
 */
public final class RpcException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;
    public static final int CLOSED = -32003;
    public static final int TIMED_OUT = -32004;
    public static final int PLAYER_NOT_ONLINE = -32010;
    public static final int UNKNOWN_WORLD = -32011;
    public static final int INSUFFICIENT_FUNDS = -32012;
    public static final int UNKNOWN_ITEM = -32013;

    private final int code;
    private final transient Map<String, Object> data;

    public RpcException(int code, String message) {
        this(code, message, null);
    }

    public RpcException(int code, String message, Map<String, Object> data) {
        super(message);
        this.code = code;
        this.data = data;
    }

    public int code() {
        return code;
    }

    /** The failure inside a CompletionException (what a future's stages wrap it in), or the failure itself. */
    static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    /** The error's data member, or null for none. */
    public Map<String, Object> data() {
        return data;
    }

    public static RpcException invalidParams(String message) {
        return new RpcException(INVALID_PARAMS, message);
    }

    /** @param role "player" or, for the one a player is sent to, "target" */
    public static RpcException notOnline(String name, String role) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("name", name);
        data.put("role", role);
        return new RpcException(PLAYER_NOT_ONLINE, ("target".equals(role) ? "target player " : "player ") + name + " is not online", data);
    }

    public static RpcException unknownWorld(String world, List<String> worlds) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("world", world);
        data.put("worlds", worlds);
        return new RpcException(UNKNOWN_WORLD, "unknown world " + world, data);
    }

    public static RpcException unknownItem(String item) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("item", item);
        return new RpcException(UNKNOWN_ITEM, "unknown item " + item, data);
    }

    public static RpcException insufficientFunds(String name, long neededCents, long balanceCents) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("name", name);
        data.put("neededCents", neededCents);
        data.put("balanceCents", balanceCents);
        return new RpcException(INSUFFICIENT_FUNDS, name + " has " + balanceCents + " cents, less than " + neededCents, data);
    }
}
