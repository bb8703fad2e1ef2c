/**
 * Each world's spawn: one fixed place, as in vanilla. flying-squid has none:
 * its getSpawnPoint picks a random column of a 30 by 30 area at each call
 * (new players still appear at such a point, as vanilla spreads them around
 * the spawn). The spawn answered is the middle of that area, on the ground
 * found as flying-squid finds it. The overworld's is kept where vanilla keeps
 * it, SpawnX, SpawnY and SpawnZ in world/level.dat, so it stays where it was
 * first found whatever is built there later; the nether and the End are
 * generated again at each start (flying-squid saves neither), so theirs is
 * found again, at the same place.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { writeFileDurably } from '../../lib/durable-file.js';
import { squidRequire, type SquidServer, type SquidWorld, type Vec3Like } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';

/** The middle of the area flying-squid spawns new players in (x and z from 0 to 30), and the height it searches down from. */
const spawnColumn = { x: 15, z: 15 };
const searchFromY = 81;
/** How far the search goes along x past water, and up through solid blocks, before it stops where it is. */
const maxSearchDistance = 256;

interface NbtTag {
  type: string;
  value: unknown;
}
type NbtCompound = { type: 'compound'; name: string; value: Record<string, NbtTag> };
interface PrismarineNbt {
  parseUncompressed(data: Buffer): NbtCompound;
  writeUncompressed(value: NbtCompound): Buffer;
}
interface Vec3Constructor {
  new (x: number, y: number, z: number): Vec3Like;
}
interface WorldBlocks {
  getBlockType(position: Vec3Like): Promise<number>;
}

export class SpawnPoints implements EmbeddedModule {
  private readonly nbt = squidRequire<PrismarineNbt>('prismarine-nbt');
  private readonly Vec3 = squidRequire<{ Vec3: Vec3Constructor }>('vec3').Vec3;
  private spawns = new WeakMap<SquidWorld, Promise<Vec3Like>>();
  private serv: SquidServer | undefined;

  constructor(
    private readonly dataDirectory: string,
    private readonly log: (message: string) => void,
  ) {}

  attach(serv: SquidServer): void {
    this.serv = serv;
    this.spawns = new WeakMap();
  }

  /** The world's spawn: where a player's feet are on arrival, in whole blocks as flying-squid's spawn points are. */
  spawnOf(world: SquidWorld): Promise<Vec3Like> {
    let spawn = this.spawns.get(world);
    if (!spawn) {
      spawn = world === this.serv?.overworld ? this.keptSpawn(world) : this.groundAt(world);
      this.spawns.set(world, spawn);
    }
    return spawn;
  }

  /** The spawn in level.dat, or found now and written there. */
  private async keptSpawn(world: SquidWorld): Promise<Vec3Like> {
    const file = path.join(this.dataDirectory, 'world', 'level.dat');
    let level: NbtCompound | undefined;
    try {
      level = this.nbt.parseUncompressed(gunzipSync(await readFile(file)));
    } catch (error) {
      this.log(`embedded game server: cannot read ${file} for the spawn, finding it again: ${(error as Error).message}`);
    }
    const data = level?.value.Data as NbtCompound | undefined;
    const kept = data && ['SpawnX', 'SpawnY', 'SpawnZ'].map((key) => data.value[key]?.value);
    if (kept?.every((value) => typeof value === 'number')) {
      const [x, y, z] = kept as number[];
      return { x: x!, y: y!, z: z! };
    }
    const spawn = await this.groundAt(world);
    if (level && data) {
      data.value.SpawnX = { type: 'int', value: spawn.x };
      data.value.SpawnY = { type: 'int', value: spawn.y };
      data.value.SpawnZ = { type: 'int', value: spawn.z };
      await writeFileDurably(file, gzipSync(this.nbt.writeUncompressed(level))).catch((error: Error) =>
        this.log(`embedded game server: cannot keep the spawn in ${file}: ${error.message}`),
      );
    }
    return spawn;
  }

  /** flying-squid's search for the ground: down through air, along x past water, up to the first air. */
  private async groundAt(world: SquidWorld): Promise<Vec3Like> {
    const blocks = world as unknown as WorldBlocks;
    const water = new Set([this.serv?.registry.blocksByName.water?.id, this.serv?.registry.blocksByName.flowing_water?.id]);
    let { x } = spawnColumn;
    const { z } = spawnColumn;
    let y = searchFromY;
    const typeAt = () => blocks.getBlockType(new this.Vec3(x, y, z));
    while (y > 0 && (await typeAt()) === 0) y--;
    while (x < spawnColumn.x + maxSearchDistance && water.has(await typeAt())) x++;
    while (y < searchFromY + maxSearchDistance && (await typeAt()) !== 0) y++;
    return { x, y, z };
  }
}
