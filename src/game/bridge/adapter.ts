import { timingSafeEqual } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { normalizeAddress } from '../../lib/addresses.js';
import { requireCapability } from '../capabilities.js';
import { plainText } from '../chat-line.js';
import {
  GameUnavailableError,
  type BossBars,
  type Capabilities,
  type Capability,
  type CodeCommand,
  type CodeCommandHandler,
  codeCommands,
  type GameEventName,
  type EconomyProvider,
  type GameEvents,
  type GameSettingsChange,
  type GamePort,
  type Inventories,
  type BanTexts,
  type GameBan,
  type Messaging,
  type Moderation,
  type OnlinePlayer,
  type Operators,
  type PlayerCommand,
  type ServerControl,
  type ServerPerformance,
  type ServerSoftware,
  type Teleports,
  type TeleportResult,
  type WorldInfo,
  type Whitelist,
} from '../port.js';
import { forgettingAfter, SharedRead } from '../read-once-a-tick.js';
import { gameErrorOf } from './game-errors.js';
import { bridgeSaves } from './saves.js';
import { errorCodes, JsonRpcConnection, RpcError, type RequestOptions } from './json-rpc.js';

export const protocolVersion = 2;

export interface BridgeOptions {
  host: string;
  /** 0 picks a free port; read it from `port` after start. */
  port: number;
  /** The shared secret the plugin must present; empty refuses every plugin. */
  token: string;
  requestTimeoutMs: number;
  helloTimeoutMs?: number;
  sidecarName: string;
  /** The link coming and going. */
  log: (message: string) => void;
  /** Refused plugins and protocol trouble. */
  logError: (message: string) => void;
}

/** The groups a plugin may offer in its hello; the bridge has no console of its own. */
type BridgeCapability = Exclude<Capability, 'console'>;

/**
 * The game port over the bridge protocol (docs/bridge-protocol.md): the
 * sidecar listens, the Paper plugin connects and authenticates with the
 * token. While no plugin is connected every game operation throws
 * GameUnavailableError (503 at the API); a plugin that connects again
 * resumes everything without a restart of the sidecar.
 */
export class BridgeGameAdapter implements GamePort {
  readonly adapterName = 'bridge';
  readonly events = new EventEmitter<GameEvents>();
  readonly emits: ReadonlySet<GameEventName> = new Set<GameEventName>(['join', 'quit', 'loginRefused', 'blockBroken', 'blockPlaced', 'entityKilled', 'connection']);
  readonly operators: Operators;
  private server: Server | undefined;
  private connection: JsonRpcConnection | undefined;
  private capabilities = new Set<string>();
  private serverName: string | undefined;
  private readonly codeHandlers = new Map<CodeCommand, CodeCommandHandler>();
  private readonly playerCommands = new Map<string, PlayerCommand>();
  private readonly groups: Pick<Capabilities, BridgeCapability>;
  /** Gatehouse's words for banned players, sent to each plugin that connects (it shows them at join). */
  private banTexts: BanTexts | undefined;
  /** Who is online and the ticks per second: answered on the server's main thread, so asked about once a tick however many ask. */
  private readonly roster = new SharedRead(() => this.call('players.online', {}) as Promise<OnlinePlayer[]>);
  private readonly ticks = new SharedRead(() => this.call('performance.ticks', {}) as ReturnType<ServerPerformance['ticks']>);

