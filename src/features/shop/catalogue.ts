/**
 * The shop's catalogue and market rules, read from shop.yml beside
 * config.yml (a missing file means the defaults shipped in
 * default-catalogue.ts, which shop.yml in the repository repeats with
 * comments). Every mistake stops start-up, or refuses a reload, with the item
 * and the field named: `shop.yml: items.diamond.floor: must be at most the
 * price (100.00)`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';
import { defaultShopFile } from './default-catalogue.js';
import { itemDisplayName } from '../common/item-names.js';
import { exactCents, plainMoney } from '../common/money.js';

export type TradeDirection = 'buy' | 'sell' | 'both';

export interface CatalogueItem {
  /** The Minecraft item id without namespace, e.g. `diamond`: the key everywhere in the API. */
  id: string;
  name: string;
  category: string;
  /** Cents: the buy price when stock is at its target. */
  priceCents: number;
  /** Stock the market starts with (kept in the store afterwards). */
  initialStock: number;
  targetStock: number;
  floorCents: number;
  ceilingCents: number;
  /** Percent the market pays below its buy price, 1 to 90. */
  sellSpreadPercent: number;
  canBuy: boolean;
  canSell: boolean;
}

export interface ShopRules {
  market: {
    /** How strongly prices follow stock: the price at no stock is e^elasticity times the base. */
    elasticity: number;
    driftMinutes: number;
    driftPercent: number;
    /** The most units one purchase or sale may move. */
    maxQuantity: number;
  };
  weekly: { offers: number; discountPercent: number; limitPerPlayer: number };
  /** Cents a player may earn from sales in a day (UTC); 0: no cap. */
  selling: { dailyIncomeCapCents: number };
  deliveries: { retrySeconds: number };
}

export interface Catalogue {
  rules: ShopRules;
  items: Map<string, CatalogueItem>;
}

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

/** Minecraft ids: lower-case letters, digits and underscores (the namespace, if any, is `minecraft:`). */
const itemIdPattern = /^[a-z0-9_]{1,64}$/;

/** `diamond`, `minecraft:diamond` and `DIAMOND` (an item constant name) are all `diamond`. */
export function normaliseItemId(text: string): string {
  return text
    .trim()
    .replace(/^minecraft:/i, '')
    .toLowerCase();
}

export async function loadCatalogue(file: string, knownItemIds?: ReadonlySet<string>): Promise<Catalogue> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new CatalogueError(`${file} cannot be read: ${(error as Error).message}`);
    text = defaultShopFile;
  }
  return parseCatalogue(text, path.basename(file), knownItemIds);
}

