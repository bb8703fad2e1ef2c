/**
 * The market's prices, as functions of stock; integer cents throughout.
 *
 * The price of one unit when the market holds `stock` is
 * `price × e^(elasticity × (1 − stock / target))`, rounded to the cent and
 * clamped to the item's floor and ceiling: the target stock costs the base
 * price, scarcity more, surplus less. A purchase of many is priced unit by
 * unit: each unit at the stock the market holds just before it goes.
 *
 * The market pays for a unit what it would ask for that same unit once it is
 * back, less the spread, rounded down: selling at stock s pays
 * `floor(buy(s + 1) × (100 − spread) / 100)`. A purchase that takes stock from
 * s to s − 1 costs buy(s); selling it back, from s − 1 to s, pays less than
 * buy(s). Every sale of a unit a player bought crosses the same step of
 * stock as its purchase did, so any sequence of trades of one item by one
 * player, with no time passing between them, ends with less money than it
 * began with (the property test in test/unit/shop-pricing.test.ts).
 * A weekly offer's price is never below what the market would pay back for
 * the unit, for the same reason.
 */
import type { CatalogueItem } from './catalogue.js';
import type { PriceSample } from './store.js';

export type PricedItem = Pick<CatalogueItem, 'priceCents' | 'targetStock' | 'floorCents' | 'ceilingCents' | 'sellSpreadPercent'>;

export type Trend = 'RISING' | 'FALLING' | 'STABLE' | 'VOLATILE';

/** The price of one unit while the market holds `stock` of the item. */
export function unitBuyCents(item: PricedItem, stock: number, elasticity: number): number {
  const raw = item.priceCents * Math.exp(elasticity * (1 - stock / item.targetStock));
  return Math.min(item.ceilingCents, Math.max(item.floorCents, Math.round(raw)));
}

/** What the market pays for one unit while it holds `stock`: less than it would ask for that unit. */
export function unitSellCents(item: PricedItem, stock: number, elasticity: number): number {
  return Math.floor((unitBuyCents(item, stock + 1, elasticity) * (100 - item.sellSpreadPercent)) / 100);
}

/** A weekly offer's price for one unit: discounted, but above what selling the unit back would pay. */
export function offerUnitCents(item: PricedItem, stock: number, elasticity: number, discountPercent: number): number {
  const discounted = Math.round((unitBuyCents(item, stock, elasticity) * (100 - discountPercent)) / 100);
  return Math.max(discounted, unitSellCents(item, stock - 1, elasticity) + 1);
}

/**
 * The discount a price gives off the regular price, in whole percent rounded
 * down: what an offer may say of itself without promising more than it gives
 * (25% configured is about 20% where the price stops above the sell-back one).
 */
export function givenDiscountPercent(regularCents: number, priceCents: number): number {
  if (regularCents <= 0 || priceCents >= regularCents) return 0;
  return Math.floor(((regularCents - priceCents) * 100) / regularCents);
}

/** Buying `quantity` (at most `stock`), unit by unit along the curve. */
export function buyCostCents(item: PricedItem, stock: number, quantity: number, elasticity: number, discountPercent = 0): number {
  if (quantity > stock) throw new RangeError(`cannot buy ${quantity} of a stock of ${stock}`);
  let total = 0;
  for (let sold = 0; sold < quantity; sold += 1) {
    total += discountPercent > 0 ? offerUnitCents(item, stock - sold, elasticity, discountPercent) : unitBuyCents(item, stock - sold, elasticity);
  }
  return total;
}

/** Selling `quantity` to the market, unit by unit along the curve. */
export function sellIncomeCents(item: PricedItem, stock: number, quantity: number, elasticity: number): number {
  let total = 0;
  for (let bought = 0; bought < quantity; bought += 1) total += unitSellCents(item, stock + bought, elasticity);
  return total;
}

/** The most units (up to `limit`) whose cost fits in `cents`. */
export function affordableUnits(item: PricedItem, stock: number, cents: number, elasticity: number, limit: number): number {
  let cost = 0;
  let units = 0;
  while (units < Math.min(stock, limit)) {
    const next = unitBuyCents(item, stock - units, elasticity);
    if (cost + next > cents) break;
    cost += next;
    units += 1;
  }
  return units;
}

/** The most units (up to `limit`) whose sale pays at most `cents`. */
export function unitsWithinIncome(item: PricedItem, stock: number, cents: number, elasticity: number, limit: number): number {
  let income = 0;
  let units = 0;
  while (units < limit) {
    const next = unitSellCents(item, stock + units, elasticity);
    if (income + next > cents) break;
    income += next;
    units += 1;
  }
  return units;
}

