/**
 * Selling from the inventory: the items are taken in game first, and only
 * what the game really took is paid, at the market's sell price along the
 * curve, as one SALE record per item; the stock rises by as much.
 *
 * A sale is written down (with the operation id the game is asked under)
 * before the game is asked, and paid in the unit of work that removes that
 * note, so a crash in between leaves a sale to finish: at the player's next
 * join the game is asked again under the same id (it answers what it took
 * the first time) and the sale is paid. A daily income cap, when set, limits
 * how many units are taken, before anything is.
 *
 * On a network a sale is asked of the server the player is on, written down
 * with it: a sale whose outcome is unknown is asked again only by that
 * server's instance, of its own game (which remembers it), never of the
 * server the player moved to; and it is paid in the unit that deletes it, so
 * two instances finishing it pay it once.
 */
import { randomUUID } from 'node:crypto';
import { ApiError, notFound, serviceUnavailable } from '../../errors.js';
import { GameUnavailableError, PlayerNotOnlineError } from '../../game/errors.js';
import type { GamePort, PlayerRef } from '../../game/port.js';
import { KeyedLock } from '../../lib/keyed-lock.js';
import { playersHere } from '../../network/players-here.js';
import type { Store, StorePart } from '../../store/port.js';
import type { GameTexts } from '../../texts/catalogue.js';
import type { LedgerRecord, Posting } from '../economy/store.js';
import { formatMoney } from '../common/money.js';
import type { IdempotencyRequest } from '../../http/idempotency.js';
import type { EconomyService, HeldKey, Moved } from '../economy/service.js';
import { normaliseItemId, type CatalogueItem } from './catalogue.js';
import { installationId } from './installation.js';
import type { MarketService } from './market.js';
import type { ServerInventories } from './server-inventories.js';
import type { MarketStore, SaleRecord } from './store.js';
import { sellIncomeCents, unitsWithinIncome } from './pricing.js';

/** One item to sell; without `quantity`, all the player has of it. */
export interface ItemToSell {
  item: string;
  quantity?: number;
}

export interface SaleRefusal {
  item: string;
  reason: string;
}

export interface SaleOutcome {
  /** One SALE record per item sold (its `item`, `quantity` and `amount`). */
  records: LedgerRecord[];
  refused: SaleRefusal[];
  /** Today's income from sales against the cap, when there is one (cents). */
  cap: { limit: number; earned: number; remaining: number } | null;
  replayed: boolean;
}

export class SaleService {
  /** One sale at a time per player (the cap and the inventory are theirs), and trades of an item in turn. */
  private readonly players = new KeyedLock();
  private readonly installation: () => Promise<string>;

  constructor(
    private readonly store: Store,
    private readonly market: MarketService,
    private readonly part: StorePart<MarketStore>,
    private readonly economy: EconomyService,
    private readonly game: GamePort,
    private readonly texts: GameTexts,
    private readonly symbol: () => string,
    private readonly logError: (message: string) => void,
    private readonly now: () => Date,
    /** The game of a given server: a sale is asked of one server, and again of that one only. */
    private readonly servers: ServerInventories,
  ) {
    this.installation = installationId(store.keys);
  }

