/**
 * Loads flying-squid without its process-wide side effects and describes the
 * parts of its (untyped) objects the adapter uses.
 *
 * flying-squid's log plugin, at module load, opens a readline on stdin that
 * runs every line as an operator command, registers an exit hook that owns
 * SIGINT/SIGTERM, and patches console.log. With `process.browser` set while
 * it loads, it skips all three (its src/lib/plugins/log.js checks `process.browser`).
 */
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';

const require = createRequire(import.meta.url);

export interface SquidClient extends EventEmitter {
  username: string;
  uuid: string;
  latency: number;
  /** Set once the connection has closed (minecraft-protocol sets it as it emits `end`). */
  ended: boolean;
  socket?: { remoteAddress?: string };
  write(name: string, params: Record<string, unknown>): void;
  end(reason?: string): void;
}

export interface Vec3Like {
  x: number;
  y: number;
  z: number;
}

/** A prismarine-world World: changed chunks are queued and written by a save every second. */
export interface SquidWorld {
  stopSaving(): void;
  /** Starts the save timer again (the world's constructor starts it). */
  startSaving(): void;
  /** Writes the chunks queued now; resolves once they are written. */
  saveNow(): Promise<void>;
  /** The chunks changed and not yet saved. */
  savingQueue: Map<string, unknown>;
  /** Settles once the writes started so far are done. */
  finishedSaving: Promise<unknown>;
}

/** An item stack of prismarine-item. */
export interface SquidItem {
  type: number;
  count: number;
  name: string;
  stackSize: number;
  nbt: unknown;
  components?: unknown[];
}

export interface SquidItemConstructor {
  new (type: number, count: number): SquidItem;
}

/** A player's inventory window (prismarine-windows): 5-8 armour head..feet, 9-35 main, 36-44 hotbar, 45 off hand. */
export interface SquidInventoryWindow {
  slots: Array<SquidItem | null | undefined>;
  /** Sets a slot and sends it to the client. */
  updateSlot(slot: number, item: SquidItem | null): void;
}

/** Any entity: a player, a mob, an object. */
export interface SquidEntity extends EventEmitter {
  id: number;
  /** 'player', 'mob' or 'object'. */
  type: string;
  /** The entity type's name for mobs and objects, e.g. `zombie`. */
  name?: string;
  /** The entity type's id for mobs and objects (players have none). */
  entityType?: number | null;
  health: number;
  position: Vec3Like;
  world: SquidWorld;
  takeDamage(attack: object): void;
  /** Removes the entity from the server and from the clients that see it. */
  destroy(): void;
  _writeOthersNearby(name: string, params: Record<string, unknown>): void;
}

/**
 * A dropped item: an object entity carrying `itemCount` of an item. flying-squid
 * removes it `deathTime` ms after `bornTime`, and from `pickupTime` ms after
 * `bornTime` the nearest player in reach collects it.
 */
export interface SquidItemEntity extends SquidEntity {
  itemId: number;
  itemCount: number;
  bornTime: number;
  deathTime?: number;
  pickupTime?: number;
}

/** What spawnObject takes besides the type, world and position; an item to drop has `itemId`. */
export interface SquidObjectOptions {
  velocity?: Vec3Like;
  pitch?: number;
  yaw?: number;
  data?: number;
  itemId?: number;
  itemDamage?: number;
  itemCount?: number;
  pickupTime?: number;
  deathTime?: number;
}

export interface SquidPlayer extends SquidEntity {
  username: string;
  /** Set by flying-squid's logout when the client's connection ended. */
  disconnected?: boolean;
  /** The entities this player was last shown. */
  nearbyEntities: SquidEntity[];
  /** Removes entities from this player's view. */
  despawnEntities(entities: SquidEntity[]): void;
  uuid: string;
  op: boolean;
  gameMode: number;
  yaw: number;
  pitch: number;
  profileProperties: unknown[];
  inventory: SquidInventoryWindow;
  /** 0-8: the hotbar slot in hand. */
  heldItemSlot: number;
  teleport(position: Vec3Like): Promise<void>;
  /** Sends a chunk column to this client (flying-squid calls it for each chunk around the player, in turn). */
  sendChunk(chunkX: number, chunkZ: number, column: unknown): Promise<unknown>;
  /** Sets `spawnPoint` to a spawn point of the player's world; flying-squid's login calls it first, before it reads the player's file. */
  findSpawnPoint(): Promise<void>;
  _unloadAllChunks(): void;
  _sendRespawn(difficulty: number | undefined, gameMode: number | undefined, dimension: number): void;
  updateAndSpawn(): void;
  worldSendInitialChunks(): Promise<void>;
  worldSendRestOfChunks(): Promise<void>;
  sendSelfPosition(position?: Vec3Like): void;
  /** flying-squid's login waits on this before its last steps. */
  waitPlayerLogin(): Promise<void>;
  _client: SquidClient;
  handleCommand(command: string): Promise<void>;
  chat(message: string): void;
  system(message: string): void;
  kick(reason: string): void;
  save(): Promise<void>;
  /** Takes a dropped item in reach into the inventory; flying-squid's tick calls it once the item's pickup time has passed. */
  collect(item: SquidItemEntity): void;
  /** Shows an entity to this player (flying-squid calls it as the entity comes in view). */
  spawnEntity(entity: SquidEntity): void;
}

