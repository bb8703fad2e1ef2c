import { EventEmitter } from 'node:events';
import path from 'node:path';
import { KeyedLock } from '../../lib/keyed-lock.js';
import { requireCapability } from '../capabilities.js';
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
  ServerControl,
  ServerSoftware,
} from '../port.js';
import { attackReach } from './attack-reach.js';
import { EmbeddedBans } from './bans.js';
import { EmbeddedBossBars } from './boss-bars.js';
import { chunkPacing } from './chunk-pacing.js';
import { guardClients } from './client-guard.js';
import { EmbeddedCommands } from './commands.js';
import { DimensionPackets } from './dimension-packets.js';
import { DurableOperations } from './durable-operations.js';
import { defaultMaxDroppedItems, DroppedItems } from './dropped-items.js';
import { limitEntities } from './entity-limits.js';
import type { SquidServer } from './flying-squid.js';
import { inventoryClicks } from './inventory-clicks.js';
import { KeptWorlds } from './kept-worlds.js';
import { EmbeddedInventories } from './inventories.js';
import { ServerLifecycle } from './lifecycle.js';
import { LoginGate } from './login-gate.js';
import { loginPosition } from './login-position.js';
import { EmbeddedMessaging } from './messaging.js';
import { RunningServer, type EmbeddedModule } from './module.js';
import { OnlinePlayers } from './online-players.js';
import { RecentOperations } from './recent-operations.js';
import { installPacketCompat } from './packet-compat.js';
import { PlayerLists } from './player-lists.js';
import { guardSends } from './send-guard.js';
import { EmbeddedSaves } from './saves.js';
import { LiveSettings } from './settings.js';
import { installSounds } from './sounds.js';
import { SpawnPoints } from './spawn-points.js';
import { EmbeddedTeleports } from './teleports.js';
import { TickMeter } from './tick-meter.js';
import { WorkEvents } from './work-events.js';
import { EmbeddedWorlds } from './worlds.js';

export interface EmbeddedServerOptions {
  host: string;
  /** 0 picks a free port; read the chosen one from `port` after start. */
  port: number;
  viewDistance: number;
  /** Items on the ground at most; a drop past it removes the oldest. 1000 unless given. */
  maxDroppedItems?: number;
  /** Initial values; the settings service applies the live ones through `control`. */
  motd: string;
  maxPlayers: number;
  /** ops.json, whitelist.json and world/ live here. */
  dataDirectory: string;
  log: (message: string) => void;
}

/**
 * The embedded game server: a Minecraft 1.21.4 server (flying-squid, offline
 * mode, superflat) inside this process, behind the game port. It is composed
 * of modules (./module.ts), each one idea: the fixes flying-squid needs to
 * speak 1.21.4, the worlds, the live settings, operators and the whitelist in
 * vanilla's files, the login gate, who is online, commands, messages,
 * teleports, boss bars, inventories, dropped items and the events of players'
 * work.
 */
export class EmbeddedGameServer implements GamePort {
  readonly adapterName = 'embedded';
  readonly events = new EventEmitter<GameEvents>();
  readonly emits: ReadonlySet<GameEventName> = new Set<GameEventName>(['join', 'quit', 'loginRefused', 'connection', ...WorkEvents.emitted]);
  readonly operators: Operators;
  private readonly running = new RunningServer();
  private readonly lifecycle: ServerLifecycle;
  private readonly online: OnlinePlayers;
  private readonly commands: EmbeddedCommands;
  private readonly groups: Partial<Capabilities>;
  private readonly host: string;