  constructor(private readonly options: BridgeOptions) {
    // Before any other listener, which may ask who is online at a join or quit and must hear the game's answer after it.
    for (const event of ['join', 'quit', 'connection'] as const) this.events.prependListener(event, () => this.roster.forget());
    this.events.prependListener('connection', () => this.ticks.forget());
    this.operators = {
      isOperator: (name) => this.call('operators.isOperator', { name }) as Promise<boolean>,
      list: () => this.call('operators.list', {}) as Promise<Array<{ name: string; uuid: string }>>,
      setOperator: (name, operator) => this.call('operators.set', { name, operator }) as Promise<boolean>,
    };
    const whitelist: Whitelist = {
      isEnabled: () => this.call('whitelist.isEnabled', {}) as Promise<boolean>,
      setEnabled: async (enabled) => void (await this.call('whitelist.setEnabled', { enabled })),
      isWhitelisted: (name) => this.call('whitelist.isWhitelisted', { name }) as Promise<boolean>,
      list: () => this.call('whitelist.list', {}) as Promise<Array<{ name: string; uuid: string }>>,
      add: (name) => this.call('whitelist.add', { name }) as Promise<boolean>,
      remove: (name) => this.call('whitelist.remove', { name }) as Promise<boolean>,
    };
    const messaging: Messaging = {
      sendMessage: async (name, text) => void (await this.call('messaging.send', { name, text })),
      broadcast: async (text) => void (await this.call('messaging.broadcast', { text })),
    };
    const teleports: Teleports = {
      worlds: () => this.call('teleports.worlds', {}) as Promise<string[]>,
      worldInfo: () => this.call('teleports.worldInfo', {}) as Promise<WorldInfo[]>,
      teleportToPlayer: (name, target) => this.call('teleports.toPlayer', { name, target }) as Promise<TeleportResult>,
      teleportToLocation: (name, location) => this.call('teleports.toLocation', { name, location }) as Promise<TeleportResult>,
    };
    const bossBars: BossBars = {
      show: async (bar) => void (await this.call('bossBars.show', bar)),
      update: async (bar) => void (await this.call('bossBars.update', bar)),
      remove: async (id) => void (await this.call('bossBars.remove', { id })),
    };
    // A change with an operationId goes out under an id made from it, so that its retry is answered from the plugin's memory.
    const change = (method: string, params: object, operationId: string | undefined) =>
      this.call(method, params, operationId === undefined ? {} : { id: `op:${method}:${operationId}` });
    const inventories: Inventories = {
      read: (name) => this.call('inventories.read', { name }) as ReturnType<Inventories['read']>,
      remove: (name, item, count, options) => change('inventories.remove', { name, item, count }, options?.operationId) as Promise<number>,
      give: (name, item, count, options) => change('inventories.give', { name, item, count }, options?.operationId) as Promise<number>,
    };
    const economy: EconomyProvider = {
      describe: async () => `Vault (${String(await this.call('economy.describe', {}))})`,
      balance: (name) => this.call('economy.balance', { name }) as Promise<number>,
      deposit: (name, cents, options) => change('economy.deposit', { name, cents }, options?.operationId) as Promise<number>,
      withdraw: (name, cents, options) => change('economy.withdraw', { name, cents }, options?.operationId) as Promise<number>,
      move: (steps, options) => change('economy.move', { steps: steps.map((step) => ({ name: step.playerName, cents: step.cents })) }, options.operationId) as Promise<number[]>,
      undoMove: (operationId) => change('economy.undo', { of: `op:economy.move:${operationId}` }, operationId) as Promise<{ shortfallCents: number }>,
    };
    const control: ServerControl = {
      applySettings: (change) => this.call('control.applySettings', change) as ReturnType<ServerControl['applySettings']>,
      readSettings: () => this.call('control.readSettings', {}) as Promise<Required<GameSettingsChange>>,
      restart: async (reason) => void (await this.call('control.restart', { reason })),
    };
    const performance: ServerPerformance = {
      ticks: () => this.ticks.get(),
      memory: () => this.call('performance.memory', {}) as ReturnType<ServerPerformance['memory']>,
    };
    const moderation: Moderation = {
      bans: () => this.call('moderation.bans', {}) as Promise<GameBan[]>,
      ban: async ({ player, address, reason, source, expires }) => {
        const end = expires === null ? {} : { expires };
        if (player) await this.call('moderation.banPlayer', { name: player.name, uuid: player.uuid, reason, source, ...end });
        else await this.call('moderation.banAddress', { address, reason, source, ...end });
      },
      lift: (target) =>
        ('player' in target
          ? this.call('moderation.liftPlayer', { name: target.player.name, uuid: target.player.uuid })
          : this.call('moderation.liftAddress', target)) as Promise<boolean>,
      kick: async (name, message) => void (await this.call('moderation.kick', { name, message })),
      setBanTexts: (texts) => {
        this.banTexts = texts;
        void this.sendBanTexts();
      },
    };
    const saves = bridgeSaves((method, params, options) => this.call(method, params, options), options.logError);
    // A teleport, a settings change, a kick or a ban Gatehouse makes is in the next list it reads.
    const forget = () => this.roster.forget();
    this.groups = {
      whitelist,
      messaging,
      teleports: forgettingAfter(teleports, ['teleportToPlayer', 'teleportToLocation'], forget),
      bossBars,
      inventories,
      economy,
      control: forgettingAfter(control, ['applySettings'], forget),
      performance,
      moderation: forgettingAfter(moderation, ['ban', 'kick'], forget),
      saves,
    };
  }

