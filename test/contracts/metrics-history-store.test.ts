/**
 * The metrics history's store part contract: samples kept across a reopen,
 * bucketed alike on every store (the peak of players, averages of gauges
 * ignoring what was not known, the largest maximum, the sum of requests),
 * the range's start inclusive and its end exclusive, every server's series
 * by name, a second sample at one instant replacing the first, and old
 * samples deleted. Every store implementation runs it (see
 * test/helpers/store-implementations.ts).
 */
import { appendFile, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { metricsHistoryPart, type MetricsHistoryStore, type MetricsSample } from '../../src/features/metrics/store.js';
import type { Store, StorePart } from '../../src/store/port.js';
import { storeImplementations, type StoreFixture } from '../helpers/store-implementations.js';

const implementations = storeImplementations('metrics_history', [metricsHistoryPart as StorePart<unknown>]);

function sample(server: string, at: string, figures: Partial<MetricsSample> = {}): MetricsSample {
  return {
    server,
    at,
    playersOnline: 3,
    ticksPerSecond: 20,
    memoryUsedBytes: 1_000,
    memoryMaxBytes: 4_000,
    gatehouseRssBytes: 50_000,
    requests: 10,
    ...figures,
  };
}

const range = (from: string, to: string, bucketSeconds: number) => ({ from: new Date(from), to: new Date(to), bucketSeconds });

for (const [name, implementation] of Object.entries(implementations)) {
  describe(`metrics history store contract: ${name}`, function () {
    let fixture: StoreFixture;
    let store: Store;
    let history: MetricsHistoryStore;
    before(async function () {
      await implementation.prepare?.(this);
    });
    beforeEach(async function () {
      fixture = await implementation.fixture();
      store = await fixture.open();
      history = store.part(metricsHistoryPart);
    });
    afterEach(async function () {
      await store.close();
      await fixture.dispose();
    });
    const reopen = async () => {
      store = await fixture.reopen(store);
      history = store.part(metricsHistoryPart);
    };

    it('buckets samples: the peak of players, averages of gauges without the unknown ones, the largest maximum, the sum of requests', async function () {
      await history.record([
        sample('main', '2026-11-24T10:00:10.000Z', { playersOnline: 2, ticksPerSecond: 20, memoryUsedBytes: 1_000, memoryMaxBytes: 4_000, gatehouseRssBytes: 100, requests: 5 }),
        sample('main', '2026-11-24T10:01:10.000Z', { playersOnline: 7, ticksPerSecond: 18.5, memoryUsedBytes: 2_001, memoryMaxBytes: 8_000, gatehouseRssBytes: 200, requests: 7 }),
        sample('main', '2026-11-24T10:02:10.000Z', { playersOnline: null, ticksPerSecond: null, memoryUsedBytes: null, memoryMaxBytes: null, gatehouseRssBytes: 301, requests: 1 }),
        sample('main', '2026-11-24T10:05:00.000Z', { playersOnline: null, ticksPerSecond: null, memoryUsedBytes: null, memoryMaxBytes: null, gatehouseRssBytes: 400, requests: 0 }),
      ]);
      const [series, ...others] = await history.series(range('2026-11-24T10:00:00.000Z', '2026-11-24T11:00:00.000Z', 300));
      expect(others).to.deep.equal([]);
      expect(series).to.deep.equal({
        server: 'main',
        points: [
          {
            at: '2026-11-24T10:00:00.000Z',
            samples: 3,
            playersOnline: 7,
            ticksPerSecond: 19.25,
            memoryUsedBytes: 1_501,
            memoryMaxBytes: 8_000,
            gatehouseRssBytes: 200,
            requests: 13,
          },
          // A bucket where the game was away throughout: nothing known of it but Gatehouse's own figures.
          {
            at: '2026-11-24T10:05:00.000Z',
            samples: 1,
            playersOnline: null,
            ticksPerSecond: null,
            memoryUsedBytes: null,
            memoryMaxBytes: null,
            gatehouseRssBytes: 400,
            requests: 0,
          },
        ],
      });
    });

    it('rounds averages alike: ticks to two decimals, bytes to whole bytes', async function () {
      await history.record([
        sample('main', '2026-11-24T10:00:00.000Z', { ticksPerSecond: 19.99, memoryUsedBytes: 1, gatehouseRssBytes: 1 }),
        sample('main', '2026-11-24T10:01:00.000Z', { ticksPerSecond: 19.98, memoryUsedBytes: 2, gatehouseRssBytes: 2 }),
        sample('main', '2026-11-24T10:02:00.000Z', { ticksPerSecond: 19.98, memoryUsedBytes: 2, gatehouseRssBytes: 2 }),
      ]);
      const [series] = await history.series(range('2026-11-24T10:00:00.000Z', '2026-11-24T10:15:00.000Z', 900));
      expect(series!.points[0]).to.deep.include({ ticksPerSecond: 19.98, memoryUsedBytes: 2, gatehouseRssBytes: 2 });
    });

    it('answers every server by name, each in time order, from inclusive and to exclusive, across days and a reopen', async function () {
      await history.record([sample('survival', '2026-11-23T23:59:00.000Z', { requests: 1 }), sample('creative', '2026-11-24T00:00:00.000Z', { requests: 2 })]);
      await history.record([sample('survival', '2026-11-24T00:01:00.000Z', { requests: 3 })]);
      // Late: recorded after a newer one, shown in its place.
      await history.record([sample('survival', '2026-11-24T00:00:30.000Z', { requests: 4 })]);
      await history.record([sample('survival', '2026-11-24T00:02:00.000Z', { requests: 5 })]);
      await reopen();
      const answer = await history.series(range('2026-11-23T23:59:00.000Z', '2026-11-24T00:02:00.000Z', 60));
      expect(answer.map((series) => [series.server, series.points.map((point) => [point.at, point.requests])])).to.deep.equal([
        ['creative', [['2026-11-24T00:00:00.000Z', 2]]],
        [
          'survival',
          [
            ['2026-11-23T23:59:00.000Z', 1],
            ['2026-11-24T00:00:00.000Z', 4],
            ['2026-11-24T00:01:00.000Z', 3],
          ],
        ],
      ]);
      const days = await history.series(range('2026-11-23T00:00:00.000Z', '2026-11-25T00:00:00.000Z', 86_400));
      expect(days.find((series) => series.server === 'survival')!.points.map((point) => [point.at, point.samples, point.requests])).to.deep.equal([
        ['2026-11-23T00:00:00.000Z', 1, 1],
        ['2026-11-24T00:00:00.000Z', 3, 12],
      ]);
      expect(await history.series(range('2026-11-25T00:00:00.000Z', '2026-11-26T00:00:00.000Z', 60))).to.deep.equal([]);
    });

    it('answers again after samples land in buckets read before: late ones, newer ones, and a range that cuts a bucket', async function () {
      const requests = async (from: string, to: string, bucketSeconds: number) =>
        (await history.series(range(from, to, bucketSeconds)))[0]!.points.map((point) => [point.at.slice(11, 16), point.samples, point.requests]);
      await history.record([
        sample('main', '2026-11-24T10:00:10.000Z', { requests: 1 }),
        sample('main', '2026-11-24T10:01:10.000Z', { requests: 2 }),
        sample('main', '2026-11-24T10:02:10.000Z', { requests: 3 }),
      ]);
      expect(await requests('2026-11-24T10:00:00.000Z', '2026-11-24T10:05:00.000Z', 60)).to.deep.equal([
        ['10:00', 1, 1],
        ['10:01', 1, 2],
        ['10:02', 1, 3],
      ]);
      await history.record([sample('main', '2026-11-24T10:00:40.000Z', { requests: 10 })]);
      expect((await requests('2026-11-24T10:00:00.000Z', '2026-11-24T10:05:00.000Z', 60))[0]).to.deep.equal(['10:00', 2, 11]);
      expect(await requests('2026-11-24T10:00:00.000Z', '2026-11-24T10:10:00.000Z', 300)).to.deep.equal([['10:00', 4, 16]]);
      await history.record([sample('main', '2026-11-24T10:06:00.000Z', { requests: 4 })]);
      expect(await requests('2026-11-24T10:00:00.000Z', '2026-11-24T10:10:00.000Z', 300)).to.deep.equal([
        ['10:00', 4, 16],
        ['10:05', 1, 4],
      ]);
      await history.record([sample('main', '2026-11-24T10:03:00.000Z', { requests: 5 })]);
      expect(await requests('2026-11-24T10:00:00.000Z', '2026-11-24T10:10:00.000Z', 300)).to.deep.equal([
        ['10:00', 5, 21],
        ['10:05', 1, 4],
      ]);
      // Only the samples from 10:00:30 count in the first bucket, though the whole bucket was read before.
      expect(await requests('2026-11-24T10:00:30.000Z', '2026-11-24T10:10:00.000Z', 300)).to.deep.equal([
        ['10:00', 4, 20],
        ['10:05', 1, 4],
      ]);
      expect(await requests('2026-11-24T10:00:00.000Z', '2026-11-24T10:06:00.000Z', 300)).to.deep.equal([['10:00', 5, 21]]);
    });

    it('keeps one sample a server and instant: a second replaces the first', async function () {
      await history.record([sample('main', '2026-11-24T10:00:00.000Z', { requests: 1 }), sample('other', '2026-11-24T10:00:00.000Z', { requests: 2 })]);
      await history.record([sample('main', '2026-11-24T10:00:00.000Z', { requests: 9 })]);
      await reopen();
      const answer = await history.series(range('2026-11-24T10:00:00.000Z', '2026-11-24T10:01:00.000Z', 60));
      expect(answer.map((series) => [series.server, series.points[0]!.samples, series.points[0]!.requests])).to.deep.equal([
        ['main', 1, 9],
        ['other', 1, 2],
      ]);
    });

    it('deletes samples past the cutoff and keeps the recent ones, across a reopen', async function () {
      await history.record([
        sample('main', '2026-11-10T12:00:00.000Z'),
        sample('main', '2026-11-11T12:00:00.000Z'),
        sample('main', '2026-11-23T12:00:00.000Z'),
        sample('main', '2026-11-24T12:00:00.000Z'),
      ]);
      expect(await history.deleteBefore(new Date('2026-11-17T12:00:00.000Z'))).to.equal(2);
      const days = async () =>
        (await history.series(range('2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', 86_400))).flatMap((series) => series.points.map((point) => point.at.slice(0, 10)));
      expect(await days()).to.deep.equal(['2026-11-23', '2026-11-24']);
      await reopen();
      expect(await days()).to.deep.equal(['2026-11-23', '2026-11-24']);
      expect(await history.deleteBefore(new Date('2026-11-17T12:00:00.000Z'))).to.equal(0);
    });

    if (name === 'JSON files') {
      it('writes a JSON line a sample in a file a UTC day, and cuts off a line torn by a crash', async function () {
        await history.record([sample('main', '2026-11-23T23:59:00.000Z'), sample('main', '2026-11-24T00:00:00.000Z', { requests: 3 })]);
        const directory = path.join(fixture.directory!, 'metrics-history');
        expect((await readdir(directory)).sort()).to.deep.equal(['2026-11-23.jsonl', '2026-11-24.jsonl']);
        expect(JSON.parse(await readFile(path.join(directory, '2026-11-24.jsonl'), 'utf8'))).to.deep.equal(sample('main', '2026-11-24T00:00:00.000Z', { requests: 3 }));
        await store.close();
        await appendFile(path.join(directory, '2026-11-24.jsonl'), '{"server":"main","at":"2026-11-24T00:0');
        store = await fixture.open();
        history = store.part(metricsHistoryPart);
        await history.record([sample('main', '2026-11-24T00:01:00.000Z', { requests: 4 })]);
        const lines = (await readFile(path.join(directory, '2026-11-24.jsonl'), 'utf8')).trimEnd().split('\n');
        expect(lines.map((line) => JSON.parse(line).requests)).to.deep.equal([3, 4]);
      });
    }
  });
}