export interface SquidSoundOptions {
  whitelist?: SquidPlayer | SquidPlayer[];
  blacklist?: SquidPlayer[];
  radius?: number;
  volume?: number;
  pitch?: number;
  soundCategory?: number;
}

export interface SquidCommandParams {
  base: string;
  info?: string;
  usage?: string;
  op?: boolean;
  onlyPlayer?: boolean;
  onlyConsole?: boolean;
  parse?: ((args: string) => unknown) | RegExp;
  // biome-ignore lint/suspicious/noExplicitAny: the arguments are whatever this command's own `parse` made of the text, typed by each command
  // biome-ignore lint/suspicious/noConfusingVoidType: flying-squid takes a string to show, or nothing (a command written as an async function without a return)
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
  uuidToPlayer: Record<string, SquidPlayer | undefined>;
  /** Removes the player from the others' tab lists. */
  _sendPlayerEventLeave(player: SquidPlayer): void;
  overworld: SquidWorld;
  netherworld: SquidWorld;
  dimensionNames: Record<string, string>;
  registry: {
    entitiesByName: Record<string, { id: number; name: string } | undefined>;
    /** Entity types by id, with the size of their box. */
    entities: Record<number, { id: number; name: string; width: number; height: number } | undefined>;
    /** The entity types spawnMob accepts, by id (on 1.21.4 only a few: see the reference on spawning mobs). */
    mobs: Record<number, unknown>;
    blocksByName: Record<string, { id: number } | undefined>;
    biomesByName: Record<string, { id: number } | undefined>;
    blocks: Record<number, { name: string } | undefined>;
    itemsByName: Record<string, { id: number; stackSize: number } | undefined>;
    items: Record<number, { name: string; stackSize: number } | undefined>;
    itemsArray: Array<{ name: string }>;
  };
  /** Decides which block a player's held item places (called only for a placement that passed flying-squid's checks). */
  placeItem(placement: { item: SquidItem; player: SquidPlayer; placedPosition: Vec3Like }): { id?: number; data?: number } | Promise<{ id?: number; data?: number }>;
  entities: Record<number, SquidEntity | undefined>;
  spawnMob(type: number, world: SquidWorld, position: Vec3Like): SquidEntity;
  /** Every entity (player, mob, object) is created here, with the next id, and added to `entities`. */
  initEntity(type: string, entityType: number | null, world: SquidWorld, position: Vec3Like): SquidEntity;
  spawnObject(type: number, world: SquidWorld, position: Vec3Like, options: SquidObjectOptions): SquidEntity;
  /** Every removal of an entity (a destroy, a pickup, a despawn) ends here; a player's logout deletes it from `entities` directly. */
  destroyEntity(entity: SquidEntity): void;
  commands: SquidCommands;
  bannedIPs: Record<string, { reason?: string }>;
  difficulty: number;
  gameMode: number;
  _server: {
    motd: string;
    maxPlayers: number;
    /** The options createMCServer was given, as minecraft-protocol and flying-squid completed them. */
    options: {
      beforeLogin?: (client: SquidClient) => void;
      /** The registries sent to clients at configuration, in the order their entries are numbered. */
      registryCodec?: Record<string, { entries?: Array<{ key: string }> } | undefined>;
      /** flying-squid sets the overworld's seed here as it loads the world. */
      generation?: { options?: { seed?: number } };
    };
    socketServer: { address(): { port: number } | string | null };
    on(event: 'connection', listener: (client: SquidClient) => void): void;
  };
  broadcast(message: string, options?: { whitelist?: SquidPlayer[] }): void;
  getSpawnPoint(world: SquidWorld): Promise<Vec3Like>;
  /** Plays a sound by name to the players within `radius` (32) of the position, or to `whitelist`. */
  playSound(sound: string, world: SquidWorld, position: Vec3Like | null, options?: SquidSoundOptions): void;
  /** The same by the sound's id in the registry. */
  playSoundId(soundId: number, world: SquidWorld, position: Vec3Like | null, options?: SquidSoundOptions): void;
  /** The players in the world within `radius` of the position. */
  getNearby(area: { world: SquidWorld; position: Vec3Like; radius?: number }): SquidPlayer[];
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

interface ProtocolSerializers {
  createSerializer(options: { state: string; isServer: boolean; version: string }): unknown;
  createDeserializer(options: { state: string; isServer: boolean; version: string }): unknown;
}

/**
 * minecraft-protocol compiles a protocol state's packet readers and writers
 * the first time a client reaches it, and keeps them for the process: done
 * at once by the first player to join after a start, that is a fifth of a
 * second with nothing else running (everyone joining again after a restart
 * waits on it). Compiled here instead, before the server listens.
 */
export function compileProtocol(version: string): void {
  const serializers = squidRequire<ProtocolSerializers>('minecraft-protocol/src/transforms/serializer.js');
  for (const state of ['handshaking', 'status', 'login', 'configuration', 'play']) {
    serializers.createSerializer({ state, isServer: true, version });
    serializers.createDeserializer({ state, isServer: true, version });
  }
}