  /**
   * Capabilities come from the plugin's hello: a group it does not offer is
   * absent while it is connected. While no plugin is connected every group is
   * offered, so that using it answers 503 (the game is away) rather than 501
   * (it cannot do that).
   */
  capability<C extends Capability>(name: C): Capabilities[C] | undefined {
    if (name === 'console') return undefined;
    const offered = !this.connection || this.capabilities.has(name);
    return offered ? (this.groups[name as BridgeCapability] as Capabilities[C]) : undefined;
  }

  require<C extends Capability>(name: C): Capabilities[C] {
    return requireCapability(this, name);
  }

  /** From the plugin's hello (`server: "Paper 1.21.4"`); undefined until a plugin connected. */
  serverSoftware(): ServerSoftware | undefined {
    if (!this.serverName) return undefined;
    const match = /^(.*\S)\s+(\S+)$/.exec(this.serverName);
    return match ? { software: match[1]!, version: match[2]! } : { software: this.serverName, version: 'unknown' };
  }

  describeForOwner(): string[] {
    return [
      `Waiting for the Gatehouse plugin of the Paper server on ${this.options.host}:${this.port}`,
      "Operators (admins in the API) are the game server's: use /op in game or op on its console.",
    ];
  }

  /** The port the plugin connects to (the real one when configured as 0). */
  get port(): number {
    const address = this.server?.address();
    return typeof address === 'object' && address ? address.port : this.options.port;
  }

  isConnected(): boolean {
    return this.connection !== undefined;
  }

  /** The plugin declares each in plugin.yml: `/register`, `/resetpassword`. */
  codeCommand(name: CodeCommand): string {
    return `/${name}`;
  }

  onCodeCommand(name: CodeCommand, handler: CodeCommandHandler): void {
    this.codeHandlers.set(name, handler);
  }

  addPlayerCommand(command: PlayerCommand): void {
    this.playerCommands.set(command.name, command);
  }

