import { expect } from 'chai';
import {
  affordableUnits,
  buyCostCents,
  driftedStock,
  offerUnitCents,
  recentPricesOf,
  sellIncomeCents,
  trendOf,
  unitBuyCents,
  unitSellCents,
  unitsWithinIncome,
  withSample,
  type PricedItem,
} from '../../src/features/shop/pricing.js';
import type { PriceSample } from '../../src/features/shop/store.js';
import { seeded } from '../helpers/seeded-random.js';

const diamond: PricedItem = { priceCents: 10_000, targetStock: 20, floorCents: 2_500, ceilingCents: 40_000, sellSpreadPercent: 20 };

describe('shop pricing', function () {
  it('costs the base price at the target stock, more when scarce, less in surplus, within floor and ceiling', function () {
    expect(unitBuyCents(diamond, 20, 1)).to.equal(10_000);
    expect(unitBuyCents(diamond, 10, 1)).to.equal(16_487); // 100 × e^0.5
    expect(unitBuyCents(diamond, 0, 1)).to.equal(27_183); // 100 × e
    expect(unitBuyCents(diamond, 40, 1)).to.equal(3_679); // 100 / e
    expect(unitBuyCents(diamond, 1_000, 1), 'the floor').to.equal(2_500);
    expect(unitBuyCents({ ...diamond, ceilingCents: 20_000 }, 0, 1), 'the ceiling').to.equal(20_000);
    expect(unitBuyCents(diamond, 0, 0), 'elasticity 0: a flat price').to.equal(10_000);
    for (let stock = 0; stock < 100; stock += 1) expect(unitBuyCents(diamond, stock + 1, 1)).to.be.at.most(unitBuyCents(diamond, stock, 1));
  });

  it('prices a bulk trade unit by unit along the curve', function () {
    expect(buyCostCents(diamond, 20, 3, 1)).to.equal(10_000 + 10_513 + 11_052);
    expect(buyCostCents(diamond, 20, 1, 1)).to.equal(10_000);
    expect(() => buyCostCents(diamond, 2, 3, 1)).to.throw(RangeError);
    // Selling 3 into a stock of 17 crosses the same steps back: 17→18→19→20.
    expect(sellIncomeCents(diamond, 17, 3, 1)).to.equal(Math.floor(11_052 * 0.8) + Math.floor(10_513 * 0.8) + Math.floor(10_000 * 0.8));
    expect(affordableUnits(diamond, 20, 25_000, 1, 100)).to.equal(2);
    expect(affordableUnits(diamond, 1, 1_000_000, 1, 100), 'no more than the stock').to.equal(1);
    expect(unitsWithinIncome(diamond, 20, 10_000, 1, 100)).to.equal(1);
  });

  it('pays less than it asks at every stock level, and an offer stays above what selling back pays', function () {
    for (let stock = 0; stock < 200; stock += 1) {
      expect(unitSellCents(diamond, stock, 1)).to.be.below(unitBuyCents(diamond, stock, 1));
      if (stock > 0) {
        expect(unitSellCents(diamond, stock - 1, 1)).to.be.below(unitBuyCents(diamond, stock, 1));
        expect(offerUnitCents(diamond, stock, 1, 90)).to.be.above(unitSellCents(diamond, stock - 1, 1));
        expect(offerUnitCents(diamond, stock, 1, 10)).to.be.below(unitBuyCents(diamond, stock, 1));
      }
    }
  });

  it('never lets one player end a sequence of buys and sells of one item with more money (2,000 random markets and sequences)', function () {
    const next = seeded(20261123);
    for (let round = 0; round < 2_000; round += 1) {
      const price = 1 + Math.floor(next() * 100_000);
      const item: PricedItem = {
        priceCents: price,
        targetStock: 1 + Math.floor(next() * 500),
        floorCents: Math.max(1, Math.floor(price * next())),
        ceilingCents: price + Math.floor(price * 5 * next()),
        sellSpreadPercent: 1 + Math.floor(next() * 90),
      };
      const elasticity = next() * 3;
      const discount = 1 + Math.floor(next() * 89);
      let stock = Math.floor(next() * 1_000);
      let held = 0;
      let money = 0;
      for (let step = 0; step < 60; step += 1) {
        const quantity = 1 + Math.floor(next() * 20);
        const roll = next();
        if (roll < 0.5 && quantity <= stock) {
          money -= buyCostCents(item, stock, quantity, elasticity, roll < 0.2 ? discount : 0);
          stock -= quantity;
          held += quantity;
        } else if (held > 0) {
          const sold = Math.min(held, quantity);
          money += sellIncomeCents(item, stock, sold, elasticity);
          stock += sold;
          held -= sold;
        }
        expect(money + sellIncomeCents(item, stock, held, elasticity), `round ${round}, step ${step}: even selling everything held now`).to.be.at.most(0);
      }
    }
  });

  it('drifts stock toward the target by a share of the gap, at least one unit, never past it', function () {
    expect(driftedStock(10, 20, 10)).to.equal(11);
    expect(driftedStock(0, 100, 10)).to.equal(10);
    expect(driftedStock(300, 100, 50)).to.equal(200);
    expect(driftedStock(99, 100, 10)).to.equal(100);
    expect(driftedStock(101, 100, 100)).to.equal(100);
    expect(driftedStock(50, 100, 0)).to.equal(50);
    expect(driftedStock(100, 100, 50)).to.equal(100);
  });

  it('lists the last hour of prices for a sparkline: where the hour began, each sample in it, and the price now', function () {
    const now = new Date('2026-11-23T12:00:00Z');
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    expect(recentPricesOf([], 100, now)).to.deep.equal([{ at: now.toISOString(), cents: 100 }]);
    expect(
      recentPricesOf(
        [
          { at: at(120), cents: 90 },
          { at: at(75), cents: 95 },
          { at: at(40), cents: 110 },
          { at: at(10), cents: 105 },
        ],
        104,
        now,
      ),
    ).to.deep.equal([
      { at: at(60), cents: 95 },
      { at: at(40), cents: 110 },
      { at: at(10), cents: 105 },
      { at: now.toISOString(), cents: 104 },
    ]);
  });

  it('keeps the first, lowest, highest and last price of each five minutes, and of the time before the hour only the last', function () {
    const at = (minutes: number, seconds = 0) => new Date(Date.UTC(2026, 10, 23, 12, minutes, seconds)).toISOString();
    const kept = (prices: Array<[string, number]>) => prices.reduce<PriceSample[]>((samples, [when, cents]) => withSample(samples, { at: when, cents }), []);
    // One five minutes: 100 first, 90 lowest, 130 highest, 120 last; 110 and 125 are none of those.
    expect(
      kept([
        [at(0, 0), 100],
        [at(0, 10), 110],
        [at(1, 0), 90],
        [at(2, 0), 130],
        [at(3, 0), 125],
        [at(4, 59), 120],
      ]),
    ).to.deep.equal([
      { at: at(0, 0), cents: 100 },
      { at: at(1, 0), cents: 90 },
      { at: at(2, 0), cents: 130 },
      { at: at(4, 59), cents: 120 },
    ]);
    // Another five minutes starts its own; a rise within one keeps its ends.
    expect(
      kept([
        [at(4, 0), 100],
        [at(5, 0), 101],
        [at(6, 0), 102],
        [at(7, 0), 103],
      ]),
    ).to.deep.equal([
      { at: at(4, 0), cents: 100 },
      { at: at(5, 0), cents: 101 },
      { at: at(7, 0), cents: 103 },
    ]);
    // An hour and more later: the samples before the hour go, but for the last of them (where the hour began).
    expect(
      kept([
        [at(0), 100],
        [at(10), 110],
        [at(20), 120],
        [at(85), 130],
      ]),
    ).to.deep.equal([
      { at: at(20), cents: 120 },
      { at: at(85), cents: 130 },
    ]);
  });

  it('reads the same trend from the kept samples as from every sample, an hour that begins with a five minutes (2,000 random histories)', function () {
    const next = seeded(23);
    const start = Date.UTC(2026, 10, 23, 10, 0, 0);
    for (let history = 0; history < 2000; history += 1) {
      const all: PriceSample[] = [];
      let kept: PriceSample[] = [];
      let time = start;
      let cents = 1000;
      const trades = 1 + Math.floor(next() * 120);
      for (let trade = 0; trade < trades; trade += 1) {
        time += Math.floor(next() * (next() < 0.5 ? 20_000 : 300_000));
        cents = Math.max(1, cents + Math.round((next() - 0.5) * (next() < 0.1 ? 400 : 40)));
        const sample = { at: new Date(time).toISOString(), cents };
        all.push(sample);
        kept = withSample(kept, sample);
      }
      // A moment whose hour begins on a five-minute boundary, at or after the last trade.
      const now = new Date(Math.ceil((time + 1) / 300_000) * 300_000 + Math.floor(next() * 3) * 300_000);
      const current = Math.max(1, cents + Math.round((next() - 0.5) * 100));
      expect(trendOf(kept, current, now), `history ${history}`).to.equal(trendOf(all, current, now));
      expect(kept.length).to.be.at.most(53);
    }
  });

  it('labels the trend from the last hour of prices', function () {
    const now = new Date('2026-11-23T12:00:00Z');
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    expect(trendOf([], 100, now)).to.equal('STABLE');
    expect(trendOf([{ at: at(30), cents: 100 }], 101, now)).to.equal('STABLE');
    expect(trendOf([{ at: at(30), cents: 100 }], 103, now)).to.equal('RISING');
    expect(trendOf([{ at: at(30), cents: 100 }], 97, now)).to.equal('FALLING');
    expect(
      trendOf(
        [
          { at: at(50), cents: 100 },
          { at: at(20), cents: 130 },
        ],
        104,
        now,
      ),
      'up 30%, back to +4%',
    ).to.equal('VOLATILE');
    expect(
      trendOf(
        [
          { at: at(50), cents: 100 },
          { at: at(20), cents: 130 },
        ],
        125,
        now,
      ),
      'up and mostly stayed',
    ).to.equal('RISING');
    // The sample just before the window is where the hour began; older ones do not count.
    expect(
      trendOf(
        [
          { at: at(300), cents: 50 },
          { at: at(90), cents: 100 },
        ],
        100,
        now,
      ),
    ).to.equal('STABLE');
  });
});
