import { createServer, type Server } from 'node:http';
import type Koa from 'koa';

export interface ServerLimits {
  /** A connection silent this long is closed, whether or not it ever sent a byte. */
  idleTimeoutMs: number;
  maxConnections: number;
}

/**
 * The HTTP server around the Koa app, with limits on what a client can hold:
 * a request must arrive whole within 30 s (headers within 15 s), a socket
 * silent for `idleTimeoutMs` is closed, including one that never sent
 * anything (Node's request timeouts only start with a request), and at most
 * `maxConnections` are open at once: beyond it new ones are closed at once,
 * with a log line, rather than letting the process run out of file descriptors.
 */
export function createApiServer(app: Koa, limits: ServerLimits, logError: (message: string) => void): Server {
  const server = createServer(app.callback());
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  server.keepAliveTimeout = Math.min(5000, limits.idleTimeoutMs);
  server.timeout = limits.idleTimeoutMs;
  server.maxConnections = limits.maxConnections;
  let lastDropLog = 0;
  let dropped = 0;
  server.on('drop', () => {
    dropped += 1;
    const now = Date.now();
    if (now - lastDropLog < 10_000) return;
    logError(`HTTP: ${limits.maxConnections} connections are open (http.max-connections); refused ${dropped} new connection(s) since the last notice`);
    lastDropLog = now;
    dropped = 0;
  });
  return server;
}
