/**
 * A player's file in the world folder (`playerdata/<uuid>.dat`, gzipped
 * NBT), which flying-squid writes at each save and Gatehouse adds its own
 * tags to (the operations answered once, the player's world). Read and
 * written whole; the callers hold the player's file lock around a change.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeFileDurably } from '../../lib/durable-file.js';
import { squidRequire } from './flying-squid.js';

export interface NbtTag {
  type: string;
  value: unknown;
}
export type NbtCompound = { type: 'compound'; name?: string; value: Record<string, NbtTag> };

interface PrismarineNbt {
  parse(data: Buffer, callback: (error: Error | null, parsed: NbtCompound) => void): void;
  writeUncompressed(value: NbtCompound): Buffer;
}

export class PlayerDataFiles {
  private readonly nbt = squidRequire<PrismarineNbt>('prismarine-nbt');

  constructor(private readonly worldFolder: string) {}

  /** Where the player's file is. */
  path(uuid: string): string {
    return path.join(this.worldFolder, 'playerdata', `${uuid}.dat`);
  }

  /** The player's file, or undefined when flying-squid has written none yet. */
  async read(uuid: string): Promise<NbtCompound | undefined> {
    let data: Buffer;
    try {
      data = await readFile(this.path(uuid));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    return new Promise((resolve, reject) => this.nbt.parse(data, (error, parsed) => (error ? reject(error) : resolve(parsed))));
  }

  /** Replaces the player's file with `data`, atomically and durably. */
  async write(uuid: string, data: NbtCompound): Promise<void> {
    await mkdir(path.dirname(this.path(uuid)), { recursive: true });
    await writeFileDurably(this.path(uuid), gzipSync(this.nbt.writeUncompressed(data)));
  }
}