  async start(): Promise<void> {
    if (this.server) return;
    if (!this.options.token) this.options.logError('bridge: no token is configured, so no plugin can connect; set "token" in config.yml');
    const server = createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error) => reject(new Error(`bridge cannot listen on ${this.options.host}:${this.options.port}: ${error.message}`)));
      server.listen(this.options.port, this.options.host, () => resolve());
    });
    server.on('error', (error) => this.options.logError(`bridge: ${error.message}`));
    this.server = server;
  }

  async stop(): Promise<void> {
    this.connection?.close('the sidecar is stopping');
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  onlinePlayers(): Promise<OnlinePlayer[]> {
    return this.roster.get();
  }

  private async call(method: string, params: object, options: RequestOptions = {}): Promise<unknown> {
    const connection = this.connection;
    if (!connection) throw new GameUnavailableError('the Paper bridge is not connected');
    try {
      return await connection.request(method, params, options);
    } catch (error) {
      throw error instanceof RpcError ? gameErrorOf(error, this.adapterName, method, params) : error;
    }
  }

  private accept(socket: Socket): void {
    let authenticated = false;
    const address = normalizeAddress(socket.remoteAddress ?? 'unknown');
    const connection: JsonRpcConnection = new JsonRpcConnection(socket, {
      requestTimeoutMs: this.options.requestTimeoutMs,
      log: this.options.logError,
      handleRequest: async (method, params) => {
        if (!authenticated) {
          try {
            const answer = this.hello(method, params, address);
            authenticated = true;
            this.adopt(connection, params as { capabilities?: unknown });
            return answer;
          } catch (error) {
            // Closed once the error answer is written.
            setImmediate(() => connection.close('the plugin was refused'));
            throw error;
          }
        }
        return this.handleGameRequest(method, params);
      },
    });
    const helloTimer = setTimeout(() => {
      if (!authenticated) {
        this.options.logError(`bridge: ${address} sent no hello within ${this.options.helloTimeoutMs ?? 5000} ms; closed`);
        connection.close('no hello');
      }
    }, this.options.helloTimeoutMs ?? 5000);
    helloTimer.unref();
    connection.on('closed', () => clearTimeout(helloTimer));
  }

  /** Checks the first request: it must be a hello with the right token, version and capabilities. */
  private hello(method: string, params: unknown, address: string): object {
    const refuse = (code: number, message: string): never => {
      this.options.logError(`bridge: refused a plugin connection from ${address}: ${message}`);
      throw new RpcError(code, message);
    };
    if (method !== 'bridge.hello') refuse(errorCodes.invalidRequest, `the first request must be bridge.hello, not ${method}`);
    const hello = (params ?? {}) as { token?: unknown; protocolVersion?: unknown; capabilities?: unknown };
    if (typeof hello.token !== 'string' || !this.options.token || !safeEqual(hello.token, this.options.token)) refuse(errorCodes.wrongToken, 'wrong token');
    if (hello.protocolVersion !== protocolVersion)
      refuse(errorCodes.unsupportedVersion, `unsupported protocol version ${String(hello.protocolVersion)}; this sidecar speaks ${protocolVersion}`);
    if (!Array.isArray(hello.capabilities) || !hello.capabilities.includes('operators')) refuse(errorCodes.invalidParams, 'capabilities must be a list including "operators"');
    return { protocolVersion, sidecar: this.options.sidecarName };
  }

  private adopt(connection: JsonRpcConnection, hello: { capabilities?: unknown }): void {
    const previous = this.connection;
    this.connection = connection;
    this.capabilities = new Set((hello.capabilities as string[]).filter((name) => typeof name === 'string'));
    this.serverName = typeof (hello as { server?: unknown }).server === 'string' ? (hello as { server: string }).server : undefined;
    previous?.close('the plugin connected again');
    connection.on('notification', (method, params) => this.handleNotification(method, params));
    connection.on('closed', () => {
      if (this.connection !== connection) return;
      this.connection = undefined;
      this.options.log('bridge: the plugin disconnected; game operations answer 503 until it is back');
      this.events.emit('connection', { connected: false });
    });
    this.options.log(`bridge: plugin connected from ${connection.remoteAddress} (${[...this.capabilities].join(', ')})`);
    if (previous) this.events.emit('connection', { connected: false });
    this.events.emit('connection', { connected: true });
    // After the hello's answer, which is written once this request's handling returns.
    setImmediate(() => void this.sendBanTexts());
  }

  /** Hands the plugin Gatehouse's words for banned players, when it offers moderation and there are words to give. */
  private async sendBanTexts(): Promise<void> {
    if (!this.banTexts || !this.connection || !this.capabilities.has('moderation')) return;
    await this.call('moderation.texts', this.banTexts).catch((error: Error) =>
      this.options.logError(`bridge: the words for banned players did not reach the plugin: ${error.message}`),
    );
  }

  private async handleGameRequest(method: string, params: unknown): Promise<unknown> {
    if (method === 'command.run') return this.runPlayerCommand(params);
    // `register.command`, `resetpassword.command`: a code command typed by a player.
    const codeCommand = codeCommands.find((name) => method === `${name}.command`);
    if (!codeCommand) throw new RpcError(errorCodes.methodNotFound, `unknown method ${method}`);
    const player = (params as { player?: { name?: unknown; uuid?: unknown } } | null)?.player;
    if (typeof player?.name !== 'string' || typeof player.uuid !== 'string') throw new RpcError(errorCodes.invalidParams, 'params.player needs name and uuid');
    const handler = this.codeHandlers.get(codeCommand);
    if (!handler) throw new RpcError(errorCodes.internalError, `/${codeCommand} is not available`);
    // The text, and for a line with links the same text in parts, which the plugin shows with the links clickable.
    const answer = await handler({ name: player.name, uuid: player.uuid });
    return typeof answer === 'string' ? { message: answer } : { message: plainText(answer), parts: answer.parts };
  }

  /** `command.run {player, command, args}`: a command a feature offers (the plugin lists them in plugin.yml). */
  private async runPlayerCommand(params: unknown): Promise<unknown> {
    const { player, command, args } = (params ?? {}) as { player?: { name?: unknown; uuid?: unknown }; command?: unknown; args?: unknown };
    if (typeof player?.name !== 'string' || typeof player.uuid !== 'string') throw new RpcError(errorCodes.invalidParams, 'params.player needs name and uuid');
    const handler = typeof command === 'string' ? this.playerCommands.get(command) : undefined;
    if (!handler) throw new RpcError(errorCodes.methodNotFound, `no command ${String(command)}`);
    const words = Array.isArray(args) ? args.filter((word): word is string => typeof word === 'string') : [];
    return { message: await handler.run({ name: player.name, uuid: player.uuid }, words) };
  }

  private handleNotification(method: string, params: unknown): void {
    const event = method.startsWith('event.') ? (method.slice(6) as keyof GameEvents) : undefined;
    if (!event || event === 'connection' || !this.emits.has(event) || typeof params !== 'object' || params === null) {
      this.options.logError(`bridge: unknown notification ${method}, ignored`);
      return;
    }
    (this.events.emit as (name: string, payload: unknown) => boolean)(event, params);
  }
}

function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
