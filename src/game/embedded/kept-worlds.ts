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
import type { KeyedLock } from '../../lib/keyed-lock.js';
import type { SquidPlayer } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';
import { PlayerDataFiles } from './player-data-file.js';
import type { EmbeddedWorlds } from './worlds.js';

export class KeptWorlds implements EmbeddedModule {
  private readonly files: PlayerDataFiles;

  constructor(
    worldFolder: string,
    private readonly worlds: EmbeddedWorlds,
    /** Held while a player's file is read and written, by UUID: shared with the other writers of the file. */
    private readonly playerFiles: KeyedLock,
    private readonly log: (message: string) => void,
  ) {
    this.files = new PlayerDataFiles(worldFolder);
  }

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

  /** The dimension in the player's file; undefined for a new player (or a file that cannot be read, logged). */
  private async readDimension(uuid: string): Promise<unknown> {
    try {
      return (await this.files.read(uuid))?.value.Dimension?.value;
    } catch (error) {
      this.log(`embedded server: reading the world of ${uuid} in ${this.files.path(uuid)}: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Sets the file's Dimension to the world the player is in, where it says another. */
  private async keepDimension(player: SquidPlayer): Promise<void> {
    const dimension = this.worlds.dimensionOf(player.world);
    try {
      await this.playerFiles.run(player.uuid, async () => {
        const data = await this.files.read(player.uuid);
        // No file to keep it in (flying-squid writes none without a world folder).
        if (!data || data.value.Dimension?.value === dimension) return;
        data.value.Dimension = { type: 'int', value: dimension };
        await this.files.write(player.uuid, data);
      });
    } catch (error) {
      this.log(`embedded server: keeping the world of ${player.username} in ${this.files.path(player.uuid)}: ${(error as Error).message}`);
    }
  }
}
