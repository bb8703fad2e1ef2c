/**
 * Vanilla's Server Management Protocol (1.21.9 and later): JSON-RPC 2.0 over
 * a WebSocket the server itself serves, authenticated with its secret
 * (`management-server-secret`). Where it is enabled, the RCON adapter takes
 * players joining and leaving, operator and whitelist changes from its
 * notifications, and sets the MOTD and max players through it (no command
 * can). Not for what it lacks: commands, teleports, inventories, boss bars.
 */
import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import type { PlayerRef } from '../port.js';

interface WirePlayer {
  id?: string;
  name?: string;
}

export interface ManagementEvents {
  joined: [PlayerRef];
  left: [PlayerRef];
  operatorAdded: [PlayerRef];
  operatorRemoved: [PlayerRef];
  allowlistAdded: [PlayerRef];
  allowlistRemoved: [PlayerRef];
  connection: [{ connected: boolean }];
}

const namespace = 'minecraft:';

export class ManagementClient extends EventEmitter<ManagementEvents> {
  private socket: WebSocket | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private backoffMs = 500;
  private problem: string | undefined;

  constructor(
    private readonly url: string,
    private readonly secret: string,
    private readonly options: { timeoutMs: number; log: (message: string) => void },
  ) {
    super();
  }

  /** Why it is not connected, when it tried and failed. */
  get connectionProblem(): string | undefined {
    return this.connected ? undefined : this.problem;
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  start(): Promise<void> {
    this.stopped = false;
    return this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.socket?.close();
  }

  /** Calls `minecraft:<method>` with named params. */
  call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('the management protocol is not connected'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no answer to ${method} within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: namespace + method, params }));
    });
  }

  private connect(): Promise<void> {
    return new Promise((resolve) => {
      const socket = new WebSocket(this.url, { headers: { Authorization: `Bearer ${this.secret}` }, handshakeTimeout: this.options.timeoutMs });
      this.socket = socket;
      let settled = false;
      const done = () => {
        if (!settled) {
          settled = true;
          resolve();
        }
      };
      socket.on('open', () => {
        this.problem = undefined;
        this.backoffMs = 500;
        this.options.log(`management protocol: connected to ${this.url}`);
        this.emit('connection', { connected: true });
        done();
      });
      socket.on('message', (data) => this.receive(String(data)));
      socket.on('error', (error) => {
        // ws refuses an upgrade answered otherwise than 101 with "Unexpected server response: <status>".
        const problem = /: 401$/.test(error.message) ? 'the management secret was refused (management-server-secret)' : error.message;
        if (problem !== this.problem) this.options.log(`management protocol: ${problem}`);
        this.problem = problem;
      });
      socket.on('close', () => {
        for (const [id, pending] of this.pending) {
          clearTimeout(pending.timer);
          pending.reject(new Error('the management connection closed'));
          this.pending.delete(id);
        }
        if (this.socket === socket) {
          this.socket = undefined;
          this.emit('connection', { connected: false });
        }
        done();
        this.scheduleReconnect();
      });
    });
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, this.backoffMs);
    this.reconnectTimer.unref();
    this.backoffMs = Math.min(10_000, this.backoffMs * 2);
  }

  private receive(text: string): void {
    let message: { id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: { message?: string } };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      this.options.log('management protocol: a message that is not JSON, ignored');
      return;
    }
    if (typeof message.id === 'number' && this.pending.has(message.id)) {
      const pending = this.pending.get(message.id)!;
      this.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error) pending.reject(new Error(message.error.message ?? 'management error'));
      else pending.resolve(message.result);
      return;
    }
    if (typeof message.method === 'string') this.notification(message.method, message.params);
  }

  /** `minecraft:notification/players/joined` and the like; params may be named or positional. */
  private notification(method: string, params: unknown): void {
    const first = Array.isArray(params) ? params[0] : (params as Record<string, unknown> | undefined)?.player;
    // An operator's notification carries the operator, whose player is inside.
    const wire = ((first as { player?: WirePlayer } | undefined)?.player ?? first) as WirePlayer | undefined;
    if (!wire || typeof wire.name !== 'string') return;
    const player = { name: wire.name, uuid: typeof wire.id === 'string' ? wire.id : '' };
    const events: Record<string, keyof ManagementEvents> = {
      'minecraft:notification/players/joined': 'joined',
      'minecraft:notification/players/left': 'left',
      'minecraft:notification/operators/added': 'operatorAdded',
      'minecraft:notification/operators/removed': 'operatorRemoved',
      'minecraft:notification/allowlist/added': 'allowlistAdded',
      'minecraft:notification/allowlist/removed': 'allowlistRemoved',
    };
    const event = events[method];
    if (event) (this.emit as (name: string, payload: PlayerRef) => boolean)(event, player);
  }
}
