/**
 * Gatehouse as `npm start` runs it (build/src/main.js), except that when the
 * embedded server has taken a sale's items from a player's inventory (and,
 * as it does, saved the inventory with the operation's result), the answer
 * is never given to the shop: "taken <count>" is printed instead and the
 * sale hangs there, so a test can kill the process with -9 at exactly the
 * moment between the items leaving the inventory and the sale being paid.
 */
import { EmbeddedInventories } from '../../src/game/embedded/inventories.js';
import type { ChangeOptions } from '../../src/game/port.js';

const remove = EmbeddedInventories.prototype.remove;
EmbeddedInventories.prototype.remove = async function (this: EmbeddedInventories, playerName: string, item: string, count: number, options?: ChangeOptions): Promise<number> {
  const removed = await remove.call(this, playerName, item, count, options);
  if (!options?.operationId?.startsWith('sale-')) return removed;
  process.stdout.write(`taken ${removed} ${item} from ${playerName}\n`);
  return new Promise<number>(() => undefined);
};

await import('../../src/main.js');