export function parseCatalogue(text: string, fileName: string, knownItemIds?: ReadonlySet<string>): Catalogue {
  let parsed: unknown;
  try {
    parsed = YAML.parse(text);
  } catch (error) {
    throw new CatalogueError(`${fileName} is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const reader = new FieldReader(fileName);
  const top = reader.mapping(parsed ?? {}, '');
  reader.onlyKeys(top, '', ['market', 'weekly', 'selling', 'deliveries', 'items']);
  const market = reader.mapping(top.market ?? {}, 'market');
  reader.onlyKeys(market, 'market', ['elasticity', 'drift-minutes', 'drift-percent', 'max-quantity']);
  const weekly = reader.mapping(top.weekly ?? {}, 'weekly');
  reader.onlyKeys(weekly, 'weekly', ['offers', 'discount-percent', 'limit-per-player']);
  const selling = reader.mapping(top.selling ?? {}, 'selling');
  reader.onlyKeys(selling, 'selling', ['daily-income-cap']);
  const deliveries = reader.mapping(top.deliveries ?? {}, 'deliveries');
  reader.onlyKeys(deliveries, 'deliveries', ['retry-seconds']);
  const rules: ShopRules = {
    market: {
      elasticity: reader.number(market, 'market', 'elasticity', { min: 0, max: 5, fallback: 1 }),
      driftMinutes: reader.integer(market, 'market', 'drift-minutes', { min: 1, max: 1440, fallback: 10 }),
      driftPercent: reader.integer(market, 'market', 'drift-percent', { min: 0, max: 100, fallback: 10 }),
      maxQuantity: reader.integer(market, 'market', 'max-quantity', { min: 1, max: 100_000, fallback: 2304 }),
    },
    weekly: {
      offers: reader.integer(weekly, 'weekly', 'offers', { min: 0, max: 50, fallback: 5 }),
      discountPercent: reader.integer(weekly, 'weekly', 'discount-percent', { min: 1, max: 90, fallback: 25 }),
      limitPerPlayer: reader.integer(weekly, 'weekly', 'limit-per-player', { min: 1, max: 100_000, fallback: 64 }),
    },
    selling: { dailyIncomeCapCents: reader.money(selling, 'selling', 'daily-income-cap', { fallback: 0 }) },
    deliveries: { retrySeconds: reader.integer(deliveries, 'deliveries', 'retry-seconds', { min: 1, max: 3600, fallback: 30 }) },
  };

  const items = new Map<string, CatalogueItem>();
  const entries = reader.mapping(top.items ?? {}, 'items');
  for (const [key, value] of Object.entries(entries)) {
    const where = `items.${key}`;
    const id = normaliseItemId(key);
    if (!itemIdPattern.test(id)) reader.fail(where, 'is not a Minecraft item id (lower-case letters, digits and underscores, like diamond_sword)');
    if (items.has(id)) reader.fail(where, `repeats the item ${id}`);
    if (knownItemIds && !knownItemIds.has(id)) reader.fail(where, `is not an item this game server knows`);
    const fields = reader.mapping(value, where);
    reader.onlyKeys(fields, where, ['name', 'category', 'price', 'stock', 'target-stock', 'floor', 'ceiling', 'sell-spread', 'trade']);
    const priceCents = reader.money(fields, where, 'price', { min: 1 });
    const targetStock = reader.integer(fields, where, 'target-stock', { min: 1, max: 1_000_000_000 });
    const item: CatalogueItem = {
      id,
      name: reader.text(fields, where, 'name', { fallback: itemDisplayName(id), maxLength: 64 }),
      category: reader.text(fields, where, 'category', { pattern: /^[a-z][a-z0-9_-]{0,31}$/, describe: 'a lower-case word like resources' }),
      priceCents,
      initialStock: reader.integer(fields, where, 'stock', { min: 0, max: 1_000_000_000, fallback: targetStock }),
      targetStock,
      floorCents: reader.money(fields, where, 'floor', { min: 1, fallback: Math.max(1, Math.round(priceCents / 4)) }),
      ceilingCents: reader.money(fields, where, 'ceiling', { min: 1, fallback: priceCents * 4 }),
      sellSpreadPercent: reader.integer(fields, where, 'sell-spread', { min: 1, max: 90, fallback: 20 }),
      canBuy: true,
      canSell: true,
    };
    const trade = reader.text(fields, where, 'trade', { fallback: 'both', pattern: /^(buy|sell|both)$/, describe: 'buy, sell or both' }) as TradeDirection;
    item.canBuy = trade !== 'sell';
    item.canSell = trade !== 'buy';
    if (item.floorCents > item.priceCents) reader.fail(`${where}.floor`, `must be at most the price (${plainMoney(item.priceCents)})`);
    if (item.ceilingCents < item.priceCents) reader.fail(`${where}.ceiling`, `must be at least the price (${plainMoney(item.priceCents)})`);
    items.set(id, item);
  }
  return { rules, items };
}

type Fields = Record<string, unknown>;

/** Reads fields with the file, the item and the field in every error. */
class FieldReader {
  constructor(private readonly fileName: string) {}

  fail(where: string, problem: string): never {
    throw new CatalogueError(`${this.fileName}: ${where || '(top level)'}: ${problem}`);
  }

  mapping(value: unknown, where: string): Fields {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.fail(where, 'must be a mapping of keys to values');
    return value as Fields;
  }

  onlyKeys(fields: Fields, where: string, known: string[]): void {
    for (const key of Object.keys(fields)) {
      if (!known.includes(key)) this.fail(where ? `${where}.${key}` : key, `is not a known key (known: ${known.join(', ')})`);
    }
  }

  number(fields: Fields, where: string, key: string, limits: { min: number; max: number; fallback?: number }): number {
    const value = fields[key] ?? limits.fallback;
    if (value === undefined) this.fail(`${where}.${key}`, 'is missing');
    if (typeof value !== 'number' || !Number.isFinite(value)) this.fail(`${where}.${key}`, 'must be a number');
    if (value < limits.min || value > limits.max) this.fail(`${where}.${key}`, `must be from ${limits.min} to ${limits.max}`);
    return value;
  }

  integer(fields: Fields, where: string, key: string, limits: { min: number; max: number; fallback?: number }): number {
    const value = this.number(fields, where, key, limits);
    if (!Number.isInteger(value)) this.fail(`${where}.${key}`, 'must be a whole number');
    return value;
  }

  /** An amount of money with at most two decimals, as cents. */
  money(fields: Fields, where: string, key: string, limits: { min?: number; fallback?: number }): number {
    const raw = fields[key];
    if (raw === undefined && limits.fallback !== undefined) return limits.fallback;
    const value = this.number(fields, where, key, { min: 0, max: 1_000_000_000 });
    const cents = exactCents(value);
    if (cents === undefined) this.fail(`${where}.${key}`, 'must have at most two decimals');
    if (limits.min !== undefined && cents < limits.min) this.fail(`${where}.${key}`, `must be at least ${plainMoney(limits.min)}`);
    return cents;
  }

  text(fields: Fields, where: string, key: string, options: { fallback?: string; pattern?: RegExp; describe?: string; maxLength?: number }): string {
    const value = fields[key] ?? options.fallback;
    if (value === undefined) this.fail(`${where}.${key}`, 'is missing');
    if (typeof value !== 'string' || value.trim() === '') this.fail(`${where}.${key}`, 'must be a text');
    if (options.pattern && !options.pattern.test(value)) this.fail(`${where}.${key}`, `must be ${options.describe ?? `like ${options.pattern}`}`);
    if (options.maxLength !== undefined && value.length > options.maxLength) this.fail(`${where}.${key}`, `must be at most ${options.maxLength} characters`);
    // Shown in game and on the web: no control characters or section signs.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this check's purpose
    if (/[\u0000-\u001f\u007f§]/.test(value)) this.fail(`${where}.${key}`, 'must not hold control characters or §');
    return value;
  }
}