  constructor(options: EmbeddedServerOptions) {
    const { running, events } = this;
    const spawns = new SpawnPoints(options.dataDirectory, options.log);
    const worlds = new EmbeddedWorlds(spawns);
    const settings = new LiveSettings(running, options);
    const online = new OnlinePlayers(events, worlds);
    const lists = new PlayerLists(options.dataDirectory, online, settings);
    const commands = new EmbeddedCommands(running, lists, options.log);
    const bans = new EmbeddedBans(options.dataDirectory, online);
    const messaging = new EmbeddedMessaging(running, online);
    const bossBars = new EmbeddedBossBars(running);
    const ticks = new TickMeter();
    const worldFolder = path.join(options.dataDirectory, 'world');
    const playerFiles = new KeyedLock();
    const operations = new DurableOperations(worldFolder, new RecentOperations<number>(), playerFiles, options.log);
    const saves = new EmbeddedSaves(running, worldFolder);
    // In this order: a joining player is an operator before their join is announced, and sees the boss bars with it.
    const modules: EmbeddedModule[] = [
      { attach: installPacketCompat },
      { attach: (serv) => guardSends(serv, options.log) },
      { attach: (serv) => guardClients(serv, options.log) },
      { attach: (serv) => installSounds(serv, options.log) },
      { attach: (serv) => limitEntities(serv, options.log) },
      chunkPacing,
      new DroppedItems(options.maxDroppedItems ?? defaultMaxDroppedItems, options.log),
      worlds,
      new DimensionPackets(worlds),
      new KeptWorlds(worldFolder, worlds, playerFiles, options.log),
      spawns,
      settings,
      lists,
      { prepare: () => bans.prepare() },
      new LoginGate(running, lists, bans, settings, events),
      loginPosition,
      commands,
      // After the commands: its ban and pardon replace flying-squid's, which the commands remove.
      { attach: (serv) => bans.attach(serv) },
      messaging,
      bossBars,
      online,
      inventoryClicks,
      attackReach,
      new WorkEvents(events, worlds),
      { attach: (serv) => ticks.attach(serv) },
      operations,
      // Last: its hold on player saves wraps every other module's part of a save.
      saves,
    ];
    this.lifecycle = new ServerLifecycle(options, running, settings, modules, events);
    const control: ServerControl = {
      applySettings: (change) => settings.apply(change),
      restart: (reason) => this.lifecycle.restart(reason),
    };
    this.online = online;
    this.commands = commands;
    this.operators = lists.operators;
    this.groups = {
      whitelist: lists.whitelist,
      messaging,
      teleports: new EmbeddedTeleports(online, worlds),
      bossBars,
      inventories: new EmbeddedInventories(running, online, operations),
      control,
      console: commands.console,
      performance: ticks,
      moderation: bans,
      saves,
    };
    this.host = options.host;
  }

  /** The port players connect to (the real one when configured as 0). */
  get port(): number {
    return this.lifecycle.port;
  }

  /** The running flying-squid server, for tests that reach past the port (to plant a failure, or spawn a mob). */
  flyingSquid(): SquidServer | undefined {
    return this.running.get();
  }

  describeForOwner(): string[] {
    const host = this.host === '0.0.0.0' ? 'localhost' : this.host;
    return [
      `Embedded Minecraft 1.21.4 server (offline mode) listening on ${host}:${this.port}`,
      'To become an operator (admin in the API), type "op <your player name>" here and press Enter. Type "help" for more.',
    ];
  }

  start(): Promise<void> {
    return this.lifecycle.start();
  }

  stop(): Promise<void> {
    return this.lifecycle.stop();
  }

  isConnected(): boolean {
    return this.running.get() !== undefined;
  }

  capability<C extends Capability>(name: C): Capabilities[C] | undefined {
    return this.groups[name] as Capabilities[C] | undefined;
  }

  require<C extends Capability>(name: C): Capabilities[C] {
    return requireCapability(this, name);
  }

  codeCommand(name: CodeCommand): string {
    return `/${name}`;
  }

  onCodeCommand(name: CodeCommand, handler: CodeCommandHandler): void {
    this.commands.onCodeCommand(name, handler);
  }

  /** Offers a command to players (before `start`): registered on every server started. */
  addPlayerCommand(command: PlayerCommand): void {
    this.commands.addPlayerCommand(command);
  }

  serverSoftware(): ServerSoftware {
    return { software: 'Gatehouse embedded server (flying-squid 1.12.0)', version: '1.21.4' };
  }

  async onlinePlayers(): Promise<OnlinePlayer[]> {
    return this.online.list();
  }

  isOnline(uuid: string): boolean {
    return this.online.has(uuid);
  }
}
