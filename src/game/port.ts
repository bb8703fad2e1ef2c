/**
 * The game port: everything the services may ask of, or hear from, the game
 * server. Adapters (the embedded flying-squid server, the JVM bridge, RCON)
 * implement it; services never see which one they talk to.
 *
 * Required members are what every adapter must offer. The rest are
 * capabilities, asked for by name: `game.capability('teleports')` is the group
 * or undefined, `game.require('teleports')` the group or a
 * CapabilityMissingError (501 at the API). No code asks which adapter it has.
 * Failures are the typed errors of ./errors.ts.
 */
import type { EventEmitter } from 'node:events';
import type { ChatText } from './chat-line.js';
import type { Moderation } from './moderation-port.js';

export type { BanTarget, BanTexts, GameBan, Moderation } from './moderation-port.js';

export * from './errors.js';
export type { ChatLine, ChatPart, ChatText } from './chat-line.js';

export interface PlayerRef {
  /** In-game name, as the game spells it. */
  name: string;
  uuid: string;
}

export interface Location {
  world: string;
  x: number;
  y: number;
  z: number;
  /** Degrees. */
  yaw?: number;
  /** Degrees. */
  pitch?: number;
}

/** Game modes in vanilla's id order (0 survival to 3 spectator). */
export const gameModes = ['survival', 'creative', 'adventure', 'spectator'] as const;
export type GameMode = (typeof gameModes)[number];
/** Difficulties in vanilla's id order (0 peaceful to 3 hard). */
export const difficulties = ['peaceful', 'easy', 'normal', 'hard'] as const;
export type Difficulty = (typeof difficulties)[number];

export interface OnlinePlayer extends PlayerRef {
  ipAddress: string;
  location: Location;
  gameMode: GameMode;
  /** Round-trip time in milliseconds as last measured by the game. */
  ping: number;
  /** On a network of servers sharing one database: the `server.id` of the server the player is on. */
  server?: string;
}

export interface JoinEvent {
  player: PlayerRef;
  ipAddress: string;
  /** Where the player appeared, where the adapter knows. */
  location?: Location;
}

export interface QuitEvent {
  player: PlayerRef;
  ipAddress: string;
  /** Where the player was last, where the adapter knows. */
  location?: Location;
}

export interface LoginRefusedEvent {
  name: string;
  uuid: string | null;
  ipAddress: string;
  reason: string;
}

/** A player's work in the world, for jobs: only events the game did not cancel. */
interface WorkEvent {
  player: PlayerRef;
  /** The player's game mode when it happened (jobs do not pay in creative or spectator). */
  gameMode: GameMode;
  location: Location;
}

export interface BlockBrokenEvent extends WorkEvent {
  /** Block identifier without namespace, e.g. `stone`. */
  block: string;
}

export interface BlockPlacedEvent extends WorkEvent {
  /** Block identifier without namespace, e.g. `stone`. */
  block: string;
}

export interface EntityKilledEvent extends WorkEvent {
  /** Entity type without namespace, e.g. `zombie`. */
  entity: string;
}

/** Events an adapter may emit on `GamePort.events`; each adapter lists those it does in `emits`. */
export interface GameEvents {
  join: [JoinEvent];
  quit: [QuitEvent];
  loginRefused: [LoginRefusedEvent];
  blockBroken: [BlockBrokenEvent];
  blockPlaced: [BlockPlacedEvent];
  entityKilled: [EntityKilledEvent];
  /** The link to the game came up or went down (always up for the embedded server). */
  connection: [{ connected: boolean }];
}
export type GameEventName = keyof GameEvents;

/**
 * The commands whose answer is a code for the portal, which every adapter
 * offers (vanilla through a trigger): `register` for a new web account,
 * `resetpassword` for a new password of one.
 */
export const codeCommands = ['register', 'resetpassword'] as const;
export type CodeCommand = (typeof codeCommands)[number];

/** What the game shows a player who typed a code command: a text, or a line with links (the portal's address, ./chat-line.ts). */
export type CodeCommandHandler = (player: PlayerRef) => Promise<ChatText>;

/**
 * A command players type in game (`/balance`, `/pay <player> <amount>`),
 * answered with text (`&` colour codes already translated). Features add
 * them before the game starts; the adapter offers them to players.
 */
export interface PlayerCommand {
  name: string;
  usage: string;
  description: string;
  run(player: PlayerRef, args: string[]): Promise<string>;
}

export interface BossBar {
  id: string;
  title: string;
  /** 0 to 1. */
  progress: number;
  color: 'pink' | 'blue' | 'red' | 'green' | 'yellow' | 'purple' | 'white';
}

export interface ItemStack {
  /** Item identifier without namespace, e.g. `diamond`. */
  item: string;
  count: number;
  /** Vanilla's player inventory slot numbers: 0-8 hotbar, 9-35 main, 36-39 armour, 40 off hand. */
  slot: number;
}

