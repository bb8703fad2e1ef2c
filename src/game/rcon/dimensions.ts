/**
 * The worlds of a vanilla server under the names the API uses for them (the
 * names Bukkit servers give their folders), beside vanilla's own name for
 * each, its dimension. Commands and `data get` speak in dimensions; the API,
 * and Paper 1.21's log lines, in world names. The tables are Maps: a plain
 * object would take `constructor` or `toString` for a world.
 */
import type { WorldEnvironment } from '../port.js';
import { resourceArgument } from './arguments.js';

interface VanillaWorld {
  name: string;
  dimension: string;
  environment: WorldEnvironment;
}

const vanillaWorlds: readonly VanillaWorld[] = [
  { name: 'world', dimension: 'minecraft:overworld', environment: 'normal' },
  { name: 'world_nether', dimension: 'minecraft:the_nether', environment: 'nether' },
  { name: 'world_the_end', dimension: 'minecraft:the_end', environment: 'end' },
];

const dimensionOfName = new Map(vanillaWorlds.map((world) => [world.name, world.dimension]));
const nameOfDimension = new Map(vanillaWorlds.map((world) => [world.dimension, world.name]));

/** The world names, in the order the API lists them. */
export function worldNames(): string[] {
  return vanillaWorlds.map((world) => world.name);
}

/** Each world with its environment. */
export function worldEnvironments(): Array<{ name: string; environment: WorldEnvironment }> {
  return vanillaWorlds.map(({ name, environment }) => ({ name, environment }));
}

/**
 * The dimension for a world name; a namespaced name (a datapack's dimension)
 * as it is, once checked to be a dimension id (InvalidArgumentError naming
 * `world` when it is not); undefined for an unknown world.
 */
export function dimensionOf(world: string): string | undefined {
  const known = dimensionOfName.get(world);
  if (known) return known;
  return world.includes(':') ? resourceArgument(world, 'world') : undefined;
}

/** The world name for a dimension; a dimension of no common world (a datapack's) keeps its own name. */
export function worldOf(dimension: string): string {
  return nameOfDimension.get(dimension) ?? dimension;
}
