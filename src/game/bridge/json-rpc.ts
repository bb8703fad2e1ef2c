/**
 * JSON-RPC 2.0, one JSON object per line, over a socket: the framing of the
 * bridge protocol (docs/bridge-protocol.md). Either side may send requests
 * and notifications; answers are matched by id. A line that cannot be read is
 * answered with a parse error and the connection carries on; a request that
 * gets no answer in time fails with -32004; closing fails what is in flight
 * with -32003, so no request is silently lost.
 *
 * Every request carries `timeoutMs`, the time the receiver has to start the
 * work, shorter than the sender waits (startBudgetMs), so work that starts is
 * answered before the sender gives up, and work that would start later is
 * not done at all. Request ids are strings unique to this process run, or
 * the caller's own (an operation's, so that a retry is recognised).
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';

export const errorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  wrongToken: -32001,
  unsupportedVersion: -32002,
  closed: -32003,
  timedOut: -32004,
  playerNotOnline: -32010,
  unknownWorld: -32011,
  insufficientFunds: -32012,
  unknownItem: -32013,
} as const;

/**
 * The time the receiver has to start a request's work when the sender waits
 * `waitMs` for the answer: a margin of a quarter of the wait, at most 1 s, is
 * left for the work itself and the way back.
 */
export function startBudgetMs(waitMs: number): number {
  return Math.max(1, waitMs - Math.min(1000, Math.floor(waitMs / 4)));
}

/**
 * Random per process run, so ids never repeat across connections or restarts
 * of the sidecar (the plugin remembers answers by id). No colon: ids a caller
 * names itself contain one, so the two kinds cannot meet.
 */
const idPrefix = randomBytes(9).toString('base64url');
let idCounter = 0;
function nextRequestId(): string {
  idCounter += 1;
  return `${idPrefix}-${idCounter}`;
}

/** The longest request id the plugin takes (it remembers answers by id). */
export const maxRequestIdLength = 256;

export interface RequestOptions {
  /** The request's id, for a retry of one operation to reuse; must contain a colon (generated ids have none) and be at most maxRequestIdLength long. */
  id?: string;
  /** How long to wait for the answer, instead of the connection's requestTimeoutMs. */
  timeoutMs?: number;
}

export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

type Id = number | string;
export type Message =
  | { kind: 'request'; id: Id; method: string; params: unknown; timeoutMs?: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'result'; id: Id; result: unknown }
  | { kind: 'error'; id: Id | null; error: { code: number; message: string; data?: unknown } };

