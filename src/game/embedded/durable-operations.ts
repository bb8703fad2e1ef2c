/**
 * Inventory changes made under an operation id, remembered in the player's
 * own data file, in the same write as the inventory they changed.
 *
 * The embedded server lives and dies with Gatehouse. If a give were only
 * remembered in memory, a crash after the give and before the shop wrote
 * down its outcome would leave two possibilities the shop cannot tell apart:
 * the items saved in the player's file (a retry must not give again) or lost
 * with the process (a retry must). So after a change under an operation id,
 * the player's inventory and the operation's result are written to
 * `world/playerdata/<uuid>.dat` together, atomically (a temporary file,
 * fsync, rename): after a crash the file holds both or neither, and a retry
 * under the same id is answered from the file, or done, accordingly.
 *
 * The results live in a compound `GatehouseOperations` of the file (the last
 * 200 per player), which flying-squid's own saves keep, since it rewrites
 * only the fields it knows. They are read back when the player is created,
 * before anything can ask about them.
 */
import type { KeyedLock } from '../../lib/keyed-lock.js';
import { squidRequire, type SquidPlayer } from './flying-squid.js';
import type { EmbeddedModule } from './module.js';
import { type NbtCompound, type NbtTag, PlayerDataFiles } from './player-data-file.js';
import type { RecentOperations } from './recent-operations.js';

const tagName = 'GatehouseOperations';
const maxKeptPerPlayer = 200;

interface SlotConversion {
  toNBT(windowSlot: number): number | string;
}

export class DurableOperations implements EmbeddedModule {
  /** Each player's file read, by UUID: a question about an operation waits for it. */
  private readonly loaded = new Map<string, Promise<void>>();
  /** The results kept in each player's file, newest last. */
  private readonly kept = new Map<string, Array<[string, number]>>();
  private readonly slots = squidRequire<SlotConversion>('flying-squid/src/lib/convertInventorySlotId.js');

  private readonly files: PlayerDataFiles;

  constructor(
    worldFolder: string,
    private readonly recent: RecentOperations<number>,
    /** One write of a player's file at a time (shared with the other writers of the file): writes side by side share its temporary file and could leave it torn or stale. */
    private readonly writing: KeyedLock,
    private readonly log: (message: string) => void,
  ) {
    this.files = new PlayerDataFiles(worldFolder);
  }

  watchPlayer(player: SquidPlayer): void {
    // flying-squid sets player.uuid later in the login; the client's is known from the start (read by player.uuid,
    // the file was looked for as undefined.dat, and a retry after a restart was done again instead of answered).
    const uuid = player.uuid ?? player._client.uuid;
    this.loaded.set(uuid, this.load(uuid));
  }

  /**
   * The result of a change made under this key that this process remembers
   * (made since it started, or read from the file of a player who joined),
   * whether or not the player is online now.
   */
  remembered(operationKey: string | undefined): Promise<number> | undefined {
    return operationKey === undefined ? undefined : this.recent.peek(operationKey);
  }

  /**
   * A change under an operation id: answered from memory (or the player's
   * file) if it was made before, else made and then written to the file with
   * the inventory it changed, before it is answered.
   */
  async once(player: SquidPlayer, operationKey: string | undefined, change: () => Promise<number>): Promise<number> {
    if (operationKey === undefined) return change();
    await this.loaded.get(player.uuid);
    return this.recent.once(operationKey, async () => {
      const result = await change();
      // Kept before the write waits its turn, so every write of the file holds every change already made and answered.
      this.kept.set(
        player.uuid,
        [...(this.kept.get(player.uuid) ?? []).filter(([key]) => key !== operationKey), [operationKey, result] as [string, number]].slice(-maxKeptPerPlayer),
      );
      try {
        // flying-squid writes a new player's file with every field, which the write below then replaces; first, and
        // outside the lock, since a save of the player takes it itself (kept-worlds.ts).
        if (!(await this.files.read(player.uuid))) await player.save();
        await this.writing.run(player.uuid, () => this.save(player));
      } catch (error) {
        // The change stands in memory (and is remembered there); only a crash before the next save could lose it.
        this.log(`embedded server: saving ${player.username}'s inventory after ${operationKey}: ${(error as Error).message}`);
      }
      return result;
    });
  }

  private async load(uuid: string): Promise<void> {
    try {
      const tag = (await this.files.read(uuid))?.value[tagName] as NbtCompound | undefined;
      const entries: Array<[string, number]> = Object.entries(tag?.value ?? {}).map(([key, value]) => [key, Number(value.value)]);
      this.kept.set(uuid, entries);
      for (const [key, result] of entries) this.recent.remember(key, result);
    } catch (error) {
      this.log(`embedded server: reading the operations in ${this.files.path(uuid)}: ${(error as Error).message}`);
    }
  }

  /** The player's file with the inventory as it is now and the operations' results, in one atomic write. */
  private async save(player: SquidPlayer): Promise<void> {
    const data = await this.files.read(player.uuid);
    if (!data) throw new Error('flying-squid wrote no player file');
    const kept = this.kept.get(player.uuid) ?? [];
    data.value[tagName] = { type: 'compound', value: Object.fromEntries(kept.map(([key, value]) => [key, { type: 'int', value }])) };
    data.value.Inventory = { type: 'list', value: { type: 'compound', value: this.inventoryTags(player) } };
    await this.files.write(player.uuid, data);
  }

  /** The inventory as flying-squid's save writes it (window slots to NBT slots, namespaced ids). */
  private inventoryTags(player: SquidPlayer): Array<Record<string, NbtTag>> {
    const tags: Array<Record<string, NbtTag>> = [];
    player.inventory.slots.forEach((item, windowSlot) => {
      if (!item) return;
      const tag: Record<string, NbtTag> = {
        Slot: { type: 'byte', value: Number(this.slots.toNBT(windowSlot)) },
        id: { type: 'string', value: `minecraft:${item.name}` },
        Count: { type: 'byte', value: item.count },
      };
      if (item.nbt) tag.tag = item.nbt as NbtTag;
      tags.push(tag);
    });
    return tags;
  }
}
