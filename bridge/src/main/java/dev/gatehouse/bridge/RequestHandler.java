package dev.gatehouse.bridge;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Answers the sidecar's requests; the future fails with an RpcException for a protocol error. */
@FunctionalInterface
public interface RequestHandler {
    CompletableFuture<Object> handle(String method, Map<String, Object> params);
}
