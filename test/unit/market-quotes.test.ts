/**
 * The market's quote list (src/features/shop/market.ts): items a trade moved
 * are worked out again at the next read, and the whole list is rebuilt from
 * time to time; whichever way they interleave, a read after a trade shows
 * the price after it.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { loadCatalogue } from '../../src/features/shop/catalogue.js';
import { MarketService } from '../../src/features/shop/market.js';
import { marketPart, type MarketStore } from '../../src/features/shop/store.js';
import { jsonMarketPart } from '../../src/features/shop/store-json.js';
import { JsonStore } from '../../src/store/json/index.js';
import type { Store, StorePart } from '../../src/store/port.js';
import { temporaryDirectory } from '../helpers/gatehouse.js';

describe('the market quote list', function () {
  let directory: string;
  let store: JsonStore;
  afterEach(async function () {
    await store?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('shows the price after a trade even when a rebuild that read the store before the trade ends after the trade was shown', async function () {
    directory = await temporaryDirectory('gatehouse-quotes-');
    await writeFile(path.join(directory, 'shop.yml'), 'items:\n  diamond: { category: resources, price: 100.00, stock: 100, target-stock: 100 }\n');
    store = await JsonStore.open(directory, { parts: [{ part: marketPart, json: jsonMarketPart }] });
    // A store whose whole-list read (the rebuild's) waits at a gate once it has read.
    let gate: { opened: Promise<void>; open: () => void } | undefined;
    const gated: Store = Object.create(store, {
      part: {
        value: <P>(definition: StorePart<P>) => {
          const part = store.part(definition);
          if (definition.name !== marketPart.name) return part;
          const market = part as unknown as MarketStore;
          return Object.assign(Object.create(market), {
            items: async () => {
              const read = await market.items();
              if (gate) await gate.opened;
              return read;
            },
          }) as P;
        },
      },
    });
    const market = new MarketService(gated, marketPart, await loadCatalogue(path.join(directory, 'shop.yml')), path.join(directory, 'shop.yml'), () => new Date());
    await market.start();
    const diamond = market.requireItem('diamond');
    const before = (await market.quote(diamond)).buyCents;

    let open!: () => void;
    gate = { opened: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    const rebuilding = market.rebuild();
    // Meanwhile a purchase takes stock and its read shows the new price.
    await store.transaction((tx) => market.take(tx, diamond, 10));
    market.refresh(['diamond']);
    const reading = market.quote(diamond);
    gate.open();
    gate = undefined;
    await rebuilding;
    const after = (await reading).buyCents;
    expect(after, 'the price went up').to.be.above(before);
    expect((await market.quote(diamond)).buyCents, 'and stays up after the rebuild').to.equal(after);
    expect((await market.quote(diamond)).stock).to.equal(90);
  });
});
