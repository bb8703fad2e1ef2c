/** The one cache class (src/lib/cache.ts): bounded, least recently used out first, entries with a time to live, counted. */
import { expect } from 'chai';
import { Cache } from '../../src/lib/cache.js';

describe('Cache', function () {
  it('keeps at most its limit, the least recently used going first, and a key read often never goes', function () {
    const cache = new Cache<string, number>('test', 'a test cache', { limit: 10 });
    cache.set('hot', 0);
    for (let index = 0; index < 1000; index += 1) {
      cache.set(`cold-${index}`, index);
      expect(cache.get('hot'), `after ${index + 1} other puts`).to.equal(0);
    }
    expect(cache.statistics()).to.include({ size: 10, limit: 10, evictions: 991, hits: 1000, misses: 0 });
    // The nine newest cold keys are there; older ones went, oldest first.
    expect(cache.get('cold-999')).to.equal(999);
    expect(cache.get('cold-991')).to.equal(991);
    expect(cache.get('cold-989')).to.equal(undefined);
  });

  it('keeps a key read once, after as many puts as half its limit, for another half of them at least', function () {
    const cache = new Cache<string, number>('test', 'a test cache', { limit: 100 });
    for (let index = 0; index < 100; index += 1) cache.set(`key-${index}`, index);
    // key-0 is the oldest: a read moves it to the newest end, so the next 99 puts evict others first.
    expect(cache.get('key-0')).to.equal(0);
    for (let index = 100; index < 150; index += 1) cache.set(`key-${index}`, index);
    expect(cache.get('key-0'), 'kept after 50 puts').to.equal(0);
    expect(cache.get('key-1'), 'never read: gone').to.equal(undefined);
  });

  it('forgets an entry at the end of its time to live, counting the miss', function () {
    const clock = { now: 1_000 };
    const cache = new Cache<string, string>('test', 'a test cache', { limit: 10, ttlMs: 500, now: () => clock.now });
    cache.set('a', 'x');
    cache.set('b', 'y', 2_000);
    clock.now += 499;
    expect(cache.get('a')).to.equal('x');
    clock.now += 1;
    expect(cache.get('a')).to.equal(undefined);
    expect(cache.get('b'), 'its own time to live').to.equal('y');
    expect(cache.statistics()).to.include({ size: 1, hits: 2, misses: 1, ttlSeconds: 0.5 });
    expect(cache.clear()).to.equal(1);
    expect(cache.statistics().size).to.equal(0);
  });
});
