package dev.gatehouse.bridge;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Answers the sidecar's requests; the future fails with an RpcException for a protocol error. */
@FunctionalInterface
public interface RequestHandler {
    /**
     * @param id the request's id (a String or a Number): a repeated id is a retry of the same request
     * @param deadline when the work must have started by, or be dropped
     */
    CompletableFuture<Object> handle(Object id, String method, Map<String, Object> params, Deadline deadline);
}
