import { InvalidArgumentError, PlayerNotOnlineError } from '../errors.js';
import type { ChangeOptions, Inventories, ItemStack } from '../port.js';
import { playerArgument, resourceArgument } from './arguments.js';
import type { RconCommand } from './connection.js';
import { entityData } from './entity-data.js';
import { operationsObjective, type OperationScores } from './operation-scores.js';
import { itemsOf, parseClear, parseEntityData, parseGive } from './replies.js';
import { maxStackSize } from './stack-sizes.js';

/**
 * Inventories by vanilla's commands: read with `data get entity`, changed
 * with `give` and `clear`. A change under an operation id writes its outcome
 * to the game's scoreboard in the same command (./operation-scores.ts), so a
 * retry after a lost reply is answered from that record, not made twice.
 */
export class RconInventories implements Inventories {
  constructor(
    private readonly command: RconCommand,
    private readonly scores: OperationScores,
  ) {}

  async read(playerName: string): Promise<ItemStack[]> {
    const inventory = await entityData(this.command, playerName, 'Inventory');
    // From 1.21.5 armour and the off hand are kept in `equipment`; before, it does not exist.
    const equipmentReply = await this.command(`data get entity ${playerArgument(playerName)} equipment`);
    const equipment = /has the following entity data/.test(equipmentReply) ? parseEntityData(equipmentReply, playerName).data : undefined;
    return itemsOf(inventory, equipment);
  }

  async give(playerName: string, item: string, count: number, options?: ChangeOptions): Promise<number> {
    playerArgument(playerName);
    itemId(item);
    countArgument(count);
    const scores = this.scores;
    // Given before under this id, its reply lost: the game's record says so, and how many.
    const record = options?.operationId === undefined ? undefined : scores.holders(options.operationId);
    if (record && (await scores.read(record.outcome)) === 1) return scores.amountOf((await scores.read(record.amount)) ?? 0);
    // `clear <player> <item> 0` only counts: it checks the item and the player without changing anything.
    parseClear(await this.command(`clear ${playerName} ${itemId(item)} 0`), playerName, item);
    const amount = Math.min(count, await this.room(playerName, item));
    if (amount <= 0) return 0;
    const give = `give ${playerName} ${itemId(item)} ${amount}`;
    if (!record) return parseGive(await this.command(give), playerName, item);
    // The amount first; then the give and its record in one command.
    await scores.writeAmount(record, amount);
    return parseGive(await this.command(`execute store success score ${record.outcome} ${operationsObjective} run ${give}`), playerName, item);
  }

  async remove(playerName: string, item: string, count: number, options?: ChangeOptions): Promise<number> {
    const scores = this.scores;
    const clear = `clear ${playerArgument(playerName)} ${itemId(item)} ${countArgument(count)}`;
    if (options?.operationId === undefined) return parseClear(await this.command(clear), playerName, item);
    const record = scores.holders(options.operationId);
    // Cleared before under this id, its reply lost: the count removed is on record (0 when the clear failed).
    const before = await scores.read(record.outcome);
    if (before !== undefined) return before;
    await scores.writeAmount(record, count);
    const reply = await this.command(`execute store result score ${record.outcome} ${operationsObjective} run ${clear}`);
    try {
      return parseClear(reply, playerName, item);
    } catch (error) {
      // Nothing was taken from a player who was not there: forget it, so a retry once they are back takes the items.
      if (error instanceof PlayerNotOnlineError) await scores.forget(record).catch(() => undefined);
      throw error;
    }
  }

  /** How many of an item fit in the main inventory: `give` drops what does not fit at the player's feet. */
  private async room(playerName: string, item: string): Promise<number> {
    const stacks = (await this.read(playerName)).filter((stack) => stack.slot <= 35);
    const size = maxStackSize(item);
    const free = 36 - stacks.length;
    return stacks.filter((stack) => stack.item === item.replace(/^minecraft:/, '')).reduce((sum, stack) => sum + Math.max(0, size - stack.count), 0) + free * size;
  }
}

/** The item's id, namespaced; InvalidArgumentError naming `item` when it is no id. */
function itemId(item: string): string {
  const id = resourceArgument(item, 'item');
  return id.includes(':') ? id : `minecraft:${id}`;
}

function countArgument(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0) throw new InvalidArgumentError('count', 'must be a whole number, 0 or more');
  return count;
}
