import { EventEmitter } from 'node:events';
import { requireCapability } from '../capabilities.js';
import { GameUnavailableError } from '../errors.js';
import {
  type Capabilities,
  type Capability,
  type GameEventName,
  type GameEvents,
  type GamePort,
  type OnlinePlayer,
  type Operators,
  type PlayerCommand,
  type RegisterCommandHandler,
  type ServerSoftware,
} from '../port.js';
import { RconBossBars } from './boss-bars.js';
import { rconControl } from './control.js';
import { RconInventories } from './inventories.js';
import { RconMessaging } from './messaging.js';
import { RconAuthenticationError, RconLink } from './link.js';
import { RconLogEvents } from './log-events.js';
import { RegisterTrigger } from './register-trigger.js';
import { OperationScores, operationsObjective } from './operation-scores.js';
import { ManagedLists } from './managed-lists.js';
import { ManagementClient } from './management.js';
import { RconOnlinePlayers, RconOperators } from './players.js';
import { ServerFiles } from './server-files.js';
import { RconTeleports } from './teleports.js';
import { RconWhitelist } from './whitelist.js';
import { RconWorlds } from './worlds.js';
import type { RconSettings } from './settings.js';

export interface RconAdapterOptions extends Omit<RconSettings, 'managementUrl' | 'managementSecret'>, Partial<Pick<RconSettings, 'managementUrl' | 'managementSecret'>> {
  log: (message: string) => void;
  logError: (message: string) => void;
  /** Log polling and reconnecting, shortened by tests. */
  logPollMs?: number;
  firstBackoffMs?: number;
}

const maxBackoffMs = 10_000;

/**
 * A vanilla 1.21+ server with no plugin, through RCON (vanilla's commands)
 * and its files and log: operators and the whitelist (read from ops.json and
 * whitelist.json when the server's directory is known), online players,
 * messages (`tellraw`), teleports across dimensions (`execute in ... run tp`),
 * boss bars, settings, inventories (`data get`, `give`, `clear`), restarts
 * (the server is stopped; a service manager starts it again), events from
 * logs/latest.log, and `/register` through `/trigger register`. What vanilla
 * commands cannot do is a missing capability, never a guess.
 */
export class RconGameAdapter implements GamePort {
  readonly adapterName = 'rcon';
  /** Vanilla cannot be given commands; a trigger objective every player may set stands in. */
  readonly registerCommand = '/trigger register';
  readonly events = new EventEmitter<GameEvents>();
  readonly emits: ReadonlySet<GameEventName>;
  readonly operators: Operators;
  private link: RconLink | undefined;
  private problem: string | undefined;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private backoffMs: number;
  private readonly files: ServerFiles | undefined;
  private registerHandler: RegisterCommandHandler | undefined;
  private readonly trigger: RegisterTrigger;
  private readonly bossBars: RconBossBars;
  private readonly groups: Pick<Capabilities, 'whitelist' | 'messaging' | 'teleports' | 'bossBars' | 'inventories' | 'control'>;
  private readonly operationScores: OperationScores;
  private readonly worlds: RconWorlds;
  private readonly players: RconOnlinePlayers;
  private readonly logEvents: RconLogEvents;
  private readonly management: ManagementClient | undefined;

  constructor(private readonly options: RconAdapterOptions) {
    this.backoffMs = options.firstBackoffMs ?? 500;
    this.files = options.serverDirectory ? new ServerFiles(options.serverDirectory) : undefined;
    this.management = options.managementUrl
      ? new ManagementClient(options.managementUrl, options.managementSecret ?? '', { timeoutMs: options.requestTimeoutMs, log: options.log })
      : undefined;
    const command = (line: string) => this.command(line);
    const messaging = new RconMessaging(command);
    this.trigger = new RegisterTrigger(command, () => this.registerHandler, (player, text) => messaging.sendMessage(player, text), options.logError);
    this.bossBars = new RconBossBars(command);
    this.operationScores = new OperationScores(command);
    this.worlds = new RconWorlds(command);
    this.logEvents = new RconLogEvents({
      logFile: options.logFile,
      pollMs: options.logPollMs,
      events: this.events,
      command,
      isConnected: () => this.isConnected(),
      management: this.management,
      bossBars: this.bossBars,
      trigger: this.trigger,
      log: options.log,
      logError: options.logError,
    });
    this.emits = new Set<GameEventName>([
      ...(this.logEvents.following || this.management ? (['join', 'quit'] as const) : []),
      ...(this.logEvents.following ? (['loginRefused'] as const) : []),
      'connection',
    ]);
    const managed = new ManagedLists(this.management, options.logError);
    this.followManagement();
    this.players = new RconOnlinePlayers(command, this.worlds, (name) => this.logEvents.ipAddressOf(name));
    this.operators = new RconOperators(command, this.files, managed);
    const whitelist = new RconWhitelist(command, this.files, this.management, managed);
    this.groups = {
      whitelist,
      messaging,
      teleports: new RconTeleports(command, this.worlds),
      bossBars: this.bossBars,
      inventories: new RconInventories(command, this.operationScores),
      control: rconControl(command, whitelist, this.management, this.files),
    };
  }

