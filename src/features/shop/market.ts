/**
 * The market: the catalogue (reloadable), each item's stock in the store,
 * prices from stock at the moment of a trade, drift back toward the target,
 * and the trend. Trades change stock inside the caller's unit of work, so a
 * purchase's charge and its stock change commit together.
 */
import { badRequest } from '../../errors.js';
import { Cache } from '../../lib/cache.js';
import type { Store, StorePart, TransactionalStores } from '../../store/port.js';
import { itemDisplayName } from '../common/item-names.js';
import { CatalogueError, loadCatalogue, normaliseItemId, type Catalogue, type CatalogueItem, type ShopRules } from './catalogue.js';
import type { MarketItemState, MarketStore } from './store.js';
import { driftedStock, recentPricesOf, sellIncomeCents, trendOf, unitBuyCents, unitSellCents, withSample, type Trend } from './pricing.js';

export interface Quote {
  item: CatalogueItem;
  stock: number;
  /** The next unit's price on the curve (whether or not the market sells the item). */
  buyCents: number;
  /** What the market would pay for one now, on the curve. */
  sellCents: number;
  /** For sale now: the catalogue sells it and there is stock. */
  canBuy: boolean;
  /** The market buys it. */
  canSell: boolean;
  trend: Trend;
  /** The buy prices over the trend's hour, oldest first, ending with the price now. */
  recent: Array<{ at: string; cents: number }>;
  updatedAt: string;
}

/** Every quote at once, for the price list and the catalogue pages. Replaced, never changed, so a request holding one reads one moment. */
export interface QuoteList {
  quotes: Quote[];
  byItem: Map<string, Quote>;
  lastUpdated: string;
}

