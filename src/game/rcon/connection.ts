import type { EventEmitter } from 'node:events';
import { GameUnavailableError } from '../errors.js';
import type { GameEvents } from '../port.js';
import { checkCommandLength } from './arguments.js';
import { RconAuthenticationError, RconLink } from './link.js';

/** Runs one command on the vanilla server and answers its reply. */
export type RconCommand = (line: string) => Promise<string>;

const maxBackoffMs = 10_000;

export interface RconConnectionOptions {
  host: string;
  port: number;
  password: string;
  requestTimeoutMs: number;
  /** The first wait before reconnecting, shortened by tests. */
  firstBackoffMs?: number;
  log: (message: string) => void;
  logError: (message: string) => void;
}

export interface RconConnectionHooks {
  /** After each connection, before it is announced: what the server must be given again (objectives, boss bars). */
  connected(): Promise<void>;
  /** When a link is lost or closed: what held only while it was up. */
  lost(): void;
}

/**
 * The link to the vanilla server's RCON, kept up: opened at start, opened
 * again when the server closes it (stopped or restarting) after a wait that
 * doubles up to 10 s, and after a refused password at the longest wait (the
 * password will not mend itself sooner). The game port hears each change as
 * a `connection` event. While the link is down a command is a
 * GameUnavailableError saying why.
 */
export class RconConnection {
  private link: RconLink | undefined;
  private problemNow: string | undefined;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private backoffMs: number;

  constructor(
    private readonly options: RconConnectionOptions,
    private readonly events: EventEmitter<GameEvents>,
    private readonly hooks: RconConnectionHooks,
  ) {
    this.backoffMs = options.firstBackoffMs ?? 500;
  }

  get connected(): boolean {
    return this.link?.connected ?? false;
  }

  /** Why the link is down, when it tried and failed or was closed. */
  get problem(): string | undefined {
    return this.problemNow;
  }

  /**
   * One command, or GameUnavailableError while the server is away. A command
   * longer than vanilla's RCON reads would close the connection, so it is
   * never sent (each module cuts or refuses its texts before; this is the last guard).
   */
  async command(line: string): Promise<string> {
    checkCommandLength(line, 'command');
    const link = this.link;
    if (!link?.connected) throw new GameUnavailableError(this.problemNow ?? "the vanilla server's RCON is not connected");
    try {
      return await link.command(line);
    } catch (error) {
      throw new GameUnavailableError(`RCON: ${(error as Error).message}`);
    }
  }

  /** Connects, and keeps reconnecting until `stopReconnecting`. */
  start(): Promise<void> {
    this.stopped = false;
    return this.connect();
  }

  /** No more reconnecting; the link stays open until `close`. */
  stopReconnecting(): void {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
  }

  async close(): Promise<void> {
    const link = this.link;
    this.link = undefined;
    await link?.close();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const { host, port } = this.options;
    try {
      const link = await RconLink.open({ host, port, password: this.options.password, timeoutMs: this.options.requestTimeoutMs });
      this.link = link;
      this.problemNow = undefined;
      this.backoffMs = this.options.firstBackoffMs ?? 500;
      link.onClose(() => this.lost(link));
      this.options.log(`rcon: connected to ${host}:${port}`);
      await this.hooks.connected();
      this.events.emit('connection', { connected: true });
    } catch (error) {
      const wrongPassword = error instanceof RconAuthenticationError;
      const problem = wrongPassword ? (error as Error).message : `cannot reach RCON at ${host}:${port}: ${(error as Error).message}`;
      if (problem !== this.problemNow) (wrongPassword ? this.options.logError : this.options.log)(`rcon: ${problem}; trying again`);
      this.problemNow = problem;
      this.scheduleReconnect(wrongPassword ? maxBackoffMs : undefined);
    }
  }

  private lost(link: RconLink): void {
    if (this.link !== link) return;
    this.link = undefined;
    this.hooks.lost();
    if (this.stopped) return;
    this.problemNow = 'the vanilla server closed the RCON connection (stopped or restarting)';
    this.options.log(`rcon: ${this.problemNow}; reconnecting`);
    this.events.emit('connection', { connected: false });
    this.scheduleReconnect();
  }

  private scheduleReconnect(delayMs?: number): void {
    if (this.stopped || this.reconnectTimer) return;
    const wait = delayMs ?? this.backoffMs;
    this.backoffMs = Math.min(maxBackoffMs, this.backoffMs * 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, wait);
    this.reconnectTimer.unref();
  }
}
