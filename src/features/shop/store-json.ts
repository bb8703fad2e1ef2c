import path from 'node:path';
import type { JsonAccess, JsonStorePart } from '../../store/json/access.js';
import type { JsonDatabase } from '../../store/json/database.js';
import { documentFile, shardedFile } from '../../store/json/table-files.js';
import { weekEnd } from './weeks.js';
import type { DeliveryRecord, DeliveryState, GameAttempt, MarketItemState, MarketStore, SaleRecord } from './store.js';

const market = 'shopMarket';
const weekly = 'shopWeekly';
const dailySales = 'shopDailySales';
const deliveries = 'shopDeliveries';
const sales = 'shopSales';
const counters = 'shopCounters';
const deliveriesPerShard = 1000;

interface WeeklyRow {
  week: string;
  player: string;
  item: string;
  bought: number;
}

interface DailyRow {
  day: string;
  player: string;
  cents: number;
}

/** Pending deliveries by player, kept from the table's changes so a join need not scan every delivery. */
class PendingIndex {
  readonly byPlayer = new Map<string, Set<number>>();

  change(before: DeliveryRecord | undefined, after: DeliveryRecord | undefined): void {
    if (before?.state === 'pending') this.byPlayer.get(before.player.uuid)?.delete(before.id);
    if (after?.state === 'pending') {
      const ids = this.byPlayer.get(after.player.uuid) ?? new Set<number>();
      ids.add(after.id);
      this.byPlayer.set(after.player.uuid, ids);
    }
    if (before && this.byPlayer.get(before.player.uuid)?.size === 0) this.byPlayer.delete(before.player.uuid);
  }
}

const indexes = new WeakMap<JsonDatabase, PendingIndex>();

/**
 * The shop on the JSON store, in `shop/`: the market (`market.json`), this
 * and last week's offer counts and today's sales (`weekly.json`,
 * `daily-sales.json`), deliveries (`deliveries/deliveries-NNNNNN.json`, 1,000
 * to a file by id) and sales under way (`sales.json`).
 */
export const jsonMarketPart: JsonStorePart<MarketStore> = {
  define: (database, dataDirectory) => {
    const directory = path.join(dataDirectory, 'shop');
    const rows = <V>(file: string) =>
      documentFile<V, Record<string, V>>(path.join(directory, file), {
        fromDocument: (document) => Object.entries(document),
        toDocument: (records) => Object.fromEntries(records),
      });
    database.define<MarketItemState>({ name: market }, rows('market.json'));
    database.define<WeeklyRow>({ name: weekly }, rows('weekly.json'));
    database.define<DailyRow>({ name: dailySales }, rows('daily-sales.json'));
    database.define<SaleRecord>({ name: sales }, rows('sales.json'));
    database.define<{ next: number }>({ name: counters }, rows('counters.json'));
    const index = new PendingIndex();
    indexes.set(database, index);
    const table = database.define<DeliveryRecord>(
      { name: deliveries, uniqueIndexes: { transaction: (delivery) => String(delivery.transactionId) } },
      shardedFile(path.join(directory, 'deliveries'), {
        pattern: /^deliveries-\d{6}\.json$/,
        nameOf: (shard) => `deliveries-${String(shard).padStart(6, '0')}.json`,
        shardOf: (key) => Math.floor((Number(key) - 1) / deliveriesPerShard),
        keysOf: (shard) => Array.from({ length: deliveriesPerShard }, (_, index) => String(shard * deliveriesPerShard + index + 1)),
        fromDocument: (document) => ((document as { deliveries?: DeliveryRecord[] }).deliveries ?? []).map((delivery) => [String(delivery.id), delivery]),
        toDocument: (records) => ({ deliveries: records }),
      }),
    );
    table.onChange((_key, before, after) => index.change(before, after));
  },
  bind: (access, database) => new JsonMarketStore(access, indexes.get(database)!),
};

class JsonMarketStore implements MarketStore {
  constructor(
    private readonly access: JsonAccess,
    private readonly pending: PendingIndex,
  ) {}

  async item(item: string): Promise<MarketItemState | undefined> {
    return this.access.read<MarketItemState>(market).get(item);
  }

  async items(): Promise<MarketItemState[]> {
    return [...this.access.read<MarketItemState>(market).values()];
  }

  saveItem(state: MarketItemState): Promise<void> {
    return this.access.write((tx) => tx.put(market, state.item, state));
  }

  async weeklyBought(week: string, player: string, item: string): Promise<number> {
    return this.access.read<WeeklyRow>(weekly).get(`${week}|${player}|${item}`)?.bought ?? 0;
  }

  async weeklyBoughtBy(week: string, player: string): Promise<Map<string, number>> {
    const bought = new Map<string, number>();
    for (const row of this.access.read<WeeklyRow>(weekly).values()) {
      if (row.week === week && row.player === player) bought.set(row.item, row.bought);
    }
    return bought;
  }

  addWeeklyBought(week: string, player: string, item: string, units: number): Promise<void> {
    return this.access.write((tx) => {
      const key = `${week}|${player}|${item}`;
      const bought = tx.get<WeeklyRow>(weekly, key)?.bought ?? 0;
      tx.put<WeeklyRow>(weekly, key, { week, player, item, bought: bought + units });
    });
  }