  /** The items asked for, or everything the market buys when `toSell` is 'everything'. */
  async sell(player: PlayerRef, toSell: ItemToSell[] | 'everything', idempotency?: IdempotencyRequest): Promise<SaleOutcome> {
    this.economy.requireProvider();
    const inventories = this.game.require('inventories');
    return this.economy.holdingKey(
      idempotency,
      (heldKey) =>
        this.players.run(player.uuid, async () => {
          const online = (await this.game.onlinePlayers()).find((candidate) => candidate.uuid === player.uuid);
          if (!online) throw notFound(`${player.name} is not online: items are sold from the inventory in game`, 'player_not_online');
          const held = new Map<string, number>();
          for (const stack of await inventories.read(online.name)) held.set(stack.item, (held.get(stack.item) ?? 0) + stack.count);
          const { plan, refused } = this.whatToSell(toSell, held);
          if (plan.length === 0) {
            throw new ApiError(
              400,
              refused.length ? `Nothing to sell: ${describe(refused)}` : 'Nothing to sell: the inventory holds nothing the market buys',
              'nothing_to_sell',
              {},
              { refused },
            );
          }
          const day = this.now().toISOString().slice(0, 10);
          const capped = await this.applyCap(player, plan, refused, day);
          if (capped.length === 0) throw new ApiError(400, `Nothing to sell: ${describe(refused)}`, 'daily_cap_reached', {}, { refused });
          // Refused before the game takes anything: what would take the balance past the bound could not be paid.
          await this.economy.requireRoom(player, await this.incomeNow(capped));
          const operationPrefix = `sale-${await this.installation()}`;
          const server = online.server ?? this.servers.here;
          const sales = await this.store.transaction(async (tx) => {
            const market = tx.part(this.part);
            const written: SaleRecord[] = [];
            for (const { item, quantity } of capped) {
              written.push(
                await market.createSale({
                  player,
                  item: item.id,
                  quantity,
                  attempt: { operationId: `${operationPrefix}-${randomUUID()}`, count: quantity, startedAt: this.now().toISOString(), server },
                  createdAt: this.now().toISOString(),
                }),
              );
            }
            return written;
          });
          const taken: Array<{ sale: SaleRecord; removed: number }> = [];
          const unknown: SaleRecord[] = [];
          for (const sale of sales) {
            const removed = await this.take(sale, true);
            if (typeof removed === 'number') taken.push({ sale, removed });
            else if (removed === 'unknown') unknown.push(sale);
          }
          // The game did not say whether it took these: they stay written down and are paid once it does (the retry timer, a join).
          for (const sale of unknown) refused.push({ item: sale.item, reason: 'the game did not answer whether it took them; paid as soon as it does' });
          if (unknown.length > 0 && !taken.some(({ removed }) => removed > 0)) {
            throw serviceUnavailable(
              `The game server did not answer whether it took the items (${unknown.map((sale) => sale.item).join(', ')}); the sale is kept and paid as soon as it does`,
              'game_unavailable',
            );
          }
          const done = await this.pay(player, taken, day, heldKey, refused);
          return { records: done.records, refused, cap: await this.capOf(player, day), replayed: false };
        }),
      (kept: Moved<SaleNote>) => this.replayed(player, kept),
    );
  }

  /**
   * Finishes sales a crash or a lost answer interrupted (at start for players
   * online, at each join, and by the retry timer): those asked of this
   * server's game, and those written before sales recorded their server.
   */
  async finishFor(player: PlayerRef): Promise<number> {
    const underWay = async () => (await this.store.part(this.part).salesUnderWay()).filter((sale) => sale.player.uuid === player.uuid && this.finishedHere(sale));
    if ((await underWay()).length === 0) return 0;
    // Not known (the game not answering): the sale is kept rather than dropped.
    const here = await playersHere(this.game, this.servers.here).then(
      (online) => online.some((candidate) => candidate.uuid === player.uuid),
      () => false,
    );
    return this.players.run(player.uuid, async () => {
      // Read again under the lock: a sale or another finish that held it may have paid them meanwhile.
      const open = await underWay();
      const day = this.now().toISOString().slice(0, 10);
      const taken: Array<{ sale: SaleRecord; removed: number }> = [];
      for (const sale of open) {
        const removed = await this.take(sale, here);
        if (typeof removed === 'number') taken.push({ sale, removed });
      }
      if (taken.length > 0) await this.pay(player, taken, day, undefined, []);
      return taken.length;
    });
  }

  /** Asked of this server's game, or written before sales recorded their server (then finished where the player is, as then). */
  private finishedHere(sale: SaleRecord): boolean {
    return sale.attempt.server === undefined || sale.attempt.server === this.servers.here;
  }

  /** What to sell of what the player holds; what cannot be sold. Items named that the market does not buy refuse the request. */
  private whatToSell(toSell: ItemToSell[] | 'everything', held: Map<string, number>): { plan: Array<{ item: CatalogueItem; quantity: number }>; refused: SaleRefusal[] } {
    const refused: SaleRefusal[] = [];
    const plan: Array<{ item: CatalogueItem; quantity: number }> = [];
    const { maxQuantity } = this.market.rules.market;
    if (toSell === 'everything') {
      for (const [id, count] of held) {
        const item = this.market.find(id);
        if (!item?.canSell) refused.push({ item: id, reason: item ? 'the market does not buy it' : 'not in the catalogue' });
        else plan.push({ item, quantity: Math.min(count, maxQuantity) });
      }
      return { plan, refused };
    }
    const unsellable: SaleRefusal[] = [];
    const beyondHeld: SaleRefusal[] = [];
    const seen = new Set<string>();
    for (const wanted of toSell) {
      const id = normaliseItemId(wanted.item);
      const item = this.market.find(id);
      if (!item) unsellable.push({ item: wanted.item, reason: 'not in the catalogue' });
      else if (!item.canSell) unsellable.push({ item: item.id, reason: 'the market does not buy it' });
      else if (seen.has(item.id)) unsellable.push({ item: item.id, reason: 'named twice' });
      else {
        seen.add(item.id);
        const holding = held.get(item.id) ?? 0;
        const quantity = Math.min(wanted.quantity ?? holding, holding, maxQuantity);
        if (wanted.quantity !== undefined && wanted.quantity > maxQuantity) unsellable.push({ item: item.id, reason: `at most ${maxQuantity} at once` });
        // As buying more than the stock is refused, so is selling more than is held (without a quantity: all of it).
        else if (wanted.quantity !== undefined && wanted.quantity > holding)
          beyondHeld.push({ item: item.id, reason: `only ${holding} in the inventory; asked to sell ${wanted.quantity}` });
        else if (quantity === 0) refused.push({ item: item.id, reason: 'none in the inventory' });
        else plan.push({ item, quantity });
      }
    }
    if (unsellable.length > 0) throw new ApiError(400, `These items cannot be sold: ${describe(unsellable)}`, 'not_sellable', {}, { refused: unsellable });
    if (beyondHeld.length > 0) throw new ApiError(400, `Not enough to sell: ${describe(beyondHeld)}`, 'insufficient_items', {}, { refused: beyondHeld });
    return { plan, refused };
  }

