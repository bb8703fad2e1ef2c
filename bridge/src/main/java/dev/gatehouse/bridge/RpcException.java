package dev.gatehouse.bridge;

/** A JSON-RPC error with one of the codes of docs/bridge-protocol.md. */
public final class RpcException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    public static final int parseError = -32700;
    public static final int invalidRequest = -32600;
    public static final int methodNotFound = -32601;
    public static final int invalidParams = -32602;
    public static final int internalError = -32603;
    public static final int closed = -32003;
    public static final int timedOut = -32004;
    public static final int playerNotOnline = -32010;
    public static final int unknownWorld = -32011;
    public static final int insufficientFunds = -32012;

    private final int code;

    public RpcException(int code, String message) {
        super(message);
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static RpcException invalidParams(String message) {
        return new RpcException(invalidParams, message);
    }

    public static RpcException notOnline(String name) {
        return new RpcException(playerNotOnline, "player " + name + " is not online");
    }
}