export interface GameSettingsChange {
  motd?: string;
  maxPlayers?: number;
  difficulty?: Difficulty;
  defaultGameMode?: GameMode;
  pvp?: boolean;
  whitelistEnabled?: boolean;
}

/** Where a teleport took a player from and to, answered by the one call that moved them. */
export interface TeleportResult {
  from: Location;
  to: Location;
}

export interface Operators {
  isOperator(name: string): Promise<boolean>;
  list(): Promise<PlayerRef[]>;
  /** Grants or removes operator status; returns false when nothing changed. */
  setOperator(name: string, operator: boolean): Promise<boolean>;
}

export interface Whitelist {
  isEnabled(): Promise<boolean>;
  setEnabled(enabled: boolean): Promise<void>;
  isWhitelisted(name: string): Promise<boolean>;
  list(): Promise<PlayerRef[]>;
  add(name: string): Promise<boolean>;
  remove(name: string): Promise<boolean>;
}

export interface Messaging {
  /** Throws PlayerNotOnlineError when the player is not online. */
  sendMessage(playerName: string, text: string): Promise<void>;
  broadcast(text: string): Promise<void>;
}

export const worldEnvironments = ['normal', 'nether', 'end'] as const;
export type WorldEnvironment = (typeof worldEnvironments)[number];

/** A world (map) players can be in. */
export interface WorldInfo {
  name: string;
  environment: WorldEnvironment;
  /** Null where the game cannot tell (a vanilla server over RCON). */
  spawn: { x: number; y: number; z: number } | null;
}

export interface Teleports {
  worlds(): Promise<string[]>;
  /** The worlds with their environment and spawn point. */
  worldInfo(): Promise<WorldInfo[]>;
  /** Throws PlayerNotOnlineError naming whichever of the two is not online. */
  teleportToPlayer(playerName: string, targetName: string): Promise<TeleportResult>;
  /** Throws PlayerNotOnlineError or UnknownWorldError. */
  teleportToLocation(playerName: string, location: Location): Promise<TeleportResult>;
}

export interface BossBars {
  show(bar: BossBar): Promise<void>;
  update(bar: BossBar): Promise<void>;
  remove(id: string): Promise<void>;
}

/**
 * Options of a change in the game (items given, money moved). `operationId`
 * names the change so that a retry of it (after a timeout, say) is answered
 * from the game's memory instead of being done twice, where the adapter can
 * remember.
 */
export interface ChangeOptions {
  operationId?: string;
}

export interface Inventories {
  /** Throws PlayerNotOnlineError. */
  read(playerName: string): Promise<ItemStack[]>;
  /** Removes up to `count` of `item`; returns how many were removed. Throws UnknownItemError. */
  remove(playerName: string, item: string, count: number, options?: ChangeOptions): Promise<number>;
  /** Gives up to `count` of `item`, as many as fit; returns how many were given. Throws UnknownItemError. */
  give(playerName: string, item: string, count: number, options?: ChangeOptions): Promise<number>;
  /** Every item identifier the game knows, where the adapter can list them (for checking catalogues at start). */
  itemIds?(): Promise<string[]>;
}

/**
 * An economy the game keeps (Vault on Paper). Amounts are integer cents.
 * A withdrawal never makes a balance negative: it throws
 * InsufficientFundsError and takes nothing.
 */
export interface EconomyProvider {
  /** What the game uses, for logs and /api/server/info, e.g. `Vault (EssentialsX Economy)`. */
  describe(): Promise<string>;
  balance(playerName: string): Promise<number>;
  /** Returns the balance after. */
  deposit(playerName: string, cents: number, options?: ChangeOptions): Promise<number>;
  /** Returns the balance after; checks and takes in one step, so a balance never goes negative. */
  withdraw(playerName: string, cents: number, options?: ChangeOptions): Promise<number>;
  /**
   * Where the game can: a whole movement in one step, recorded by the game
   * under its operationId before anything moves, so that a repeat is
   * answered from that record (also after a game restart) and a movement a
   * restart interrupted is undone. Steps give `cents` (taken when negative);
   * answers each step's balance after. Throws InsufficientFundsError, moving
   * nothing, when a withdrawal cannot be covered.
   */
  move?(steps: Array<{ playerName: string; cents: number }>, options: Required<ChangeOptions>): Promise<number[]>;
  /**
   * Puts back the movement `move` made under `operationId`, recorded under
   * an operation of its own: deposits taken back as far as the players still
   * have them, refunds cut by what they had spent, so no money is made up.
   * Answers the cents that could not be put back (0 when all was).
   */
  undoMove?(operationId: string): Promise<{ shortfallCents: number }>;
}