  /** What the plan would pay at the stock now. */
  private async incomeNow(plan: Array<{ item: CatalogueItem; quantity: number }>): Promise<number> {
    let income = 0;
    for (const { item, quantity } of plan) {
      const stock = (await this.store.part(this.part).item(item.id))?.stock ?? item.initialStock;
      income += sellIncomeCents(item, stock, quantity, this.market.elasticity);
    }
    return income;
  }

  /** Cuts the plan to what today's remaining income allows, at the prices now. */
  private async applyCap(player: PlayerRef, plan: Array<{ item: CatalogueItem; quantity: number }>, refused: SaleRefusal[], day: string): Promise<typeof plan> {
    const limit = this.market.rules.selling.dailyIncomeCapCents;
    if (limit === 0) return plan;
    let remaining = limit - (await this.store.part(this.part).soldToday(day, player.uuid));
    const capped: typeof plan = [];
    for (const { item, quantity } of plan) {
      const stock = (await this.market.quote(item)).stock;
      const units = remaining > 0 ? unitsWithinIncome(item, stock, remaining, this.market.elasticity, quantity) : 0;
      if (units === 0) {
        refused.push({ item: item.id, reason: 'the daily income cap from sales is reached' });
        continue;
      }
      if (units < quantity) refused.push({ item: item.id, reason: `only ${units} of ${quantity} fit under the daily income cap` });
      capped.push({ item, quantity: units });
      remaining -= sellIncomeCents(item, stock, units, this.market.elasticity);
    }
    return capped;
  }

  /**
   * Asks the game the sale was asked of to take its items under its
   * operation id. Answers what it took, or 'unknown' when that is not known
   * yet (the game away, or an unexpected answer: the sale stays written down
   * for later). A player the game says is offline had nothing taken: the
   * sale is dropped ('dropped'), when `dropIfAbsent` (asked at once, or the
   * player online here); a retry for a player who moved on keeps it, since
   * the game may answer it from its memory later.
   */
  private async take(sale: SaleRecord, dropIfAbsent: boolean): Promise<number | 'unknown' | 'dropped'> {
    const { server, operationId, count } = sale.attempt;
    try {
      return server === undefined
        ? await this.game.require('inventories').remove(sale.player.name, sale.item, count, { operationId })
        : await this.servers.remove(server, sale.player.name, sale.item, count, { operationId });
    } catch (error) {
      if (error instanceof PlayerNotOnlineError && !dropIfAbsent) return 'unknown';
      if (error instanceof PlayerNotOnlineError) {
        await this.store.part(this.part).deleteSale(sale.id);
        return 'dropped';
      }
      if (!(error instanceof GameUnavailableError)) this.logError(`shop: taking ${sale.attempt.count} ${sale.item} from ${sale.player.name}: ${(error as Error).message}`);
      return 'unknown';
    }
  }

  /**
   * Finishes, every `deliveries.retry-seconds` with the deliveries, the sales
   * under way asked of this server's game (wherever their player is now) and
   * the older ones of players online here.
   */
  async finishOnline(): Promise<number> {
    const open = await this.store.part(this.part).salesUnderWay();
    if (open.length === 0 || !this.game.isConnected()) return 0;
    const online = new Map((await playersHere(this.game, this.servers.here)).map((player) => [player.uuid, player]));
    const players = new Map<string, PlayerRef>();
    for (const sale of open) {
      const here = online.get(sale.player.uuid);
      if (sale.attempt.server === this.servers.here || (sale.attempt.server === undefined && here))
        players.set(sale.player.uuid, here ? { name: here.name, uuid: here.uuid } : sale.player);
    }
    let finished = 0;
    for (const player of players.values()) {
      // One player's sale that cannot be paid yet (its item gone from shop.yml, say) does not hold up the others'.
      finished += await this.finishFor(player).catch((error: Error) => {
        this.logError(`shop: finishing ${player.name}'s sales under way: ${error.message}`);
        return 0;
      });
    }
    return finished;
  }

