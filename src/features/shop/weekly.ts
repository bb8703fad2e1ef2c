/**
 * This week's offers: `weekly.offers` items for sale, picked by a fixed rule
 * of the ISO week, so every instance and every request agrees without
 * keeping anything: the items with the smallest SHA-256 of `<week>:<item>`.
 * Each is sold at `weekly.discount-percent` off (never below what selling it
 * back would pay), at most `weekly.limit-per-player` units per player.
 */
import { createHash } from 'node:crypto';
import type { CatalogueItem } from './catalogue.js';
import { isoWeekOf, weekEnd } from './weeks.js';

export interface WeeklyOffers {
  week: string;
  endsAt: Date;
  items: CatalogueItem[];
}

export function weeklyOffers(items: Iterable<CatalogueItem>, count: number, now: Date): WeeklyOffers {
  const week = isoWeekOf(now);
  const rank = (item: CatalogueItem) => createHash('sha256').update(`${week}:${item.id}`).digest('hex');
  const chosen = [...items]
    .filter((item) => item.canBuy)
    .map((item) => ({ item, rank: rank(item) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .slice(0, count)
    .map(({ item }) => item);
  return { week, endsAt: weekEnd(week), items: chosen };
}
