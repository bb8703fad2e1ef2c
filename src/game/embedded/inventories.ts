import { UnknownItemError, type ChangeOptions, type Inventories, type ItemStack } from '../port.js';
import { squidRequire, type SquidInventoryWindow, type SquidItem, type SquidItemConstructor, type SquidPlayer } from './flying-squid.js';
import { offHandSlot, vanillaSlotCount, windowSlotOf } from './inventory-slots.js';
import type { RunningServer } from './module.js';
import type { OnlinePlayers } from './online-players.js';
import type { DurableOperations } from './durable-operations.js';

/** Vanilla fills the hotbar, then the main inventory; armour slots and the off hand only take what is put there. */
const storageSlots = Array.from({ length: 36 }, (_, slot) => slot);

/**
 * Players' inventories, read and changed as vanilla's /give and /clear do:
 * a give tops up matching stacks first (the held one, the off hand, then in
 * slot order) up to the item's stack size, then fills empty slots, and gives
 * as many as fit. Every changed slot is sent to the player's client at once.
 * A change under an operation id is made once, and kept with the player's
 * saved data (./durable-operations.ts).
 */
export class EmbeddedInventories implements Inventories {
  constructor(
    private readonly running: RunningServer,
    private readonly online: OnlinePlayers,
    private readonly operations: DurableOperations,
  ) {}

  async read(playerName: string): Promise<ItemStack[]> {
    const { inventory } = this.online.require(playerName);
    const stacks: ItemStack[] = [];
    for (let slot = 0; slot < vanillaSlotCount; slot++) {
      const item = inventory.slots[windowSlotOf(slot)];
      // flying-squid's /give makes a stack whose count is the typed text ("1"): a count is a number here.
      const count = Number(item?.count);
      if (item && count > 0) stacks.push({ item: item.name, count, slot });
    }
    return stacks;
  }

  async itemIds(): Promise<string[]> {
    return this.running
      .require()
      .registry.itemsArray.map((item) => item.name)
      .filter((name) => name !== 'air');
  }

  async give(playerName: string, item: string, count: number, options: ChangeOptions = {}): Promise<number> {
    // A retry of a change already made is answered first: the player may have left since, and the change stands.
    const made = this.operations.remembered(operationKey('give', options));
    if (made) return made;
    const player = this.online.require(playerName);
    return this.operations.once(player, operationKey('give', options), async () => {
      const type = this.itemType(item);
      checkCount(count);
      const Item = squidRequire<(registry: unknown) => SquidItemConstructor>('prismarine-item')(this.running.require().registry);
      return giveStacks(player, type, count, Item);
    });
  }

  async remove(playerName: string, item: string, count: number, options: ChangeOptions = {}): Promise<number> {
    const made = this.operations.remembered(operationKey('remove', options));
    if (made) return made;
    const player = this.online.require(playerName);
    return this.operations.once(player, operationKey('remove', options), async () => {
      const type = this.itemType(item);
      checkCount(count);
      return removeStacks(player.inventory, type.id, count);
    });
  }

  /** Accepts `diamond` or `minecraft:diamond`, in any letter case, as the bridge does. */
  private itemType(item: string): ItemType {
    const name = typeof item === 'string' ? item.toLowerCase().replace(/^minecraft:/, '') : '';
    const type = name === 'air' ? undefined : this.running.require().registry.itemsByName[name];
    if (!type) throw new UnknownItemError(String(item));
    return type;
  }
}

interface ItemType {
  id: number;
  stackSize: number;
}

function operationKey(kind: string, { operationId }: ChangeOptions): string | undefined {
  return operationId === undefined ? undefined : `${kind}:${operationId}`;
}

function checkCount(count: number): void {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`count must be a whole number of at least 1, not ${count}`);
}

/** Adds as many of `count` as fit, as vanilla does for a give or a pickup; returns how many were added. */
export function giveStacks(player: SquidPlayer, { id, stackSize }: ItemType, count: number, Item: SquidItemConstructor): number {
  const { inventory } = player;
  let left = count;
  const topUpOrder = [player.heldItemSlot, offHandSlot, ...storageSlots];
  for (const slot of new Set(topUpOrder)) {
    if (left === 0) break;
    const stack = inventory.slots[windowSlotOf(slot)];
    if (!stack || !isPlainStackOf(stack, id) || stack.count >= stackSize) continue;
    const added = Math.min(left, stackSize - stack.count);
    stack.count += added;
    inventory.updateSlot(windowSlotOf(slot), stack);
    left -= added;
  }
  for (const slot of storageSlots) {
    if (left === 0) break;
    if (inventory.slots[windowSlotOf(slot)]) continue;
    const added = Math.min(left, stackSize);
    inventory.updateSlot(windowSlotOf(slot), new Item(id, added));
    left -= added;
  }
  return count - left;
}

/** Takes from the lowest slots first, as vanilla's /clear does; armour and the off hand count too. */
function removeStacks(inventory: SquidInventoryWindow, typeId: number, count: number): number {
  let left = count;
  for (let slot = 0; slot < vanillaSlotCount && left > 0; slot++) {
    const windowSlot = windowSlotOf(slot);
    const stack = inventory.slots[windowSlot];
    if (!stack || stack.type !== typeId) continue;
    const taken = Math.min(left, stack.count);
    stack.count -= taken;
    inventory.updateSlot(windowSlot, stack.count > 0 ? stack : null);
    left -= taken;
  }
  return count - left;
}

/** A stack a give may add to: the same item with nothing special about it (no name, enchantment or other data). */
function isPlainStackOf(stack: SquidItem, typeId: number): boolean {
  return stack.type === typeId && !stack.nbt && (stack.components?.length ?? 0) === 0;
}