export interface ServerControl {
  applySettings(change: GameSettingsChange): Promise<Array<keyof GameSettingsChange>>;
  /**
   * The server's own values of the settings, for a game that keeps its own
   * (a Paper server's server.properties). Absent when Gatehouse is the
   * source of the game's settings (the embedded server).
   */
  readSettings?(): Promise<Required<GameSettingsChange>>;
  restart(reason: string): Promise<void>;
  /** False where `restart` only stops the server and a service manager must start it again (vanilla). */
  readonly startsAgainByItself?: boolean;
}

/** How the game server is doing, where it can tell. */
export interface ServerPerformance {
  /** Ticks per second averaged over 1, 5 and 15 minutes (20 is full speed), and milliseconds a tick took on average lately. */
  ticks(): Promise<{ oneMinute: number; fiveMinutes: number; fifteenMinutes: number; millisecondsPerTick: number | null }>;
  /** The game's memory in bytes; null where it is Gatehouse's own process (the embedded server). */
  memory(): Promise<{ usedBytes: number; maxBytes: number } | null>;
}

/** A server console Gatehouse's own console may pass lines to (the embedded server's commands). */
export interface GameConsole {
  /** Runs a line as the server; returns what to print. */
  run(line: string): Promise<string>;
}

/** A world's folder on disk, as Gatehouse can read it (an absolute path). */
export interface WorldFolder {
  /** The world's name in the game (`world`, `world_nether`). */
  name: string;
  path: string;
}

/**
 * The game's saving of its worlds, paused around a copy of their folders (a
 * backup): while paused, the game writes nothing into them, and what it had
 * in memory when `pause` was called is on disk.
 */
export interface WorldSaves {
  /** The worlds' folders. */
  folders(): Promise<WorldFolder[]>;
  /** Turns the game's automatic saving off, then saves everything and waits until it is written (a flush). */
  pause(): Promise<void>;
  /** Turns the saving on again (as it was before `pause`). Called after every `pause`, even one that failed. */
  resume(): Promise<void>;
}

/** The optional groups, by the name they are asked for. */
export interface Capabilities {
  whitelist: Whitelist;
  messaging: Messaging;
  teleports: Teleports;
  bossBars: BossBars;
  inventories: Inventories;
  economy: EconomyProvider;
  control: ServerControl;
  console: GameConsole;
  performance: ServerPerformance;
  moderation: Moderation;
  saves: WorldSaves;
}
export type Capability = keyof Capabilities;
export const capabilityNames: readonly Capability[] = [
  'whitelist',
  'messaging',
  'teleports',
  'bossBars',
  'inventories',
  'economy',
  'control',
  'console',
  'performance',
  'moderation',
  'saves',
];

/** What the game server is: `{software: 'Paper', version: '1.21.4'}`. */
export interface ServerSoftware {
  software: string;
  version: string;
}

export interface GamePort {
  /** A short name for logs and /api/health, e.g. `embedded`. */
  readonly adapterName: string;
  readonly events: EventEmitter<GameEvents>;
  /** The events this adapter emits (an RCON server, say, has no block events). */
  readonly emits: ReadonlySet<GameEventName>;
  start(): Promise<void>;
  stop(): Promise<void>;
  isConnected(): boolean;
  /** Lines for the owner at start: where players connect, how operators work. */
  describeForOwner(): string[];
  /** What the game server is, or undefined while unknown (a plugin not connected yet). */
  serverSoftware(): ServerSoftware | undefined;
  /** Why the game cannot be reached, when the adapter knows (a refused password), for /api/health. */
  connectionProblem?(): string | undefined;
  /** What a player types for a code command: `/register`, or `/trigger register` where no command can be added. */
  codeCommand(name: CodeCommand): string;
  /** Answers the code command `name` with `handler` (before `start`). */
  onCodeCommand(name: CodeCommand, handler: CodeCommandHandler): void;
  /** Offers a command to players (before `start`). */
  addPlayerCommand(command: PlayerCommand): void;
  /** The same list may go to every caller (read once a tick, src/game/read-once-a-tick.ts): it is read-only. */
  onlinePlayers(): Promise<readonly OnlinePlayer[]>;
  /**
   * Whether the player is on this game server now, from what the adapter
   * itself holds, without asking anything: offered only where that is
   * certain (the embedded server holds its players; a plugin's or vanilla's
   * list is theirs to tell). Where it says no, asking the game about that
   * player could only be told "not online".
   */
  isOnline?(uuid: string): boolean;
  readonly operators: Operators;

  /** The group, or undefined when this adapter cannot do it (now: a plugin decides in its hello). */
  capability<C extends Capability>(name: C): Capabilities[C] | undefined;
  /** The group, or a CapabilityMissingError (501 at the API). */
  require<C extends Capability>(name: C): Capabilities[C];
}
