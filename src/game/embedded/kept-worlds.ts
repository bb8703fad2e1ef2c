/**
 * The world a player is in, kept in their file (`Dimension`, as vanilla
 * keeps it: -1 the nether, 0 the overworld, 1 the End) and where they log in
 * again. flying-squid keeps only the position: a player who left in the
 * nether came back at those coordinates in the overworld, told it was the
 * overworld.
 *
 * flying-squid writes `Dimension: 0` in a new player's file and leaves the
 * field alone after (its saves rewrite only the fields it knows), so after
 * each of its saves the field is set to the world the player is in, in a
 * write of its own (atomic, one at a time per player with Gatehouse's other
 * writes of the file). At login the field is read before flying-squid looks
 * for the player's spawn point, which is where it takes the player's world
 * from, and so before the login packet names it.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeFileDurably } from '../../lib/durable-file.js';
import type { KeyedLock } from '../../lib/keyed-lock.js';
import { squidRequire, type SquidPlayer } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';
import type { EmbeddedWorlds } from './worlds.js';

interface NbtTag {
  type: string;
  value: unknown;
}
type NbtCompound = { type: 'compound'; name?: string; value: Record<string, NbtTag> };
interface PrismarineNbt {
  parse(data: Buffer, callback: (error: Error | null, parsed: NbtCompound) => void): void;
  writeUncompressed(value: NbtCompound): Buffer;
}

export class KeptWorlds implements EmbeddedModule {
  private readonly nbt = squidRequire<PrismarineNbt>('prismarine-nbt');

  constructor(
    private readonly worldFolder: string,
    private readonly worlds: EmbeddedWorlds,
    /** Held while a player's file is read and written, by UUID: shared with the other writers of the file. */
    private readonly playerFiles: KeyedLock,
    private readonly log: (message: string) => void,
  ) {}

  /** Each player's last save (flying-squid's and the dimension after it) while it runs, by UUID. */
  private readonly saving = new Map<string, Promise<void>>();

  watchPlayer(player: SquidPlayer): void {
    // flying-squid sets player.uuid later in the login; the client's is known from the start.
    const uuid = player._client.uuid;
    const findSpawnPoint = player.findSpawnPoint;
    player.findSpawnPoint = async () => {
      player.findSpawnPoint = findSpawnPoint;
      // A player who comes back at once finds the save of their last session (which flying-squid does not wait for
      // at logout) done: the world read here and the position flying-squid reads next are where they left.
      await this.saving.get(uuid)?.catch(() => undefined);
      const world = this.worlds.byDimension(await this.readDimension(uuid));
      if (world) player.world = world;
      return findSpawnPoint();
    };
    const save = player.save;
    player.save = () => {
      const saved = save().then(() => this.keepDimension(player));
      this.saving.set(uuid, saved);
      const forget = () => {
        if (this.saving.get(uuid) === saved) this.saving.delete(uuid);
      };
      saved.then(forget, forget);
      return saved;
    };
  }

  private file(uuid: string): string {
    return path.join(this.worldFolder, 'playerdata', `${uuid}.dat`);
  }

  private async read(uuid: string): Promise<NbtCompound | undefined> {
    let data: Buffer;
    try {
      data = await readFile(this.file(uuid));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    return new Promise((resolve, reject) => this.nbt.parse(data, (error, parsed) => (error ? reject(error) : resolve(parsed))));
  }

  /** The dimension in the player's file; undefined for a new player (or a file that cannot be read, logged). */
  private async readDimension(uuid: string): Promise<unknown> {
    try {
      return (await this.read(uuid))?.value.Dimension?.value;
    } catch (error) {
      this.log(`embedded server: reading the world of ${uuid} in ${this.file(uuid)}: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Sets the file's Dimension to the world the player is in, where it says another. */
  private async keepDimension(player: SquidPlayer): Promise<void> {
    const dimension = this.worlds.dimensionOf(player.world);
    try {
      await this.playerFiles.run(player.uuid, async () => {
        const data = await this.read(player.uuid);
        // No file to keep it in (flying-squid writes none without a world folder).
        if (!data || data.value.Dimension?.value === dimension) return;
        data.value.Dimension = { type: 'int', value: dimension };
        await mkdir(path.dirname(this.file(player.uuid)), { recursive: true });
        await writeFileDurably(this.file(player.uuid), gzipSync(this.nbt.writeUncompressed(data)));
      });
    } catch (error) {
      this.log(`embedded server: keeping the world of ${player.username} in ${this.file(player.uuid)}: ${(error as Error).message}`);
    }
  }
}
