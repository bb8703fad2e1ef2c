import { EventEmitter } from 'node:events';
import { requireCapability } from '../capabilities.js';
import { forgettingAfter, SharedRead } from '../read-once-a-tick.js';
import type {
  Capabilities,
  Capability,
  CodeCommand,
  CodeCommandHandler,
  GameEventName,
  GameEvents,
  GamePort,
  OnlinePlayer,
  Operators,
  PlayerCommand,
  ServerSoftware,
} from '../port.js';
import { RconBossBars } from './boss-bars.js';
import { RconConnection, type RconCommand } from './connection.js';
import { rconControl } from './control.js';
import { RconInventories } from './inventories.js';
import { RconLogEvents } from './log-events.js';
import { ManagedLists } from './managed-lists.js';
import { ManagementClient } from './management.js';
import { RconMessaging } from './messaging.js';
import { RconModeration } from './moderation.js';
import { OperationScores, operationsObjective } from './operation-scores.js';
import { RconOnlinePlayers, RconOperators } from './players.js';
import { CodeTriggers } from './code-triggers.js';
import { RconSaves } from './saves.js';
import { ServerFiles } from './server-files.js';
import type { RconSettings } from './settings.js';
import { RconTeleports } from './teleports.js';
import { RconWhitelist } from './whitelist.js';
import { RconWorlds } from './worlds.js';

export interface RconAdapterOptions extends Omit<RconSettings, 'managementUrl' | 'managementSecret'>, Partial<Pick<RconSettings, 'managementUrl' | 'managementSecret'>> {
  log: (message: string) => void;
  logError: (message: string) => void;
  /** Log polling and reconnecting, shortened by tests. */
  logPollMs?: number;
  firstBackoffMs?: number;
}

/**
 * A vanilla 1.21+ server with no plugin, through RCON (vanilla's commands)
 * and its files and log: operators and the whitelist (read from ops.json and
 * whitelist.json when the server's directory is known), online players,
 * messages (`tellraw`), teleports across dimensions (`execute in ... run tp`),
 * boss bars, settings, inventories (`data get`, `give`, `clear`), restarts
 * (the server is stopped; a service manager starts it again), bans and kicks,
 * events from logs/latest.log, and `/register` through `/trigger register`
 * (`/resetpassword` likewise). What vanilla
 * commands cannot do is a missing capability, never a guess.
 *
 * The adapter composes one module per group over the kept-up connection
 * (./connection.ts); the management protocol (1.21.9+), where configured,
 * feeds the operators, the allowlist, joins and leaves.
 */
export class RconGameAdapter implements GamePort {
  readonly adapterName = 'rcon';
  readonly events = new EventEmitter<GameEvents>();
  readonly emits: ReadonlySet<GameEventName>;
  readonly operators: Operators;
  private readonly connection: RconConnection;
  private readonly files: ServerFiles | undefined;
  private readonly management: ManagementClient | undefined;
  private readonly logEvents: RconLogEvents;
  private readonly triggers: CodeTriggers;
  private readonly bossBars: RconBossBars;
  private readonly operationScores: OperationScores;
  private readonly players: RconOnlinePlayers;
  /** Who is online, asked (some seven commands) about once a tick however many ask, and again after a join or quit. */
  private readonly roster = new SharedRead(() => this.players.list());
  private readonly groups: Pick<Capabilities, 'whitelist' | 'messaging' | 'teleports' | 'bossBars' | 'inventories' | 'control' | 'moderation'> &
    Partial<Pick<Capabilities, 'saves'>>;
  private readonly codeHandlers = new Map<CodeCommand, CodeCommandHandler>();

