/**
 * The embedded server's worlds under their vanilla names. flying-squid has an
 * overworld and a nether; an End (a flat island of end stone) is added so
 * teleports can cross all three common worlds. The nether and the End are
 * built at the height of their own dimension types (world-generators.ts), so
 * that each is announced to clients as what it is (dimension-packets.ts).
 */
import { UnknownWorldError, type Location, type WorldInfo } from '../port.js';
import { protocolByteToDegrees } from './packet-compat.js';
import { squidRequire, type SquidEntity, type SquidPlayer, type SquidServer, type SquidWorld } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';
import type { SpawnPoints } from './spawn-points.js';
import { endGenerator, netherGenerator } from './world-generators.js';

interface Vec3Constructor {
  new (x: number, y: number, z: number): { x: number; y: number; z: number };
}

/** Vanilla world name → flying-squid world, the dimension number flying-squid and player files use, and the dimension's key. */
interface WorldEntry {
  name: string;
  world: SquidWorld;
  dimension: number;
  /** The dimension's key, also the name of its dimension type: `minecraft:the_nether`. */
  key: string;
}

/** The worlds of the server running now, by their vanilla names. */
export class EmbeddedWorlds implements EmbeddedModule {
  private entries: WorldEntry[] = [];

  constructor(private readonly spawns: SpawnPoints) {}

  attach(serv: SquidServer): void {
    this.entries = createWorlds(serv);
  }

  /** Each world with its environment and its fixed spawn point. */
  async info(): Promise<WorldInfo[]> {
    return Promise.all(
      this.entries.map(async (entry) => {
        const { x, y, z } = await this.spawns.spawnOf(entry.world);
        return { name: entry.name, environment: environmentOf(entry.dimension), spawn: { x, y, z } };
      }),
    );
  }

  names(): string[] {
    return this.entries.map((entry) => entry.name);
  }

  /** The world's dimension key (`minecraft:overworld`, `minecraft:the_nether`, `minecraft:the_end`). */
  keyOf(world: SquidWorld): string {
    return this.entries.find((entry) => entry.world === world)?.key ?? overworldKey;
  }

  /** The world's dimension number as player files keep it: -1 the nether, 0 the overworld, 1 the End. */
  dimensionOf(world: SquidWorld): number {
    return this.entries.find((entry) => entry.world === world)?.dimension ?? 0;
  }

  /** The world of a dimension as a player file keeps it: a number (flying-squid's, older vanilla's) or a key (vanilla's now). */
  byDimension(dimension: unknown): SquidWorld | undefined {
    return this.entries.find((entry) => entry.dimension === dimension || entry.key === dimension)?.world;
  }

  nameOf(world: SquidWorld): string {
    return this.entries.find((entry) => entry.world === world)?.name ?? 'world';
  }

  /** Where an entity (a mob, a block's breaker) is, without a view direction. */
  positionOf(entity: SquidEntity): Location {
    const { x, y, z } = entity.position;
    return { world: this.nameOf(entity.world), x, y, z };
  }

  /** Where a player is and looks, in degrees. */
  locationOf(player: SquidPlayer): Location {
    return { ...this.positionOf(player), yaw: protocolByteToDegrees(player.yaw), pitch: protocolByteToDegrees(player.pitch) };
  }

  /** Throws UnknownWorldError. */
  move(player: SquidPlayer, location: Location): Promise<void> {
    return movePlayer(player, this.entries, location);
  }
}

const overworldKey = 'minecraft:overworld';

function createWorlds(serv: SquidServer): WorldEntry[] {
  const World = squidRequire<(registry: unknown) => new (generator: unknown) => SquidWorld>('prismarine-world')(serv.registry);
  // The overworld's seed (from level.dat), which flying-squid's nether was generated from too.
  const seed = Number(serv._server.options.generation?.options?.seed ?? 0);
  // flying-squid's nether (overworld height) is replaced before anyone can join.
  serv.netherworld = withFlyingSquidFields(new World(netherGenerator(serv, seed)));
  const end = withFlyingSquidFields(new World(endGenerator(serv)));
  serv.dimensionNames = { '-1': 'minecraft:the_nether', 0: overworldKey, 1: 'minecraft:the_end' };
  return [
    { name: 'world', world: serv.overworld, dimension: 0, key: overworldKey },
    { name: 'world_nether', world: serv.netherworld, dimension: -1, key: 'minecraft:the_nether' },
    { name: 'world_the_end', world: end, dimension: 1, key: 'minecraft:the_end' },
  ];
}

/** What flying-squid's own plugins expect of a world (portals, block entities) beyond prismarine-world's. */
function withFlyingSquidFields(world: SquidWorld): SquidWorld {
  Object.assign(world, { portals: [], blockEntityData: {} });
  return world;
}

/** Moves a player to a location, switching world first when it differs; yaw and pitch in degrees, 0 when not given. */
async function movePlayer(player: SquidPlayer, worlds: WorldEntry[], { yaw = 0, pitch = 0, ...location }: Location): Promise<void> {
  const target = worlds.find((entry) => entry.name === location.world);
  if (!target)
    throw new UnknownWorldError(
      location.world,
      worlds.map((entry) => entry.name),
    );
  const Vec3 = squidRequire<{ Vec3: Vec3Constructor }>('vec3').Vec3;
  const destination = new Vec3(location.x, location.y, location.z);
  if (player.world !== target.world) await switchWorld(player, target, destination);
  await player.teleport(destination);
  player.yaw = degreesToProtocolByte(yaw);
  player.pitch = degreesToProtocolByte(pitch);
  // flying-squid's teleport has no view direction: send the final position with it.
  player._client.write('position', {
    teleportId: 2,
    x: location.x,
    y: location.y,
    z: location.z,
    dx: 0,
    dy: 0,
    dz: 0,
    yaw,
    pitch,
    flags: {},
  });
}

/**
 * flying-squid's changeWorld, less its last step: that waits for a "flying" or
 * "look" packet, which a 1.21.4 client standing still never sends, so the
 * switch (and the request behind it) would hang. The player arrives at the
 * destination rather than at the world's spawn.
 */
async function switchWorld(player: SquidPlayer, target: WorldEntry, destination: { x: number; y: number; z: number }): Promise<void> {
  player.world = target.world;
  player._unloadAllChunks();
  player._sendRespawn(undefined, undefined, target.dimension);
  player.position = destination;
  player.updateAndSpawn();
  await player.worldSendInitialChunks();
  player.sendSelfPosition();
  player.emit('change_world');
  void player.worldSendRestOfChunks();
}

function environmentOf(dimension: number): WorldInfo['environment'] {
  return dimension === -1 ? 'nether' : dimension === 1 ? 'end' : 'normal';
}

function degreesToProtocolByte(degrees: number): number {
  const byte = Math.round((degrees * 256) / 360) & 0xff;
  return byte > 127 ? byte - 256 : byte;
}