export class MarketService {
  private catalogue: Catalogue;
  /**
   * The quote list, kept up to date rather than expired: the items a trade
   * or a drift moved are marked once its unit of work is committed
   * (`refresh`) and their quotes worked out again at the next read, and
   * every 5 s the whole list is rebuilt off the request path, for trends
   * that change with time alone.
   */
  readonly quotes: Cache<'all', QuoteList>;
  /**
   * Items moved since their quotes were worked out. A quote costs its trend
   * and its hour of prices from the item's samples: done at the first read
   * after the trades, not at each trade (a busy market trades far more often
   * than anyone reads its prices).
   */
  private readonly stale = new Set<string>();
  /** Rebuilds and patches of the list, one after another: one that read the store earlier never replaces one that read it later. */
  private listWork: Promise<unknown> = Promise.resolve();
  private rebuildTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    private readonly part: StorePart<MarketStore>,
    catalogue: Catalogue,
    private readonly file: string,
    private readonly now: () => Date,
  ) {
    this.catalogue = catalogue;
    this.quotes = new Cache(
      'market prices',
      'Every catalogue item with its price, stock and trend; items worked out again at the first read after a trade or drift, all rebuilt every 5 s',
      {
        limit: 1,
      },
    );
  }

  get rules(): ShopRules {
    return this.catalogue.rules;
  }

  get elasticity(): number {
    return this.catalogue.rules.market.elasticity;
  }

  items(): CatalogueItem[] {
    return [...this.catalogue.items.values()];
  }

  /** A catalogue item by any way of writing its id, or 400 naming it. */
  requireItem(asked: string): CatalogueItem {
    const item = this.catalogue.items.get(normaliseItemId(asked));
    if (!item) throw badRequest(`Unknown item: ${asked} is not in the shop's catalogue`, 'unknown_item');
    return item;
  }

  find(asked: string): CatalogueItem | undefined {
    return this.catalogue.items.get(normaliseItemId(asked));
  }

  /** An item's name in the catalogue, or by the same rule as the catalogue's default for an item it does not list (old deliveries, an inventory). */
  nameOf(item: string): string {
    return this.find(item)?.name ?? itemDisplayName(item);
  }

  /** Gives every catalogue item its starting stock the first time it appears. */
  async start(): Promise<void> {
    await this.store.transaction(async (tx) => {
      const market = tx.part(this.part);
      for (const item of this.catalogue.items.values()) {
        if (!(await market.item(item.id))) await market.saveItem(this.initialState(item));
      }
    });
  }

  /**
   * Reads shop.yml again. A file with a mistake changes nothing and throws
   * naming it; otherwise the new catalogue serves at once, new items start
   * with their stock, and items no longer listed keep theirs in the store.
   * An item cannot leave while a sale of it is under way (taken in game, not
   * paid yet): its price is needed to pay it.
   */
  async reload(knownItemIds?: ReadonlySet<string>): Promise<{ items: number; added: string[]; removed: string[] }> {
    const next = await loadCatalogue(this.file, knownItemIds);
    const added = [...next.items.keys()].filter((id) => !this.catalogue.items.has(id));
    const removed = [...this.catalogue.items.keys()].filter((id) => !next.items.has(id));
    const owed = new Set((await this.store.part(this.part).salesUnderWay()).map((sale) => sale.item).filter((id) => removed.includes(id)));
    if (owed.size > 0) {
      throw new CatalogueError(
        `${[...owed].join(', ')} cannot leave shop.yml while a sale of it is under way (items taken in game and not paid yet); reload again once it is paid, at the player's next join`,
      );
    }
    this.catalogue = next;
    await this.start();
    await this.rebuild();
    return { items: next.items.size, added, removed };
  }

  async quoteList(): Promise<QuoteList> {
    const list = this.quotes.get('all');
    if (!list) return this.rebuild();
    return this.stale.size === 0 ? list : this.serially(() => this.patched());
  }

  /** Rebuilds every quote from the store (at start, after a reload, every 5 s, after the cache was emptied). */
  rebuild(): Promise<QuoteList> {
    return this.serially(() => this.rebuilt());
  }

  private async rebuilt(): Promise<QuoteList> {
    // Items moved from here on are read again at the next read: this read may come before their trade.
    this.stale.clear();
    const states = new Map((await this.store.part(this.part).items()).map((state) => [state.item, state]));
    const now = this.now();
    const list = this.listOf(this.items().map((item) => this.quoteOf(item, states.get(item.id) ?? this.initialState(item), now)));
    this.quotes.set('all', list);
    return list;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const done = this.listWork.then(work);
    this.listWork = done.catch(() => undefined);
    return done;
  }

  /** Told after this instance's trades and drifts, to tell the other instances (see the shop feature). */
  onChanged: (items: string[]) => void = () => undefined;

  /**
   * After a unit of work that moved these items committed: their quotes are
   * worked out from the store at the next read; and the other instances
   * told, unless this is what one of them told (`announce: false`).
   */
  refresh(items: string[], options: { announce?: boolean } = {}): void {
    if (options.announce !== false && items.length > 0) this.onChanged(items);
    for (const id of items) this.stale.add(id);
  }

  /** The list with the quotes of the items moved since it was made worked out again from the store (the list rebuilt when there is none). */
  private async patched(): Promise<QuoteList> {
    const list = this.quotes.get('all');
    if (!list) return this.rebuilt();
    if (this.stale.size === 0) return list;
    const moved = [...this.stale];
    // Items moved while this reads are marked again, for the next read.
    this.stale.clear();
    const now = this.now();
    const fresh = new Map<string, Quote>();
    try {
      for (const id of moved) {
        const item = this.catalogue.items.get(id);
        const state = item && (await this.store.part(this.part).item(id));
        if (item && state) fresh.set(id, this.quoteOf(item, state, now));
      }
    } catch (error) {
      for (const id of moved) this.stale.add(id);
      throw error;
    }
    const next = this.listOf(list.quotes.map((quote) => fresh.get(quote.item.id) ?? quote));
    this.quotes.set('all', next);
    return next;
  }

  startRebuilding(everyMs = 5000): void {
    this.stopRebuilding();
    this.rebuildTimer = setInterval(() => void this.rebuild().catch(() => undefined), everyMs);
    this.rebuildTimer.unref();
  }

  stopRebuilding(): void {
    if (this.rebuildTimer) clearInterval(this.rebuildTimer);
    this.rebuildTimer = null;
  }

  private listOf(quotes: Quote[]): QuoteList {
    // biome-ignore lint/complexity/useMathMinMax: these are ISO timestamps, compared as strings
    const lastUpdated = quotes.reduce((latest, quote) => (quote.updatedAt > latest ? quote.updatedAt : latest), new Date(0).toISOString());
    return { quotes, byItem: new Map(quotes.map((quote) => [quote.item.id, quote])), lastUpdated };
  }

  async quote(item: CatalogueItem): Promise<Quote> {
    return (await this.quoteList()).byItem.get(item.id)!;
  }

  /**
   * Inside a unit of work: takes `quantity` from stock for a purchase (the
   * purchase priced it in the same unit). 400 when the stock is short. The
   * caller refreshes the item's quote once the unit is committed.
   */
  async take(tx: TransactionalStores, item: CatalogueItem, quantity: number): Promise<void> {
    const market = tx.part(this.part);
    const state = (await market.item(item.id)) ?? this.initialState(item);
    if (quantity > state.stock) {
      throw badRequest(`Only ${state.stock} ${item.name} in stock; asked for ${quantity}`, 'insufficient_stock');
    }
    await market.saveItem(this.withStock(item, state, state.stock - quantity));
  }

  /** Inside a unit of work: puts `quantity` sold by a player into stock and answers what it pays. */
  async give(tx: TransactionalStores, item: CatalogueItem, quantity: number): Promise<number> {
    const market = tx.part(this.part);
    const state = (await market.item(item.id)) ?? this.initialState(item);
    const income = sellIncomeCents(item, state.stock, quantity, this.elasticity);
    await market.saveItem(this.withStock(item, state, state.stock + quantity));
    return income;
  }

  /**
   * The drift steps due for every item: one per `drift-minutes` since the
   * item's last, so however many instances run this, and however late, each
   * step is taken once (a stopped market catches up, at most 1,000 steps).
   * Answers how many items moved.
   */
  async drift(): Promise<number> {
    const { driftPercent, driftMinutes } = this.rules.market;
    const periodMs = driftMinutes * 60_000;
    const now = this.now().getTime();
    const moved = await this.store.transaction(async (tx) => {
      const market = tx.part(this.part);
      const ids: string[] = [];
      for (const item of this.catalogue.items.values()) {
        const state = (await market.item(item.id)) ?? this.initialState(item);
        const since = state.driftedAt === undefined ? now : Date.parse(state.driftedAt);
        const steps = Math.floor((now - since) / periodMs);
        if (state.driftedAt !== undefined && steps < 1) continue;
        let stock = state.stock;
        for (let step = 0; step < Math.min(steps, 1000) && stock !== item.targetStock; step += 1) stock = driftedStock(stock, item.targetStock, driftPercent);
        const driftedAt = new Date(since + Math.max(0, steps) * periodMs).toISOString();
        await market.saveItem(stock === state.stock ? { ...state, driftedAt } : { ...this.withStock(item, state, stock), driftedAt });
        if (stock !== state.stock) ids.push(item.id);
      }
      return ids;
    });
    this.refresh(moved);
    return moved.length;
  }

  private quoteOf(item: CatalogueItem, state: MarketItemState, now: Date): Quote {
    const buyNow = unitBuyCents(item, state.stock, this.elasticity);
    return {
      item,
      stock: state.stock,
      buyCents: buyNow,
      sellCents: unitSellCents(item, state.stock, this.elasticity),
      canBuy: item.canBuy && state.stock > 0,
      canSell: item.canSell,
      trend: trendOf(state.samples, buyNow, now),
      recent: recentPricesOf(state.samples, buyNow, now),
      updatedAt: state.updatedAt,
    };
  }

  private initialState(item: CatalogueItem): MarketItemState {
    const at = this.now().toISOString();
    return { item: item.id, stock: item.initialStock, updatedAt: at, samples: [{ at, cents: unitBuyCents(item, item.initialStock, this.elasticity) }], driftedAt: at };
  }

  private withStock(item: CatalogueItem, state: MarketItemState, stock: number): MarketItemState {
    const at = this.now().toISOString();
    const samples = withSample(state.samples, { at, cents: unitBuyCents(item, stock, this.elasticity) });
    return { item: item.id, stock, updatedAt: at, samples, ...(state.driftedAt !== undefined ? { driftedAt: state.driftedAt } : {}) };
  }
}
