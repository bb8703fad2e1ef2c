import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { CatalogueError, loadCatalogue, parseCatalogue } from '../../src/features/shop/catalogue.js';
import { defaultShopFile } from '../../src/features/shop/default-catalogue.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

describe('the shop catalogue (shop.yml)', function () {
  it('ships shop.yml equal to the defaults used without one: about 50 vanilla items in five categories', async function () {
    expect(await readFile(path.join(root, 'shop.yml'), 'utf8')).to.equal(defaultShopFile);
    const { items, rules } = parseCatalogue(defaultShopFile, 'shop.yml');
    expect(items.size).to.be.within(40, 60);
    expect(new Set([...items.values()].map((item) => item.category))).to.deep.equal(new Set(['resources', 'blocks', 'tools', 'food', 'redstone']));
    expect(items.get('diamond')).to.deep.include({
      id: 'diamond',
      name: 'Diamond',
      priceCents: 10_000,
      initialStock: 128,
      targetStock: 128,
      floorCents: 2_500,
      ceilingCents: 40_000,
      sellSpreadPercent: 20,
      canBuy: true,
      canSell: true,
    });
    expect(items.get('diamond_pickaxe')).to.deep.include({ name: 'Diamond Pickaxe', canBuy: true, canSell: false });
    expect(rules).to.deep.equal({
      market: { elasticity: 1, driftMinutes: 10, driftPercent: 10, maxQuantity: 2304 },
      weekly: { offers: 5, discountPercent: 25, limitPerPlayer: 64 },
      selling: { dailyIncomeCapCents: 0 },
      deliveries: { retrySeconds: 30 },
    });
  });

  it('uses the defaults when the file is missing', async function () {
    const directory = await temporaryDirectory('gatehouse-catalogue-');
    try {
      expect((await loadCatalogue(path.join(directory, 'shop.yml'))).items.size).to.equal(parseCatalogue(defaultShopFile, 'shop.yml').items.size);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('stops with the item and the field named for every kind of mistake', function () {
    const item = (fields: string) => `items:\n  diamond: { category: resources, price: 100.00, target-stock: 20${fields} }\n`;
    const cases: Array<[string, string]> = [
      ['items: [1, 2', 'shop.yml is not valid YAML'],
      ['prices: {}', 'shop.yml: prices: is not a known key'],
      ['market: { elasticity: 9 }', 'shop.yml: market.elasticity: must be from 0 to 5'],
      ['weekly: { offers: 2.5 }', 'shop.yml: weekly.offers: must be a whole number'],
      ['selling: { daily-income-cap: 1.234 }', 'shop.yml: selling.daily-income-cap: must have at most two decimals'],
      ['items:\n  diamond: { category: resources, target-stock: 20 }', 'shop.yml: items.diamond.price: is missing'],
      [item(', colour: blue'), 'shop.yml: items.diamond.colour: is not a known key'],
      [item(', floor: 200'), 'shop.yml: items.diamond.floor: must be at most the price (100.00)'],
      [item(', ceiling: 50'), 'shop.yml: items.diamond.ceiling: must be at least the price (100.00)'],
      [item(', trade: swap'), 'shop.yml: items.diamond.trade: must be buy, sell or both'],
      [item(', stock: -1'), 'shop.yml: items.diamond.stock: must be from 0 to'],
      [item(', sell-spread: 0'), 'shop.yml: items.diamond.sell-spread: must be from 1 to 90'],
      [item(', name: "Shiny\\u00a7Stone"'), 'shop.yml: items.diamond.name: must not hold control characters or §'],
      ['items:\n  diamond: { category: Resources!, price: 1, target-stock: 1 }', 'shop.yml: items.diamond.category: must be a lower-case word like resources'],
      ['items:\n  "Diamond Sword": { category: tools, price: 1, target-stock: 1 }', 'shop.yml: items.Diamond Sword: is not a Minecraft item id'],
      ['items:\n  diamond: { category: a, price: 1, target-stock: 1 }\n  DIAMOND: { category: a, price: 1, target-stock: 1 }', 'shop.yml: items.DIAMOND: repeats the item diamond'],
      ['items:\n  diamond: 5', 'shop.yml: items.diamond: must be a mapping'],
    ];
    for (const [text, message] of cases) {
      expect(() => parseCatalogue(text, 'shop.yml'), text).to.throw(CatalogueError, message);
    }
  });

  it('refuses an item the game does not know, where the game lists its items', function () {
    const text = 'items:\n  diamond: { category: a, price: 1, target-stock: 1 }\n  minecraft:unobtainium: { category: a, price: 1, target-stock: 1 }';
    expect(() => parseCatalogue(text, 'shop.yml', new Set(['diamond']))).to.throw(CatalogueError, 'shop.yml: items.minecraft:unobtainium: is not an item this game server knows');
    expect(parseCatalogue(text, 'shop.yml').items.has('unobtainium')).to.equal(true);
  });
});
