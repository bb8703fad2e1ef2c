/** Bodies and answers of the market, shop, deliveries and selling endpoints. Money is a number with at most two decimals. */
import { t } from '../../lib/schema.js';
import { pageQuery, paginationObject, playerName, timestamp } from '../common/schemas.js';

const trend = t.enum(['RISING', 'FALLING', 'STABLE', 'VOLATILE'] as const, {
  description: 'From the buy price over the last hour: VOLATILE (moved 10% or more and came back halfway), RISING or FALLING (2% or more), else STABLE.',
});

export const itemId = t.string({
  pattern: '^([Mm][Ii][Nn][Ee][Cc][Rr][Aa][Ff][Tt]:)?[A-Za-z0-9_]{1,64}$',
  'x-message': 'must be an item id like diamond (minecraft:diamond and DIAMOND are the same)',
  example: 'diamond',
});

const priceEntry = t.object({
  name: t.string({ example: 'Iron Ingot', description: 'The name the shop, the market and the inventory give the item.' }),
  buyPrice: t.number({ description: 'What the next unit costs now.' }),
  sellPrice: t.number({ description: 'What the market pays for one now; always below buyPrice.' }),
  stock: t.integer(),
  trend,
  canBuy: t.boolean({ description: 'For sale now (sold by the shop, and in stock).' }),
  canSell: t.boolean({ description: 'The market buys it.' }),
  recent: t.array(t.object({ at: timestamp, buyPrice: t.number() }), {
    description:
      'The buy price over the last hour, oldest first, for a sparkline: the price the hour began at (at its start), the first, lowest, highest and last price of each five minutes since (trades and drift), and the price now. The samples `trend` reads.',
  }),
});

export const marketPricesAnswer = t.object({
  success: t.literal(true),
  prices: t.record(priceEntry, { description: 'By item id (the Minecraft id without namespace, e.g. diamond).' }),
  lastUpdated: t.string({ format: 'date-time', description: 'The last trade or drift of any item.' }),
});

const shopItemFields = {
  item: t.string({ example: 'diamond' }),
  name: t.string({ example: 'Diamond', description: "shop.yml's name for it, else made from the id (iron_ingot: Iron Ingot); the same in every answer." }),
  category: t.string({ example: 'resources' }),
  buyPrice: t.number({ description: 'What the next unit costs now.' }),
  sellPrice: t.number({ description: 'What the market pays for one now.' }),
  stock: t.integer(),
  targetStock: t.integer({ description: 'The stock prices are set around; stock drifts back to it.' }),
  trend,
  canBuy: t.boolean(),
  canSell: t.boolean(),
};

export const shopItem = t.object(shopItemFields);

export const itemsQuery = t.object({
  category: t.optional(t.string({ pattern: '^[a-z][a-z0-9_-]{0,31}$', 'x-message': 'must be a category like resources' })),
  search: t.optional(t.string({ minLength: 1, maxLength: 64, description: 'Part of the item id or name, any letter case.' })),
  ...pageQuery({ default: 20, max: 100 }),
});

export const itemsAnswer = t.object({
  success: t.literal(true),
  items: t.array(shopItem),
  categories: t.array(t.string(), { description: 'Every category of the catalogue.' }),
  pagination: paginationObject,
});

export const resourcesAnswer = t.object({ success: t.literal(true), items: t.array(shopItem) });

export const availableAnswer = t.object({
  success: t.literal(true),
  balance: t.number(),
  items: t.array(
    t.object({
      ...shopItemFields,
      affordable: t.integer({ description: 'How many the caller can buy now: with their balance, along the price curve, within the stock.' }),
    }),
  ),
});

export const purchaseBody = t.object({
  item: itemId,
  quantity: t.integer({ minimum: 1, maximum: 100_000, description: 'At most shop.yml market.max-quantity (2,304 by default).' }),
  weekly: t.optional(t.boolean({ description: "Buy it as this week's offer (GET /api/shop/weekly): at its discount, within its limit." })),
});

