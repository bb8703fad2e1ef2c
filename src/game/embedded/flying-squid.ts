/**
 * Loads flying-squid without its process-wide side effects and describes the
 * parts of its (untyped) objects the adapter uses.
 *
 * flying-squid's log plugin, at module load, opens a readline on stdin that
 * runs every line as an operator command, registers an exit hook that owns
 * SIGINT/SIGTERM, and patches console.log. With `process.browser` set while
 * it loads, it skips all three (see shared/reference/embedded-server-flying-squid.md).
 */
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';

const require = createRequire(import.meta.url);

export interface SquidClient extends EventEmitter {
  username: string;
  uuid: string;
  latency: number;
  socket?: { remoteAddress?: string };
  write(name: string, params: Record<string, unknown>): void;
  end(reason?: string): void;
}

export interface Vec3Like {
  x: number;
  y: number;
  z: number;
}

export interface SquidWorld {
  stopSaving(): void;
}

export interface SquidPlayer extends EventEmitter {
  id: number;
  username: string;
  uuid: string;
  op: boolean;
  gameMode: number;
  position: Vec3Like;
  yaw: number;
  pitch: number;
  world: SquidWorld;
  profileProperties: unknown[];
  teleport(position: Vec3Like): Promise<void>;
  _unloadAllChunks(): void;
  _sendRespawn(difficulty: number | undefined, gameMode: number | undefined, dimension: number): void;
  updateAndSpawn(): void;
  worldSendInitialChunks(): Promise<void>;
  worldSendRestOfChunks(): Promise<void>;
  sendSelfPosition(position?: Vec3Like): void;
  _client: SquidClient;
  handleCommand(command: string): Promise<void>;
  chat(message: string): void;
  system(message: string): void;
  kick(reason: string): void;
  save(): Promise<void>;
}

export interface SquidCommandParams {
  base: string;
  info?: string;
  usage?: string;
  op?: boolean;
  onlyPlayer?: boolean;
  onlyConsole?: boolean;
  parse?: ((args: string) => unknown) | RegExp;
  action: (args: any, ctx: { player?: SquidPlayer }) => Promise<string | void> | string | void;
}

export interface SquidCommands {
  hash: Record<string, { params: SquidCommandParams }>;
  uniqueHash: Record<string, { params: SquidCommandParams }>;
  add(params: SquidCommandParams): void;
  use(command: string, ctx?: { player?: SquidPlayer }, op?: boolean): Promise<string | undefined>;
}

export interface SquidServer extends EventEmitter {
  players: SquidPlayer[];
  overworld: SquidWorld;
  netherworld: SquidWorld;
  dimensionNames: Record<string, string>;
  registry: { entitiesByName: Record<string, { id: number }>; blocksByName: Record<string, { id: number }> };
  commands: SquidCommands;
  bannedIPs: Record<string, { reason?: string }>;
  difficulty: number;
  gameMode: number;
  _server: {
    motd: string;
    maxPlayers: number;
    options: { beforeLogin?: (client: SquidClient) => void };
    socketServer: { address(): { port: number } | string | null };
    on(event: 'connection', listener: (client: SquidClient) => void): void;
  };
  broadcast(message: string, options?: { whitelist?: SquidPlayer[] }): void;
  getSpawnPoint(world: SquidWorld): Promise<Vec3Like>;
  _writeAll(name: string, params: Record<string, unknown>): void;
  quit(reason?: string): Promise<void>;
  stopTickInterval(): void;
}

export interface FlyingSquid {
  createMCServer(options: Record<string, unknown>): SquidServer;
  generations: Record<string, (options: Record<string, unknown>) => unknown>;
}

let loaded: FlyingSquid | undefined;

export function loadFlyingSquid(): FlyingSquid {
  if (loaded) return loaded;
  const processWithBrowserFlag = process as unknown as { browser?: boolean };
  processWithBrowserFlag.browser = true;
  try {
    require('flying-squid/src/lib/plugins/log.js');
  } finally {
    delete processWithBrowserFlag.browser;
  }
  loaded = require('flying-squid');
  return loaded!;
}

/** Helpers flying-squid depends on, loaded from its own dependency tree. */
export function squidRequire<T>(id: string): T {
  return createRequire(require.resolve('flying-squid'))(id) as T;
}