/** Stock after one drift step: `percent` of the way back to the target, at least one unit, never past it. */
export function driftedStock(stock: number, target: number, percent: number): number {
  if (percent === 0 || stock === target) return stock;
  const step = Math.max(1, Math.round((Math.abs(target - stock) * percent) / 100));
  return stock < target ? Math.min(target, stock + step) : Math.max(target, stock - step);
}

/** How far back `trend` looks. */
export const trendWindowMs = 60 * 60 * 1000;

/**
 * The buy prices of the trend's window, oldest first, for a sparkline: the
 * sample just before the hour (as the price the hour began at), every sample
 * in it, and the price now, each with its moment. The same samples `trendOf`
 * reads, so the line and the trend always agree.
 */
export function recentPricesOf(samples: ReadonlyArray<{ at: string; cents: number }>, currentCents: number, now: Date): Array<{ at: string; cents: number }> {
  const since = now.getTime() - trendWindowMs;
  const inWindow = samples.filter((sample) => Date.parse(sample.at) >= since);
  const before = samples.filter((sample) => Date.parse(sample.at) < since).at(-1);
  return [...(before ? [{ at: new Date(since).toISOString(), cents: before.cents }] : []), ...inWindow, { at: now.toISOString(), cents: currentCents }];
}

/** Prices are kept per five minutes of trades (see `withSample`). */
const sampleStepMs = 5 * 60 * 1000;
/** At most this many samples an item: 13 five minutes of 4 each, and the one before the hour. */
const maxSamplesKept = 53;

/**
 * An item's samples with a new one (the price after a trade or a drift):
 * of each five minutes only the first, the lowest, the highest and the last
 * price are kept, in their order, and of the samples before the trend's hour
 * only the last (the price the hour began at). An hour of trades, however
 * many, is at most 53 samples, and `trendOf` reads from them what it would
 * from every one of them (the property test in
 * test/unit/shop-pricing.test.ts), but for an hour that begins within a five
 * minutes; the sparkline (`recentPricesOf`) is those five minutes' prices.
 * Without this a busy item's samples covered its last seconds, not its hour,
 * and each trade wrote them all again.
 */
export function withSample(samples: readonly PriceSample[], sample: PriceSample): PriceSample[] {
  const at = Date.parse(sample.at);
  const step = Math.floor(at / sampleStepMs);
  let tailStart = samples.length;
  while (tailStart > 0 && Math.floor(Date.parse(samples[tailStart - 1]!.at) / sampleStepMs) === step) tailStart -= 1;
  const tail = [...samples.slice(tailStart), sample];
  let lowest = tail[0]!;
  let highest = tail[0]!;
  for (const candidate of tail) {
    if (candidate.cents < lowest.cents) lowest = candidate;
    if (candidate.cents > highest.cents) highest = candidate;
  }
  const kept = new Set([tail[0]!, lowest, highest, sample]);
  // Before the hour, only the last: it is where the hour began.
  const since = at - trendWindowMs;
  let headStart = 0;
  while (headStart + 1 < tailStart && Date.parse(samples[headStart + 1]!.at) < since) headStart += 1;
  return [...samples.slice(headStart, tailStart), ...tail.filter((candidate) => kept.has(candidate))].slice(-maxSamplesKept);
}

/**
 * The trend of a price from its samples over the last hour (the oldest one in
 * the window, or just before it, against the price now):
 * - VOLATILE: it moved over a range of at least 10% of its low, and ended
 *   less than half that range from where it began (up and down);
 * - RISING: it rose by at least 2%; FALLING: it fell by at least 2%;
 * - STABLE otherwise (and with no sample older than the price now).
 */
export function trendOf(samples: ReadonlyArray<{ at: string; cents: number }>, currentCents: number, now: Date): Trend {
  const since = now.getTime() - trendWindowMs;
  // One pass, each sample's time read once: this runs for every quote a trade refreshes.
  let before: number | undefined;
  let first: number | undefined;
  let low = currentCents;
  let high = currentCents;
  for (const sample of samples) {
    if (Date.parse(sample.at) < since) {
      before = sample.cents;
      continue;
    }
    first ??= sample.cents;
    if (sample.cents < low) low = sample.cents;
    if (sample.cents > high) high = sample.cents;
  }
  if (before !== undefined) {
    first = before;
    if (before < low) low = before;
    if (before > high) high = before;
  }
  if (first === undefined) return 'STABLE';
  const change = (currentCents - first) / first;
  const range = (high - low) / low;
  if (range >= 0.1 && Math.abs(currentCents - first) < (high - low) / 2) return 'VOLATILE';
  if (change >= 0.02) return 'RISING';
  if (change <= -0.02) return 'FALLING';
  return 'STABLE';
}