  /** Pays what was taken, in one unit with the stock, today's income and the end of the sales' notes. */
  private async pay(
    player: PlayerRef,
    taken: Array<{ sale: SaleRecord; removed: number }>,
    day: string,
    held: HeldKey | undefined,
    refused: SaleRefusal[],
  ): Promise<Moved<SaleNote>> {
    const paid = taken.filter(({ removed }) => removed > 0);
    const empty = taken.filter(({ removed }) => removed === 0);
    if (empty.length > 0) {
      await this.store.transaction(async (tx) => {
        for (const { sale } of empty) await tx.part(this.part).deleteSale(sale.id);
      });
      for (const { sale } of empty) refused.push({ item: sale.item, reason: 'none in the inventory' });
    }
    // A sale whose item is not in the catalogue (shop.yml edited while Gatehouse was stopped) cannot be priced: it stays
    // written down, owed, and is paid at a join once the item is back; reload refuses to remove an item that is owed.
    const items = paid.flatMap(({ sale, removed }) => {
      const item = this.market.find(sale.item);
      if (!item)
        this.logError(`shop: ${removed} ${sale.item} taken from ${sale.player.name} (sale ${sale.id}) cannot be paid while ${sale.item} is not in shop.yml; put it back to pay it`);
      return item ? [{ sale, removed, item }] : [];
    });
    if (items.length === 0) throw new ApiError(400, `Nothing was sold: ${describe(refused)}`, 'nothing_to_sell', {}, { refused });
    const done = await this.economy.move<SaleNote>(
      {
        // The income of each item along the curve from the stock now.
        plan: async (tx) => {
          const market = tx.part(this.part);
          const postings: Posting[] = [];
          for (const { item, removed } of items) {
            const stock = (await market.item(item.id))?.stock ?? item.initialStock;
            const income = sellIncomeCents(item, stock, removed, this.market.elasticity);
            postings.push({ player, amount: income, type: 'SALE', description: `Sold ${removed} ${item.name}`, item: item.id, quantity: removed });
          }
          return postings;
        },
        // The stock given back, today's income, and the sales' notes ended; the refusals kept for a replay.
        record: async (tx, posted) => {
          const market = tx.part(this.part);
          for (const [index, { item, removed, sale }] of items.entries()) {
            await this.market.give(tx, item, removed);
            await market.addSoldToday(day, player.uuid, posted[index]!.amount);
            // Finished by another instance meanwhile (asked under the same id, the game answered both alike): paid there, not again.
            if (!(await market.deleteSale(sale.id))) {
              throw new ApiError(409, `The sale of ${removed} ${item.name} was finished and paid by another server meanwhile: see your history`, 'sale_finished_elsewhere');
            }
          }
          return { refused };
        },
      },
      held,
    );
    this.market.refresh(items.map(({ item }) => item.id));
    for (const record of done.records) {
      const text = this.texts.render('shop.sold', {
        quantity: record.quantity ?? 0,
        item: this.market.find(record.item ?? '')?.name ?? record.item ?? '',
        amount: formatMoney(record.amount, this.symbol()),
      });
      await this.game
        .capability('messaging')
        ?.sendMessage(player.name, text)
        .catch(() => undefined);
    }
    return done;
  }

  private async replayed(player: PlayerRef, kept: Moved<SaleNote>): Promise<SaleOutcome> {
    return { records: kept.records, refused: kept.note?.refused ?? [], cap: await this.capOf(player, this.now().toISOString().slice(0, 10)), replayed: true };
  }

  private async capOf(player: PlayerRef, day: string): Promise<SaleOutcome['cap']> {
    const limit = this.market.rules.selling.dailyIncomeCapCents;
    if (limit === 0) return null;
    const earned = await this.store.part(this.part).soldToday(day, player.uuid);
    return { limit, earned, remaining: Math.max(0, limit - earned) };
  }
}

/** What a sale's answer needs besides its records, kept with them for a replay. */
interface SaleNote {
  refused: SaleRefusal[];
}

function describe(refused: SaleRefusal[]): string {
  return refused.map((refusal) => `${refusal.item} (${refusal.reason})`).join(', ');
}
