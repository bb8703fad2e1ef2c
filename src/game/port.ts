/**
 * The game port: everything the services may ask of, or hear from, the game
 * server. Adapters (the embedded flying-squid server, the JVM bridge) implement
 * it; services never see which one they talk to.
 *
 * Required members are what every adapter must offer. Optional groups are
 * capabilities: an adapter that cannot do a thing leaves the group out, and the
 * HTTP layer answers 501 for it instead of asking which adapter it runs on.
 */
import type { EventEmitter } from 'node:events';

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
}

export interface JoinEvent {
  player: PlayerRef;
  ipAddress: string;
}

export interface QuitEvent {
  player: PlayerRef;
  ipAddress: string;
}

export interface LoginRefusedEvent {
  name: string;
  uuid: string | null;
  ipAddress: string;
  reason: string;
}

export interface BlockBrokenEvent {
  player: PlayerRef;
  /** Block identifier without namespace, e.g. `stone`. */
  block: string;
  location: Location;
}

export interface EntityKilledEvent {
  player: PlayerRef;
  /** Entity type without namespace, e.g. `zombie`. */
  entity: string;
  location: Location;
}

/** Events every adapter emits on `GamePort.events`. */
export interface GameEvents {
  join: [JoinEvent];
  quit: [QuitEvent];
  loginRefused: [LoginRefusedEvent];
  blockBroken: [BlockBrokenEvent];
  entityKilled: [EntityKilledEvent];
  /** The link to the game came up or went down (always up for the embedded server). */
  connection: [{ connected: boolean }];
}

/** What the game shows a player who typed /register. */
export type RegisterCommandHandler = (player: PlayerRef) => Promise<string>;

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

export interface Teleports {
  worlds(): Promise<string[]>;
  teleportToPlayer(playerName: string, targetName: string): Promise<Location>;
  teleportToLocation(playerName: string, location: Location): Promise<Location>;
}

export interface BossBars {
  show(bar: BossBar): Promise<void>;
  update(bar: BossBar): Promise<void>;
  remove(id: string): Promise<void>;
}

export interface Inventories {
  read(playerName: string): Promise<ItemStack[]>;
  /** Removes up to `count` of `item`; returns how many were removed. */
  remove(playerName: string, item: string, count: number): Promise<number>;
  give(playerName: string, item: string, count: number): Promise<number>;
}

export interface EconomyProvider {
  balance(playerName: string): Promise<number>;
  deposit(playerName: string, amount: number): Promise<number>;
  withdraw(playerName: string, amount: number): Promise<number>;
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
}

export interface GamePort {
  /** A short name for logs and /api/health, e.g. `embedded`. */
  readonly adapterName: string;
  readonly events: EventEmitter<GameEvents>;
  start(): Promise<void>;
  stop(): Promise<void>;
  isConnected(): boolean;
  onRegisterCommand(handler: RegisterCommandHandler): void;
  onlinePlayers(): Promise<OnlinePlayer[]>;
  readonly operators: Operators;

  readonly whitelist?: Whitelist;
  readonly messaging?: Messaging;
  readonly teleports?: Teleports;
  readonly bossBars?: BossBars;
  readonly inventories?: Inventories;
  readonly economy?: EconomyProvider;
  readonly control?: ServerControl;
}

/** The game is not reachable right now (bridge down); the HTTP layer answers 503. */
export class GameUnavailableError extends Error {
  override name = 'GameUnavailableError';
}

/** A named player is not online; the HTTP layer answers 404. */
export class PlayerNotOnlineError extends Error {
  override name = 'PlayerNotOnlineError';
  constructor(readonly playerName: string) {
    super(`player ${playerName} is not online`);
  }
}