  capability<C extends Capability>(name: C): Capabilities[C] | undefined {
    return (this.groups as Partial<Capabilities>)[name] as Capabilities[C] | undefined;
  }

  require<C extends Capability>(name: C): Capabilities[C] {
    return requireCapability(this, name);
  }

  isConnected(): boolean {
    return this.link?.connected ?? false;
  }

  connectionProblem(): string | undefined {
    const management = this.management?.connectionProblem;
    return this.problem ?? (management ? `management protocol: ${management}` : undefined);
  }

  serverSoftware(): ServerSoftware | undefined {
    const version = this.logEvents.version;
    return version ? { software: 'Minecraft (vanilla, over RCON)', version } : undefined;
  }

  describeForOwner(): string[] {
    return [
      `Talking to the vanilla server's RCON at ${this.options.host}:${this.options.port}${this.logEvents.following ? `, following ${this.options.logFile}` : ' (no log file: no join, leave or refusal events)'}`,
      this.files
        ? "Operators (admins in the API) are the server's: /op in game or op on its console (read from ops.json)."
        : 'Set game.rcon.server-directory so Gatehouse can read ops.json; until then only the token is an admin.',
    ];
  }

  onRegisterCommand(handler: RegisterCommandHandler): void {
    this.registerHandler = handler;
  }

  /** Vanilla cannot be given new commands: players use the web for what plugins would offer in game. */
  addPlayerCommand(_command: PlayerCommand): void {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.logEvents.start();
    await this.management?.start();
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.logEvents.stop();
    this.management?.stop();
    this.trigger.stop();
    const link = this.link;
    this.link = undefined;
    await link?.close();
  }

  onlinePlayers(): Promise<OnlinePlayer[]> {
    return this.players.list();
  }

  /** One command, or GameUnavailableError while the server is away. */
  private async command(line: string): Promise<string> {
    const link = this.link;
    if (!link?.connected) throw new GameUnavailableError(this.problem ?? "the vanilla server's RCON is not connected");
    try {
      return await link.command(line);
    } catch (error) {
      throw new GameUnavailableError(`RCON: ${(error as Error).message}`);
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    try {
      const link = await RconLink.open({ host: this.options.host, port: this.options.port, password: this.options.password, timeoutMs: this.options.requestTimeoutMs });
      this.link = link;
      this.problem = undefined;
      this.backoffMs = this.options.firstBackoffMs ?? 500;
      link.onClose(() => this.lost(link));
      this.bossBars.forget();
      this.options.log(`rcon: connected to ${this.options.host}:${this.options.port}`);
      await this.trigger.start().catch((error: Error) => this.options.logError(`rcon: ${error.message}`));
      await this.operationScores.start().catch((error: Error) => this.options.logError(`rcon: the ${operationsObjective} objective: ${error.message}`));
      this.events.emit('connection', { connected: true });
    } catch (error) {
      const wrongPassword = error instanceof RconAuthenticationError;
      const problem = wrongPassword ? (error as Error).message : `cannot reach RCON at ${this.options.host}:${this.options.port}: ${(error as Error).message}`;
      if (problem !== this.problem) (wrongPassword ? this.options.logError : this.options.log)(`rcon: ${problem}; trying again`);
      this.problem = problem;
      this.scheduleReconnect(wrongPassword ? maxBackoffMs : undefined);
    }
  }

  private lost(link: RconLink): void {
    if (this.link !== link) return;
    this.link = undefined;
    this.trigger.stop();
    this.logEvents.forgetJoined();
    if (this.stopped) return;
    this.problem = 'the vanilla server closed the RCON connection (stopped or restarting)';
    this.options.log(`rcon: ${this.problem}; reconnecting`);
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

  /** Joins and leaves from the management protocol's notifications. */
  private followManagement(): void {
    const management = this.management;
    if (!management) return;
    management.on('joined', (player) => void this.logEvents.joinedByManagement(player));
    management.on('left', (player) => this.logEvents.leftByManagement(player));
  }
}
