import { GameUnavailableError, PlayerNotOnlineError, UnknownItemError } from '../../src/game/errors.js';
import type { ChangeOptions, Inventories, ItemStack } from '../../src/game/port.js';

/**
 * Inventories for the shop's HTTP tests (the game's rules are the contract
 * suite's business): 36 slots a player, stacks of 64 (16 for ender pearls,
 * 1 for tools), a bounded memory of operation ids as the port promises, and
 * faults on demand: the next change done and then reported as a timeout.
 */
export class FakeInventories implements Inventories {
  readonly held = new Map<string, ItemStack[]>();
  readonly known = new Set(['diamond', 'cobblestone', 'stone', 'iron_ingot', 'coal', 'oak_log', 'bread', 'iron_pickaxe', 'ender_pearl', 'dirt', 'netherite_ingot', 'rotten_flesh']);
  /** Every change the game really made: [operation, player, item, count]. */
  readonly changes: Array<[string, string, string, number]> = [];
  /** Makes the next give or remove happen, then fail as a lost answer would. */
  failAfterNext = false;
  private readonly remembered = new Map<string, number>();

  constructor(private readonly isOnline: (name: string) => boolean) {}

  async read(playerName: string): Promise<ItemStack[]> {
    this.requireOnline(playerName);
    return (this.held.get(playerName.toLowerCase()) ?? []).map((stack) => ({ ...stack }));
  }

  async give(playerName: string, item: string, count: number, options?: ChangeOptions): Promise<number> {
    return this.change(options, () => {
      this.requireOnline(playerName);
      const id = this.requireItem(item);
      const stacks = this.held.get(playerName.toLowerCase()) ?? [];
      const size = this.stackSize(id);
      let left = count;
      for (const stack of stacks) {
        if (stack.item !== id || stack.slot > 35) continue;
        const added = Math.min(left, size - stack.count);
        stack.count += added;
        left -= added;
      }
      for (let slot = 0; slot <= 35 && left > 0; slot += 1) {
        if (stacks.some((stack) => stack.slot === slot)) continue;
        const added = Math.min(left, size);
        stacks.push({ slot, item: id, count: added });
        left -= added;
      }
      this.held.set(playerName.toLowerCase(), stacks);
      this.changes.push(['give', playerName, id, count - left]);
      return count - left;
    });
  }

  async remove(playerName: string, item: string, count: number, options?: ChangeOptions): Promise<number> {
    return this.change(options, () => {
      this.requireOnline(playerName);
      const id = this.requireItem(item);
      const stacks = this.held.get(playerName.toLowerCase()) ?? [];
      let left = count;
      for (const stack of stacks) {
        if (stack.item !== id) continue;
        const taken = Math.min(left, stack.count);
        stack.count -= taken;
        left -= taken;
      }
      this.held.set(
        playerName.toLowerCase(),
        stacks.filter((stack) => stack.count > 0),
      );
      this.changes.push(['remove', playerName, id, count - left]);
      return count - left;
    });
  }

  async itemIds(): Promise<string[]> {
    return [...this.known];
  }

  /** How many of `item` a player holds. */
  count(playerName: string, item: string): number {
    return (this.held.get(playerName.toLowerCase()) ?? []).filter((stack) => stack.item === item).reduce((sum, stack) => sum + stack.count, 0);
  }

  /** Fills every slot with something the market does not buy. */
  fill(playerName: string, freeSlots = 0): void {
    this.held.set(
      playerName.toLowerCase(),
      Array.from({ length: 36 - freeSlots }, (_, slot) => ({ slot, item: 'rotten_flesh', count: 64 })),
    );
  }

  private change(options: ChangeOptions | undefined, work: () => number): number {
    if (options?.operationId !== undefined && this.remembered.has(options.operationId)) return this.remembered.get(options.operationId)!;
    const result = work();
    if (options?.operationId !== undefined) this.remembered.set(options.operationId, result);
    if (this.failAfterNext) {
      this.failAfterNext = false;
      throw new GameUnavailableError('no answer within 5000 ms (the change was made)');
    }
    return result;
  }

  private stackSize(item: string): number {
    return item === 'ender_pearl' ? 16 : item.endsWith('_pickaxe') ? 1 : 64;
  }

  private requireOnline(playerName: string): void {
    if (!this.isOnline(playerName)) throw new PlayerNotOnlineError(playerName);
  }

  private requireItem(item: string): string {
    const id = item.replace(/^minecraft:/, '');
    if (!this.known.has(id)) throw new UnknownItemError(item);
    return id;
  }
}