  async soldToday(day: string, player: string): Promise<number> {
    return this.access.read<DailyRow>(dailySales).get(`${day}|${player}`)?.cents ?? 0;
  }

  addSoldToday(day: string, player: string, cents: number): Promise<void> {
    return this.access.write((tx) => {
      const key = `${day}|${player}`;
      tx.put<DailyRow>(dailySales, key, { day, player, cents: (tx.get<DailyRow>(dailySales, key)?.cents ?? 0) + cents });
    });
  }

  createDelivery(delivery: Omit<DeliveryRecord, 'id'>): Promise<DeliveryRecord> {
    return this.create(deliveries, 'deliveries', delivery);
  }

  async delivery(id: number): Promise<DeliveryRecord | undefined> {
    return this.access.read<DeliveryRecord>(deliveries).get(String(id));
  }

  async deliveryOfTransaction(transactionId: number): Promise<DeliveryRecord | undefined> {
    return this.access.read<DeliveryRecord>(deliveries).findBy('transaction', String(transactionId));
  }

  saveDelivery(delivery: DeliveryRecord): Promise<void> {
    return this.access.write((tx) => tx.put(deliveries, String(delivery.id), delivery));
  }

  startDeliveryAttempt(id: number, attempts: number, attempt: GameAttempt, updatedAt: string): Promise<DeliveryRecord | undefined> {
    return this.access.write((tx) => {
      const delivery = tx.get<DeliveryRecord>(deliveries, String(id));
      if (delivery?.state !== 'pending' || delivery.attempt || delivery.attempts !== attempts) return undefined;
      const started: DeliveryRecord = { ...delivery, attempt, attempts: attempts + 1, updatedAt };
      tx.put(deliveries, String(id), started);
      return started;
    });
  }

  settleDeliveryAttempt(id: number, operationId: string, given: number, updatedAt: string): Promise<DeliveryRecord | undefined> {
    return this.access.write((tx) => {
      const delivery = tx.get<DeliveryRecord>(deliveries, String(id));
      if (!delivery || delivery.attempt?.operationId !== operationId) return undefined;
      const total = delivery.given + given;
      const settled: DeliveryRecord = { ...delivery, given: total, attempt: null, state: total >= delivery.quantity ? 'delivered' : 'pending', updatedAt };
      tx.put(deliveries, String(id), settled);
      return settled;
    });
  }

  async pendingDeliveries(player?: string): Promise<DeliveryRecord[]> {
    const reader = this.access.read<DeliveryRecord>(deliveries);
    const ids = player === undefined ? [...this.pending.byPlayer.values()].flatMap((set) => [...set]) : [...(this.pending.byPlayer.get(player) ?? [])];
    // The index follows committed state; inside a unit of work its own changes are read through the reader.
    return ids
      .map((id) => reader.get(String(id)))
      .filter((delivery): delivery is DeliveryRecord => delivery?.state === 'pending')
      .sort((a, b) => a.id - b.id);
  }

  async deliveriesOf(player: string, page: number, limit: number, state?: DeliveryState): Promise<{ deliveries: DeliveryRecord[]; total: number }> {
    const matching = [...this.access.read<DeliveryRecord>(deliveries).values()]
      .filter((delivery) => delivery.player.uuid === player && (state === undefined || delivery.state === state))
      .sort((a, b) => b.id - a.id);
    return { deliveries: matching.slice((page - 1) * limit, page * limit), total: matching.length };
  }

  createSale(sale: Omit<SaleRecord, 'id'>): Promise<SaleRecord> {
    return this.create(sales, 'sales', sale);
  }

  deleteSale(id: number): Promise<boolean> {
    return this.access.write((tx) => {
      const found = tx.get<SaleRecord>(sales, String(id)) !== undefined;
      if (found) tx.remove(sales, String(id));
      return found;
    });
  }

  async salesUnderWay(): Promise<SaleRecord[]> {
    return [...this.access.read<SaleRecord>(sales).values()].sort((a, b) => a.id - b.id);
  }

  deleteBefore(cutoff: Date): Promise<number> {
    const day = cutoff.toISOString().slice(0, 10);
    return this.access.write((tx) => {
      let removed = 0;
      for (const delivery of tx.reader<DeliveryRecord>(deliveries).values()) {
        if (delivery.state === 'delivered' && delivery.updatedAt < cutoff.toISOString()) {
          tx.remove(deliveries, String(delivery.id));
          removed += 1;
        }
      }
      for (const row of tx.reader<DailyRow>(dailySales).values()) {
        if (row.day < day) {
          tx.remove(dailySales, `${row.day}|${row.player}`);
          removed += 1;
        }
      }
      // A week's counts go once the week ended before the cutoff.
      for (const row of tx.reader<WeeklyRow>(weekly).values()) {
        if (weekEnd(row.week) <= cutoff) {
          tx.remove(weekly, `${row.week}|${row.player}|${row.item}`);
          removed += 1;
        }
      }
      return removed;
    });
  }

  /** Writes `record` into `table` under the next id of its counter. */
  private create<T>(table: string, counter: string, record: T): Promise<T & { id: number }> {
    return this.access.write((tx) => {
      const next = tx.get<{ next: number }>(counters, counter)?.next ?? 1;
      tx.put(counters, counter, { next: next + 1 });
      const created = { id: next, ...record };
      tx.put(table, String(next), created);
      return created;
    });
  }
}
