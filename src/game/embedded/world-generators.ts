/**
 * The nether's and the End's chunks, built at the height of their own
 * dimension types (y 0 to 255: 16 sections) rather than the overworld's
 * (y -64 to 319: 24 sections), which flying-squid builds every chunk with.
 * A client reads a chunk's sections by the height of the dimension it was
 * told it is in: announced as the nether, an overworld-height chunk is read
 * wrong and the player falls through the world; announced as the overworld,
 * the nether shows the overworld's sky. With these, each world is announced
 * as what it is (dimension-packets.ts).
 *
 * The nether is flying-squid's own (bedrock floor and ceiling, netherrack up
 * to y 49 with glowstone here and there), the End a flat island of end stone
 * (y 0 to 4); both are generated again at each start from the world's seed.
 */
import { squidRequire, type SquidServer, type Vec3Like } from './flying-squid.js';

/** min_y and height of the nether's and the End's dimension types (1.21.4). */
export const netherAndEndHeight = { minY: 0, worldHeight: 256 } as const;

interface Chunk {
  setBlockType(position: Vec3Like, id: number): void;
  setBiome(position: Vec3Like, id: number): void;
}
type ChunkConstructor = new (options: { minY: number; worldHeight: number }) => Chunk;
type Generator = (chunkX: number, chunkZ: number) => Chunk;
interface RandomSeed {
  create(seed: string): (range: number) => number;
}

/** The top of the nether's netherrack is just below this (flying-squid's `level`). */
const netherGroundLevel = 50;
/** The nether's ceiling is the top of what generates (flying-squid's nether goes up to 128). */
const netherTop = 128;
/** The End island's blocks: y 0 to 4, so its ground is at y 5 as the overworld's superflat ground is. */
const endIslandTop = 4;

function chunkType(serv: SquidServer): ChunkConstructor {
  return squidRequire<(registry: unknown) => ChunkConstructor>('prismarine-chunk')(serv.registry);
}

/** Sets the biome of every 4-block cell of the chunk (biomes are kept per cell). */
function fillBiome(chunk: Chunk, biome: number): void {
  for (let x = 0; x < 16; x += 4) {
    for (let z = 0; z < 16; z += 4) {
      for (let y = netherAndEndHeight.minY; y < netherAndEndHeight.minY + netherAndEndHeight.worldHeight; y += 4) chunk.setBiome({ x, y, z }, biome);
    }
  }
}

export function netherGenerator(serv: SquidServer, seed: number): Generator {
  const Chunk = chunkType(serv);
  const random = squidRequire<RandomSeed>('random-seed');
  const blocks = serv.registry.blocksByName;
  const [bedrock, netherrack, glowstone] = [blocks.bedrock!.id, blocks.netherrack!.id, blocks.glowstone!.id];
  const biome = serv.registry.biomesByName.nether_wastes!.id;
  return (chunkX, chunkZ) => {
    const next = random.create(`${seed}:${chunkX}:${chunkZ}`);
    const chunk = new Chunk(netherAndEndHeight);
    for (let x = 0; x < 16; x++) {
      for (let z = 0; z < 16; z++) {
        const ceilingDepth = 1 + next(4);
        const floorDepth = 1 + next(4);
        for (let y = 0; y < netherTop; y++) {
          let block: number | undefined;
          if (y < floorDepth) block = bedrock;
          else if (y < netherGroundLevel) block = next(50) === 0 ? glowstone : netherrack;
          else if (y > netherTop - 1 - ceilingDepth) block = bedrock;
          if (block !== undefined) chunk.setBlockType({ x, y, z }, block);
        }
      }
    }
    fillBiome(chunk, biome);
    return chunk;
  };
}

export function endGenerator(serv: SquidServer): Generator {
  const Chunk = chunkType(serv);
  const endStone = serv.registry.blocksByName.end_stone!.id;
  const biome = serv.registry.biomesByName.the_end!.id;
  return () => {
    const chunk = new Chunk(netherAndEndHeight);
    for (let x = 0; x < 16; x++) {
      for (let z = 0; z < 16; z++) {
        for (let y = 0; y <= endIslandTop; y++) chunk.setBlockType({ x, y, z }, endStone);
      }
    }
    fillBiome(chunk, biome);
    return chunk;
  };
}
