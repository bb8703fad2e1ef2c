import { EventEmitter } from 'node:events';
import { expect } from 'chai';
import { eventually } from '../helpers/bots.js';
import { Board, type Standing } from '../../src/features/leaderboard/board.js';
import { PlaytimeTally } from '../../src/features/leaderboard/playtime.js';
import { LeaderboardService } from '../../src/features/leaderboard/service.js';
import { TimeSlicer } from '../../src/features/leaderboard/time-slices.js';
import type { GameEvents, GamePort } from '../../src/game/port.js';
import { CacheRegistry } from '../../src/lib/cache.js';
import type { ConnectionLogEntry, ConnectionLogStore } from '../../src/features/connections/store.js';

describe('leaderboards: ranking, caching and playtime', function () {
  it('ranks from the highest value, equal values sharing a rank (1, 2, 2, 4) in name order, with pages and anyone found off the page', async function () {
    const standings: Standing[] = [
      { key: 'e', player: 'eve', value: 5 },
      { key: 'b', player: 'Bob', value: 20 },
      { key: 'a', player: 'alice', value: 20 },
      { key: 'c', player: 'Carol', value: 30 },
      { key: 'd', player: 'dave', value: 10 },
    ];
    const board = await Board.build(standings, 0);
    expect(board.page(1, 10).map(({ rank, player, value }) => [rank, player, value])).to.deep.equal([
      [1, 'Carol', 30],
      [2, 'alice', 20],
      [2, 'Bob', 20],
      [4, 'dave', 10],
      [5, 'eve', 5],
    ]);
    expect(board.page(2, 2).map((standing) => standing.player)).to.deep.equal(['Bob', 'dave']);
    expect(board.page(4, 2)).to.deep.equal([]);
    expect(board.find('e')).to.deep.equal({ key: 'e', rank: 5, player: 'eve', value: 5 });
    expect(board.find('nobody')).to.equal(undefined);
    expect(board.size).to.equal(5);
  });

  it('ranks 50,000 standings with many ties exactly as a sort by value then name would, handing the event loop back meanwhile', async function () {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const standings: Standing[] = Array.from({ length: 50_000 }, (_, index) => ({ key: `k${index}`, player: `P${Math.floor(random() * 1e9)}`, value: Math.floor(random() * 500) }));
    const byValueThenName = (a: Standing, b: Standing) =>
      b.value - a.value || (a.player.toLowerCase() < b.player.toLowerCase() ? -1 : a.player.toLowerCase() > b.player.toLowerCase() ? 1 : 0);
    let turns = 0;
    const counting = setInterval(() => (turns += 1), 0);
    const board = await Board.build(standings, 0, new TimeSlicer(0.5));
    clearInterval(counting);
    const expected = [...standings].sort(byValueThenName);
    expect(board.page(1, 50_000).map((standing) => standing.key)).to.deep.equal(expected.map((standing) => standing.key));
    const ranks = board.page(1, 50_000).map((standing) => standing.rank);
    expect(ranks.every((rank, index) => rank === (index > 0 && expected[index - 1]!.value === expected[index]!.value ? ranks[index - 1] : index + 1))).to.equal(true);
    expect(turns, 'timers ran while it ranked').to.be.greaterThan(0);
  });

  it('serves the cached board, rebuilds it in the background past half its time to live, and builds only a missing one while asked', async function () {
    let clock = 0;
    let value = 1;
    let builds = 0;
    const caches = new CacheRegistry();
    const service = new LeaderboardService(
      caches,
      (name) =>
        name === 'balance'
          ? () => {
              builds += 1;
              return [{ key: 'a', player: 'A', value }];
            }
          : undefined,
      { ttlMs: 10_000, now: () => clock },
    );
    expect((await service.board('balance')).page(1, 1)[0]!.value).to.equal(1);
    value = 2;
    clock = 4_000;
    expect((await service.board('balance')).page(1, 1)[0]!.value, 'fresh: served as cached').to.equal(1);
    expect(builds).to.equal(1);
    clock = 6_000;
    expect((await service.board('balance')).page(1, 1)[0]!.value, 'stale: still served at once').to.equal(1);
    await eventually(() => (builds >= 2 ? true : undefined), 10_000, 'the rebuild in the background');
    // The build is synchronous; its result is cached within the promise chain that ran it, before the next turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(builds, 'rebuilt once in the background').to.equal(2);
    expect((await service.board('balance')).page(1, 1)[0]!.value).to.equal(2);
    expect(caches.get('leaderboards')!.statistics()).to.deep.include({ size: 1, hits: 3, misses: 1, ttlSeconds: 10 });
    caches.invalidate('leaderboards');
    value = 3;
    expect((await service.board('balance')).page(1, 1)[0]!.value, 'emptied: built while asked').to.equal(3);
    await service.board('nothing').then(
      () => expect.fail('no such board'),
      (error: Error) => expect(error.message).to.equal('no leaderboard nothing'),
    );
  });

  it('adds up playtime from the connection log before start and from joins and quits since, with players online counted to now', async function () {
    const minute = 60_000;
    const start = Date.parse('2026-11-23T12:00:00.000Z');
    const entry = (id: number, username: string, action: 'LOGIN' | 'LOGOUT', minutesBefore: number, success = true): ConnectionLogEntry => ({
      id,
      username,
      action,
      ipAddress: '10.0.0.1',
      success,
      timestamp: new Date(start - minutesBefore * minute).toISOString(),
    });
    // Newest first, as the log answers.
    const log = [
      entry(9, 'Alex', 'LOGIN', -5), // after start: the events count it, not the log
      entry(8, 'Steve', 'LOGOUT', 10),
      entry(7, 'Steve', 'LOGIN', 40),
      entry(6, 'Mallory', 'LOGIN', 45, false), // refused: no session
      entry(5, 'Alex', 'LOGIN', 50), // never ended before start: counts nothing
      entry(4, 'alex', 'LOGOUT', 60),
      entry(3, 'Alex', 'LOGIN', 90),
      entry(2, 'Steve', 'LOGOUT', 100),
      entry(1, 'Steve', 'LOGIN', 120),
    ];
    const store = { recent: async () => log } as unknown as ConnectionLogStore;
    const events = new EventEmitter<GameEvents>();
    let clock = start;
    const tally = new PlaytimeTally(store, { events } as unknown as GamePort, start, () => clock);
    await tally.load();
    clock = start + 5 * minute;
    events.emit('join', { player: { name: 'Alex', uuid: 'x' }, ipAddress: '10.0.0.1' });
    clock = start + 15 * minute;
    events.emit('quit', { player: { name: 'Alex', uuid: 'x' }, ipAddress: '10.0.0.1' });
    events.emit('join', { player: { name: 'Newcomer', uuid: 'n' }, ipAddress: '10.0.0.2' });
    clock = start + 17 * minute;
    const seconds = Object.fromEntries([...tally.standings()].map((standing) => [standing.key, [standing.player, standing.value]]));
    expect(seconds).to.deep.equal({
      steve: ['Steve', (20 + 30) * 60],
      alex: ['Alex', (30 + 10) * 60],
      newcomer: ['Newcomer', 2 * 60],
    });
    // The game went away: sessions end then.
    events.emit('connection', { connected: false });
    clock = start + 60 * minute;
    expect([...tally.standings()].find((standing) => standing.key === 'newcomer')!.value).to.equal(2 * 60);
  });
});
