import { connect, type Socket } from 'node:net';
import { onJsonLines } from './json-lines.js';

type Handler = (params: any) => unknown | Promise<unknown>;

/** An error a handler throws to answer with a JSON-RPC error: its code, message and data go on the wire. */
export class PluginError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/**
 * A stand-in for the Gatehouse plugin, speaking the bridge protocol from
 * Node, for the sidecar's protocol tests: it answers what its handlers say,
 * so a test can make it answer what the real plugin (tested in the JVM
 * harness) only answers in rare states, every error code of the table among
 * them.
 */
export class FakePlugin {
  readonly received: Array<{
    id?: number | string | null;
    method?: string;
    params?: any;
    timeoutMs?: unknown;
    result?: unknown;
    error?: { code: number; message: string; data?: unknown };
  }> = [];
  /** Answers to the sidecar's requests, by method; a handler that returns `'never'` leaves the request unanswered; one that throws a PluginError answers with that error. */
  readonly handlers = new Map<string, Handler>();
  private socket!: Socket;
  private nextId = 1000;
  private waiting = new Map<number, (message: any) => void>();
  closed = false;

  static async connect(port: number): Promise<FakePlugin> {
    const plugin = new FakePlugin();
    plugin.socket = connect(port, '127.0.0.1');
    // As the protocol asks of both sides: without it, small answers wait ~40 ms for a delayed ACK.
    plugin.socket.setNoDelay(true);
    onJsonLines(plugin.socket, (message) => plugin.receive(message));
    plugin.socket.on('close', () => (plugin.closed = true));
    await new Promise<void>((resolve, reject) => {
      plugin.socket.once('connect', () => resolve());
      plugin.socket.once('error', reject);
    });
    return plugin;
  }

  /** Sends the hello; resolves with the sidecar's answer (result or error). */
  hello(token: string, capabilities = ['operators', 'messaging', 'teleports', 'whitelist'], protocolVersion = 2): Promise<any> {
    return this.request('bridge.hello', { token, protocolVersion, plugin: 'fake plugin', server: 'none', capabilities });
  }

  request(method: string, params: unknown): Promise<any> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.sendLine(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  notify(method: string, params: unknown): void {
    this.sendLine(JSON.stringify({ jsonrpc: '2.0', method, params }));
  }

  sendLine(line: string): void {
    this.socket.write(`${line}\n`);
  }

  /** Resolves with the next message matching `check`, already received or still to come. */
  async next(check: (message: FakePlugin['received'][number]) => boolean, timeoutMs = 3000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(check);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('no such message from the sidecar');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async closedBySidecar(timeoutMs = 3000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    return this.closed;
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(message: any): void {
    this.received.push(message);
    if (message.method && message.id !== undefined) void this.answer(message);
    else if (this.waiting.has(message.id)) {
      this.waiting.get(message.id)!(message);
      this.waiting.delete(message.id);
    }
  }

  private async answer(message: { id: number | string; method: string; params: unknown }): Promise<void> {
    const handler = this.handlers.get(message.method);
    if (!handler) {
      this.sendLine(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `unknown method ${message.method}` } }));
      return;
    }
    try {
      const result = await handler(message.params);
      if (result === 'never') return;
      this.sendLine(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: result ?? null }));
    } catch (error) {
      const { code = -32603, message: text, data } = error as { code?: number; message: string; data?: unknown };
      this.sendLine(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: data === undefined ? { code, message: text } : { code, message: text, data } }));
    }
  }
}