  constructor(private readonly options: RconAdapterOptions) {
    // Before any other listener, which may ask who is online at a join or quit and must hear the game's answer after it.
    for (const event of ['join', 'quit', 'connection'] as const) this.events.prependListener(event, () => this.roster.forget());
    this.connection = new RconConnection(options, this.events, { connected: () => this.prepareServer(), lost: () => this.forgetSession() });
    const command: RconCommand = (line) => this.connection.command(line);
    this.files = options.serverDirectory ? new ServerFiles(options.serverDirectory) : undefined;
    this.management = options.managementUrl
      ? new ManagementClient(options.managementUrl, options.managementSecret ?? '', { timeoutMs: options.requestTimeoutMs, log: options.log })
      : undefined;
    const messaging = new RconMessaging(command);
    this.triggers = new CodeTriggers(
      command,
      (name) => this.codeHandlers.get(name),
      (player, text) => (typeof text === 'string' ? messaging.sendMessage(player, text) : messaging.sendLine(player, text)),
      options.logError,
    );
    this.bossBars = new RconBossBars(command);
    this.operationScores = new OperationScores(command);
    this.logEvents = new RconLogEvents({
      logFile: options.logFile,
      pollMs: options.logPollMs,
      events: this.events,
      command,
      isConnected: () => this.isConnected(),
      management: this.management,
      bossBars: this.bossBars,
      triggers: this.triggers,
      log: options.log,
      logError: options.logError,
    });
    this.emits = new Set<GameEventName>([
      ...(this.logEvents.following || this.management ? (['join', 'quit'] as const) : []),
      ...(this.logEvents.following ? (['loginRefused'] as const) : []),
      'connection',
    ]);
    // The lists listen to the management protocol first, then the joins and leaves.
    const managed = new ManagedLists(this.management, options.logError);
    this.management?.on('joined', (player) => void this.logEvents.joinedByManagement(player));
    this.management?.on('left', (player) => void this.logEvents.leftByManagement(player));
    // A teleport, a settings change, a kick or a ban Gatehouse makes is in the next list it reads.
    const forget = () => this.roster.forget();
    const worlds = new RconWorlds(command);
    this.players = new RconOnlinePlayers(command, worlds, (name) => this.logEvents.ipAddressOf(name));
    this.operators = new RconOperators(command, this.files, managed);
    const whitelist = new RconWhitelist(command, this.files, this.management, managed);
    this.groups = {
      whitelist,
      messaging,
      teleports: forgettingAfter(new RconTeleports(command, worlds), ['teleportToPlayer', 'teleportToLocation'], forget),
      bossBars: this.bossBars,
      inventories: new RconInventories(command, this.operationScores),
      control: forgettingAfter(rconControl(command, whitelist, this.management, this.files), ['applySettings'], forget),
      moderation: forgettingAfter(new RconModeration(command, this.files, this.management), ['ban', 'kick'], forget),
      // The world's folder is where the server's directory is: without it, nothing to copy.
      ...(this.files && options.serverDirectory ? { saves: new RconSaves(command, this.files, options.serverDirectory) } : {}),
    };
  }

  capability<C extends Capability>(name: C): Capabilities[C] | undefined {
    return (this.groups as Partial<Capabilities>)[name] as Capabilities[C] | undefined;
  }

  require<C extends Capability>(name: C): Capabilities[C] {
    return requireCapability(this, name);
  }

  isConnected(): boolean {
    return this.connection.connected;
  }

  connectionProblem(): string | undefined {
    const management = this.management?.connectionProblem;
    return this.connection.problem ?? (management ? `management protocol: ${management}` : undefined);
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

  /** Vanilla cannot be given commands; a trigger objective every player may set stands in. */
  codeCommand(name: CodeCommand): string {
    return `/trigger ${name}`;
  }

  onCodeCommand(name: CodeCommand, handler: CodeCommandHandler): void {
    this.codeHandlers.set(name, handler);
  }

  /** Vanilla cannot be given new commands: players use the web for what plugins would offer in game. */
  addPlayerCommand(_command: PlayerCommand): void {}

  async start(): Promise<void> {
    await this.logEvents.start();
    await this.management?.start();
    await this.connection.start();
  }

  async stop(): Promise<void> {
    this.connection.stopReconnecting();
    await this.logEvents.stop();
    this.management?.stop();
    this.triggers.stop();
    await this.connection.close();
  }

  onlinePlayers(): Promise<OnlinePlayer[]> {
    return this.roster.get();
  }

  /** A new connection: the server may have restarted and forgotten what Gatehouse made in it. */
  private async prepareServer(): Promise<void> {
    this.bossBars.forget();
    await this.triggers.start().catch((error: Error) => this.options.logError(`rcon: ${error.message}`));
    await this.operationScores.start().catch((error: Error) => this.options.logError(`rcon: the ${operationsObjective} objective: ${error.message}`));
  }

  /** The link is gone: stop asking who triggered a code command, and who was online is no longer known. */
  private forgetSession(): void {
    this.triggers.stop();
    this.logEvents.forgetJoined();
  }
}