export const delivery = t.object({
  id: t.integer(),
  item: t.string(),
  name: t.string(),
  quantity: t.integer(),
  given: t.integer({ description: 'In the inventory so far.' }),
  remaining: t.integer(),
  state: t.enum(['pending', 'delivered'] as const, { description: 'pending until the game confirms everything was given.' }),
  transactionId: t.integer({ description: 'The PURCHASE transaction that paid for it.' }),
  createdAt: timestamp,
  updatedAt: timestamp,
  username: t.optional(t.string({ description: 'Admins listing every delivery only.' })),
});

export const purchaseAnswer = t.object({
  success: t.literal(true),
  message: t.string(),
  purchase: t.object({
    transactionId: t.integer(),
    item: t.string(),
    name: t.string(),
    quantity: t.integer(),
    charged: t.number({ description: 'What was taken from the balance.' }),
    weekly: t.boolean(),
  }),
  balance: t.number(),
  symbol: t.string(),
  formatted: t.string({ example: '$1,234.50' }),
  delivery,
});

export const weeklyAnswer = t.object({
  success: t.literal(true),
  week: t.string({ example: '2026-W48' }),
  endsAt: timestamp,
  discountPercent: t.integer({ description: "The most any of this week's offers gives now (see each offer's discountPercent)." }),
  offers: t.array(
    t.object({
      item: t.string(),
      name: t.string(),
      category: t.string(),
      price: t.number({ description: 'The next unit at the offer price.' }),
      regularPrice: t.number(),
      discountPercent: t.integer({
        description:
          "What price gives off regularPrice, in whole percent rounded down: shop.yml's weekly.discount-percent, or less where the price stops above what selling the unit back pays.",
      }),
      stock: t.integer(),
      limit: t.integer({ description: 'Units one player may buy this week.' }),
      bought: t.integer({ description: 'What the caller bought of it this week.' }),
      remaining: t.integer({ description: 'What the caller may still buy (also within the stock).' }),
    }),
  ),
});

export const deliveriesQuery = t.object({
  username: t.optional(playerName),
  state: t.optional(t.enum(['pending', 'delivered'] as const)),
  ...pageQuery({ default: 20, max: 100 }),
});

export const deliveriesAnswer = t.object({ success: t.literal(true), username: t.string(), deliveries: t.array(delivery), pagination: paginationObject });

export const allDeliveriesQuery = t.object({ ...pageQuery({ default: 50, max: 200 }) });

export const allDeliveriesAnswer = t.object({ success: t.literal(true), deliveries: t.array(delivery), pagination: paginationObject });

export const sellBody = t.object({
  item: t.optional(itemId),
  quantity: t.optional(t.integer({ minimum: 1, maximum: 100_000, description: 'With item: how many; without, all the player has.' })),
  items: t.optional(t.array(t.object({ item: itemId, quantity: t.optional(t.integer({ minimum: 1, maximum: 100_000 })) }), { minItems: 1, maxItems: 64 })),
  all: t.optional(t.boolean({ description: 'true: everything in the inventory the market buys.' })),
});

export const sellAnswer = t.object({
  success: t.literal(true),
  message: t.string(),
  sold: t.array(t.object({ item: t.string(), name: t.string(), quantity: t.integer(), income: t.number(), transactionId: t.integer() })),
  refused: t.array(t.object({ item: t.string(), reason: t.string() }), { description: 'What was asked (or held) and not sold, and why.' }),
  total: t.number(),
  balance: t.number(),
  symbol: t.string(),
  formatted: t.string(),
  dailyCap: t.nullable(
    t.object(
      { limit: t.number(), earned: t.number(), remaining: t.number() },
      { description: "Today's income from sales against shop.yml selling.daily-income-cap; null without a cap." },
    ),
  ),
});

export const reloadAnswer = t.object({
  success: t.literal(true),
  message: t.string(),
  items: t.integer(),
  added: t.array(t.string()),
  removed: t.array(t.string()),
});
