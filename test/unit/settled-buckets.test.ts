/**
 * The PostgreSQL history's memory of settled buckets (src/features/metrics/
 * settled-buckets.ts), against a reader that buckets samples kept in memory
 * as the JSON store does: whatever the ranges asked, the time passing and the
 * samples written, the answer is the reader's own, and settled buckets are
 * read once.
 */
import { expect } from 'chai';
import { bucketSamples, bucketStart } from '../../src/features/metrics/buckets.js';
import { SettledBuckets } from '../../src/features/metrics/settled-buckets.js';
import type { MetricsSample, ServerSeries } from '../../src/features/metrics/store.js';
import { seeded } from '../helpers/seeded-random.js';

const minute = 60_000;

function sample(server: string, at: number, players: number): MetricsSample {
  return {
    server,
    at: new Date(at).toISOString(),
    playersOnline: players,
    ticksPerSecond: 20,
    memoryUsedBytes: null,
    memoryMaxBytes: null,
    gatehouseRssBytes: 1000,
    requests: players,
  };
}

/** Samples in memory, bucketed on each read; counts the minutes of samples each read covered. */
class Samples {
  readonly samples: MetricsSample[] = [];
  readMinutes = 0;
  add(added: MetricsSample): void {
    const last = this.samples.at(-1);
    this.samples.push(added);
    if (last && Date.parse(last.at) > Date.parse(added.at)) this.samples.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  }
  read = async (from: number, to: number, bucketSeconds: number): Promise<ServerSeries[]> => {
    this.readMinutes += Math.max(0, to - from) / minute;
    const inRange = this.samples.filter((one) => Date.parse(one.at) >= from && Date.parse(one.at) < to);
    return [...new Set(inRange.map((one) => one.server))].sort().map((server) => ({
      server,
      points: bucketSamples(
        inRange.filter((one) => one.server === server),
        bucketSeconds,
      ),
    }));
  };
}

describe('SettledBuckets', function () {
  it('answers what a read of the whole range answers, whatever the ranges, the time and the writes (300 random histories)', async function () {
    const next = seeded(7);
    for (let history = 0; history < 300; history += 1) {
      const store = new Samples();
      const clock = { now: Date.UTC(2026, 10, 20, 12, 0, 0) };
      const settled = new SettledBuckets(store.read, () => clock.now, 5 * minute, 60 * minute);
      for (let step = 0; step < 40; step += 1) {
        const roll = next();
        if (roll < 0.5) {
          // The samplers: each server a sample about now, some written up to four minutes late (within the settling time).
          for (const server of ['alpha', 'beta'])
            if (next() < 0.8) store.add(sample(server, clock.now - Math.floor(next() * (next() < 0.2 ? 4 : 1) * minute), Math.floor(next() * 20)));
          clock.now += Math.floor(next() * 3 * minute);
        } else if (roll < 0.55) {
          // This instance writes into the past (a test, a tool): it tells.
          const at = clock.now - Math.floor(next() * 120 * minute);
          store.add(sample('alpha', at, 99));
          settled.wrote(at);
        } else {
          const bucketSeconds = [60, 300, 3600][Math.floor(next() * 3)]!;
          const to = clock.now - Math.floor(next() * 30 * minute) + (next() < 0.3 ? 10 * minute : 0);
          const from = to - Math.floor(1 + next() * 240) * minute - Math.floor(next() * minute);
          const expected = await store.read(from, to, bucketSeconds);
          const answered = await settled.series(from, to, bucketSeconds);
          expect(answered, `history ${history}, step ${step}`).to.deep.equal(expected.filter((series) => series.points.length > 0));
        }
      }
    }
  });

  it('keeps each bucket once when two reads at once both extend what is kept (two admins, or the overview and another page)', async function () {
    const store = new Samples();
    const clock = { now: Date.UTC(2026, 10, 20, 12, 0, 0) };
    for (let at = clock.now - 3 * 60 * minute; at < clock.now; at += minute) store.add(sample('main', at + 5_000, 1));
    const settled = new SettledBuckets(store.read, () => clock.now);
    const threeHours = () => settled.series(clock.now - 3 * 60 * minute, clock.now, 60);
    await threeHours();
    for (let step = 0; step < 10; step += 1) {
      store.add(sample('main', clock.now + 5_000, 2));
      clock.now += minute;
    }
    const [one, other] = await Promise.all([threeHours(), threeHours()]);
    const again = await threeHours();
    for (const answer of [one, other, again]) {
      const starts = answer[0]!.points.map((point) => point.at);
      expect(new Set(starts).size, 'no bucket twice').to.equal(starts.length);
      expect(answer).to.deep.equal(await store.read(clock.now - 3 * 60 * minute, clock.now, 60));
    }
  });

  it('sees a sample written later than the settling time at the next rebuild (a server whose clock lags)', async function () {
    const store = new Samples();
    const clock = { now: Date.UTC(2026, 10, 20, 12, 0, 0) };
    const settled = new SettledBuckets(store.read, () => clock.now, 5 * minute, 60 * minute);
    const hour = () => settled.series(clock.now - 60 * minute, clock.now, 60);
    store.add(sample('main', clock.now - 30 * minute, 1));
    expect((await hour())[0]!.points).to.have.length(1);
    store.add(sample('lagging', clock.now - 20 * minute, 2));
    expect(
      (await hour()).map((series) => series.server),
      'not yet',
    ).to.deep.equal(['main']);
    clock.now += 61 * minute;
    store.add(sample('main', clock.now - 30 * minute, 1));
    store.add(sample('lagging', clock.now - 40 * minute, 2));
    const rebuilt = await hour();
    expect(
      rebuilt.map((series) => series.server),
      'after the rebuild',
    ).to.deep.equal(['lagging', 'main']);
  });

  it('reads settled buckets once: a chart asking for the same week again reads the last minutes only', async function () {
    const store = new Samples();
    const clock = { now: Date.UTC(2026, 10, 20, 12, 0, 0) };
    for (let at = clock.now - 7 * 24 * 60 * minute; at < clock.now; at += minute) store.add(sample('main', at + 7_000, 1));
    const settled = new SettledBuckets(store.read, () => clock.now);
    const week = () => settled.series(clock.now - 7 * 24 * 60 * minute, clock.now, 60);
    const first = await week();
    expect(first[0]!.points).to.have.length(7 * 24 * 60);
    expect(store.readMinutes, 'the first read covers the week').to.be.at.least(7 * 24 * 60);
    store.readMinutes = 0;
    clock.now += 30_000;
    await week();
    expect(store.readMinutes, 'then only the last minutes').to.be.below(7);
    clock.now += 10 * minute;
    store.add(sample('main', clock.now - minute, 5));
    store.readMinutes = 0;
    const later = await week();
    expect(store.readMinutes, 'ten minutes later: those ten and the unsettled ones').to.be.below(20);
    expect(later[0]!.points.at(-1)!.playersOnline).to.equal(5);
    // A sample written into the kept past makes the next read whole again.
    const at = clock.now - 3 * 24 * 60 * minute;
    store.add(sample('main', bucketStart(at, 60) + 30_000, 42));
    settled.wrote(at);
    store.readMinutes = 0;
    const again = await week();
    expect(store.readMinutes).to.be.at.least(7 * 24 * 60 - 20);
    expect(again[0]!.points.some((point) => point.playersOnline === 42)).to.equal(true);
  });
});