/** Reads one line; throws RpcError (-32700 or -32600) when it is not a JSON-RPC 2.0 message. */
export function decodeLine(line: string): Message {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new RpcError(errorCodes.parseError, `not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || (value as { jsonrpc?: unknown }).jsonrpc !== '2.0') {
    throw new RpcError(errorCodes.invalidRequest, 'not a JSON-RPC 2.0 object');
  }
  const message = value as Record<string, unknown>;
  const id = message.id;
  const validId = typeof id === 'number' || typeof id === 'string';
  if (typeof message.method === 'string') {
    const params = message.params ?? {};
    if (!validId) return { kind: 'notification', method: message.method, params };
    return 'timeoutMs' in message
      ? { kind: 'request', id: id as Id, method: message.method, params, timeoutMs: message.timeoutMs }
      : { kind: 'request', id: id as Id, method: message.method, params };
  }
  if (validId && 'result' in message) return { kind: 'result', id: id as Id, result: message.result };
  const error = message.error as { code?: unknown; message?: unknown } | undefined;
  if ((validId || id === null) && error && typeof error.code === 'number' && typeof error.message === 'string') {
    return { kind: 'error', id: (id as Id | null) ?? null, error: error as { code: number; message: string } };
  }
  throw new RpcError(errorCodes.invalidRequest, 'neither a request, a notification nor a response');
}

export interface JsonRpcOptions {
  requestTimeoutMs: number;
  maxLineBytes?: number;
  /** Answers a request from the peer; throw RpcError for a JSON-RPC error. */
  handleRequest(method: string, params: unknown): Promise<unknown>;
  log(message: string): void;
}

interface Waiter {
  resolve(value: unknown): void;
  reject(error: RpcError): void;
  timer: NodeJS.Timeout;
}

export class JsonRpcConnection extends EventEmitter<{ notification: [method: string, params: unknown]; closed: [] }> {
  private buffer = '';
  /** Waiters by request id: more than one when an operation is retried while its first request is still unanswered. */
  private readonly pending = new Map<Id, Waiter[]>();
  private closed = false;
  private readonly maxLineBytes: number;

  constructor(
    private readonly socket: Socket,
    private readonly options: JsonRpcOptions,
  ) {
    super();
    this.maxLineBytes = options.maxLineBytes ?? 1024 * 1024;
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    socket.on('data', (chunk: string) => this.receive(chunk));
    socket.on('error', (error) => options.log(`bridge connection: ${error.message}`));
    socket.on('close', () => this.close('the connection closed'));
  }

  get remoteAddress(): string {
    return this.socket.remoteAddress ?? 'unknown';
  }

  /**
   * Sends a request and resolves with its result. Repeating an explicit id
   * whose first request is still unanswered sends nothing more: both wait for
   * the one answer (the plugin would answer the repeat the same way).
   */
  request(method: string, params: unknown, options: RequestOptions = {}): Promise<unknown> {
    if (this.closed) return Promise.reject(new RpcError(errorCodes.closed, 'the bridge connection is closed'));
    if (options.id !== undefined && !options.id.includes(':'))
      return Promise.reject(new Error(`request id ${options.id} must contain a colon, so it cannot be taken for a generated one`));
    // JSON.stringify: the plugin counts the id as written, quotes and escapes included.
    if (options.id !== undefined && JSON.stringify(options.id).length > maxRequestIdLength)
      return Promise.reject(new Error(`request id ${options.id.slice(0, 40)}... is longer than ${maxRequestIdLength} characters`));
    const id = options.id ?? nextRequestId();
    const waitMs = options.timeoutMs ?? this.options.requestTimeoutMs;
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(id);
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.stopWaiting(id, waiter);
          reject(new RpcError(errorCodes.timedOut, `no answer to ${method} within ${waitMs} ms`));
        }, waitMs),
      };
      waiter.timer.unref();
      if (waiters) {
        waiters.push(waiter);
        return;
      }
      this.pending.set(id, [waiter]);
      this.write({ jsonrpc: '2.0', id, method, params, timeoutMs: startBudgetMs(waitMs) });
    });
  }

  private stopWaiting(id: Id, waiter: Waiter): void {
    const waiters = this.pending.get(id)?.filter((other) => other !== waiter);
    if (waiters?.length) this.pending.set(id, waiters);
    else this.pending.delete(id);
  }

  notify(method: string, params: unknown): void {
    if (!this.closed) this.write({ jsonrpc: '2.0', method, params });
  }

  /** Fails everything in flight with -32003 and ends the socket. */
  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    for (const [id, waiters] of this.pending) {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new RpcError(errorCodes.closed, `${reason} before the answer came`));
      }
      this.pending.delete(id);
    }
    this.socket.end();
    this.emit('closed');
  }

  private write(message: object): void {
    this.socket.write(`${JSON.stringify(message)}\n`);
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      if (line.trim()) this.handleLine(line);
      if (this.closed) return;
    }
    if (Buffer.byteLength(this.buffer) > this.maxLineBytes) {
      this.options.log(`bridge connection from ${this.remoteAddress}: a line over ${this.maxLineBytes} bytes; closing`);
      this.close('an oversized line arrived');
    }
  }

  private handleLine(line: string): void {
    let message: Message;
    try {
      message = decodeLine(line);
    } catch (error) {
      const rpcError = error as RpcError;
      this.options.log(`bridge connection from ${this.remoteAddress}: ${rpcError.message}: ${line.slice(0, 200)}`);
      this.write({ jsonrpc: '2.0', id: null, error: { code: rpcError.code, message: rpcError.message } });
      return;
    }
    switch (message.kind) {
      case 'request':
        void this.answer(message.id, message.method, message.params);
        return;
      case 'notification':
        this.emit('notification', message.method, message.params);
        return;
      case 'result':
      case 'error': {
        const waiters = message.id === null ? undefined : this.pending.get(message.id);
        if (!waiters) {
          this.options.log(`bridge connection: an answer to no request in flight (id ${String(message.id)}), ignored`);
          return;
        }
        this.pending.delete(message.id!);
        for (const waiter of waiters) {
          clearTimeout(waiter.timer);
          if (message.kind === 'result') waiter.resolve(message.result);
          else waiter.reject(new RpcError(message.error.code, message.error.message, message.error.data));
        }
      }
    }
  }

  private async answer(id: Id, method: string, params: unknown): Promise<void> {
    try {
      const result = await this.options.handleRequest(method, params);
      if (!this.closed) this.write({ jsonrpc: '2.0', id, result: result ?? null });
    } catch (error) {
      const rpcError = error instanceof RpcError ? error : new RpcError(errorCodes.internalError, 'internal error');
      if (!(error instanceof RpcError)) this.options.log(`bridge request ${method} failed: ${(error as Error)?.stack ?? String(error)}`);
      const data = rpcError.data === undefined ? {} : { data: rpcError.data };
      if (!this.closed) this.write({ jsonrpc: '2.0', id, error: { code: rpcError.code, message: rpcError.message, ...data } });
    }
  }
}
