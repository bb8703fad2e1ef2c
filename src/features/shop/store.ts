/**
 * What the shop keeps: each item's stock and recent prices, what each
 * player bought of this week's offers and earned from sales today, the
 * deliveries outbox, and sales under way. A store part (see StorePart): the
 * contract in test/contracts/market-store.test.ts runs against every
 * implementation.
 *
 * Deliveries and sales are the shop's side of an exchange with the game that
 * no unit of work can span: each attempt is written down with an operation
 * id before the game is asked, and its outcome after, so after a crash the
 * same attempt is asked again under the same id (see deliveries.ts).
 */
import type { PlayerRef } from '../../game/port.js';
import { storePart } from '../../store/port.js';

export interface PriceSample {
  at: string;
  /** The buy price of one unit then. */
  cents: number;
}

export interface MarketItemState {
  item: string;
  stock: number;
  /** The last trade or drift. */
  updatedAt: string;
  /** Recent buy prices, oldest first, as `withSample` (pricing.ts) keeps them: for `trend` and the sparkline. */
  samples: PriceSample[];
  /** Drift steps are counted from here (every `drift-minutes`), so every instance applies each step once. */
  driftedAt?: string;
}

export type DeliveryState = 'pending' | 'delivered';

export interface GameAttempt {
  /** The operation id the game is asked under; the same after a crash. */
  operationId: string;
  count: number;
  startedAt: string;
  /**
   * The `server.id` of the server whose game was asked: only that game
   * remembers the operation, so an attempt whose outcome is unknown is asked
   * again there only. Absent on attempts written before it was recorded.
   */
  server?: string;
}

export interface DeliveryRecord {
  id: number;
  player: PlayerRef;
  item: string;
  quantity: number;
  /** Given so far. */
  given: number;
  state: DeliveryState;
  /** The PURCHASE record that paid for it. */
  transactionId: number;
  createdAt: string;
  updatedAt: string;
  /** An attempt the game was (or was about to be) asked, whose outcome is not written yet. */
  attempt: GameAttempt | null;
  attempts: number;
}

export interface SaleRecord {
  id: number;
  player: PlayerRef;
  item: string;
  /** The most to take from the inventory. */
  quantity: number;
  attempt: GameAttempt;
  createdAt: string;
}

export interface MarketStore {
  item(item: string): Promise<MarketItemState | undefined>;
  items(): Promise<MarketItemState[]>;
  saveItem(state: MarketItemState): Promise<void>;

  /** Units of an offer a player bought in an ISO week (`2026-W48`). */
  weeklyBought(week: string, player: string, item: string): Promise<number>;
  addWeeklyBought(week: string, player: string, item: string, units: number): Promise<void>;
  /** What a player bought of each offer in a week, by item. */
  weeklyBoughtBy(week: string, player: string): Promise<Map<string, number>>;
  /** Cents a player earned from sales on a day (`2026-11-23`, UTC). */
  soldToday(day: string, player: string): Promise<number>;
  addSoldToday(day: string, player: string, cents: number): Promise<void>;

  createDelivery(delivery: Omit<DeliveryRecord, 'id'>): Promise<DeliveryRecord>;
  delivery(id: number): Promise<DeliveryRecord | undefined>;
  deliveryOfTransaction(transactionId: number): Promise<DeliveryRecord | undefined>;
  saveDelivery(delivery: DeliveryRecord): Promise<void>;
  /**
   * Starts the delivery's next attempt, in one step with the check that none
   * is under way: only while it is pending, without an attempt, and has had
   * `attempts` attempts (so two instances never start one each). Answers the
   * delivery after, or undefined when that did not hold.
   */
  startDeliveryAttempt(id: number, attempts: number, attempt: GameAttempt, updatedAt: string): Promise<DeliveryRecord | undefined>;
  /**
   * Writes the outcome of the attempt under `operationId`: `given` more,
   * delivered once all is given, the attempt ended. Answers the delivery
   * after, or undefined when that attempt was no longer under way (another
   * instance wrote its outcome first: asked under the same id, the game
   * answered both the same, and it counts once).
   */
  settleDeliveryAttempt(id: number, operationId: string, given: number, updatedAt: string): Promise<DeliveryRecord | undefined>;
  /** Pending deliveries, oldest first: one player's (by UUID), or everyone's. */
  pendingDeliveries(player?: string): Promise<DeliveryRecord[]>;
  /** A player's deliveries, newest first. */
  deliveriesOf(player: string, page: number, limit: number, state?: DeliveryState): Promise<{ deliveries: DeliveryRecord[]; total: number }>;

  createSale(sale: Omit<SaleRecord, 'id'>): Promise<SaleRecord>;
  /** Whether it was still there: a sale is paid in the unit that deletes it, so it is paid once. */
  deleteSale(id: number): Promise<boolean>;
  /** Sales whose outcome is not written yet: after a crash, to finish. */
  salesUnderWay(): Promise<SaleRecord[]>;

  /** Retention: delivered deliveries, weekly counts and daily sales older than the cutoff. */
  deleteBefore(cutoff: Date): Promise<number>;
}

/** The shop's store part (its implementations: store-json.ts, store-postgres.ts). */
export const marketPart = storePart<MarketStore>('market');
