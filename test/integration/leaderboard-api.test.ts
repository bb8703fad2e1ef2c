/**
 * GET /api/leaderboard over real HTTP: balance, jobs and playtime boards,
 * ties, pages, the caller's own rank off the page, the cache, and errors.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { connectionLogPart } from '../../src/features/connections/store.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { registeredUser } from '../helpers/accounts.js';
import { FakeGame } from '../helpers/fake-game.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';

const serviceToken = 'leaderboard-service-token-for-tests-0123456789abcdef';
const board = (entries: Array<{ rank: number; player: string; value: number; level?: number }>) =>
  entries.map(({ rank, player, value, level }) => (level === undefined ? [rank, player, value] : [rank, player, value, level]));

describe('leaderboards over HTTP', function () {
  let server: TestGatehouse;
  let game: FakeGame;
  const tokens: Record<string, string> = {};
  const players = ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'];
  const get = (who: string, query: string) => api(server.baseUrl, 'GET', `/api/leaderboard?${query}`, { token: tokens[who] ?? who });
  const service = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });

  before(async function () {
    game = new FakeGame();
    server = await startTestGatehouse((config) => (config.token = serviceToken), { game });
    for (const name of players) tokens[name] = await registeredUser(server.gatehouse, server.baseUrl, name.toLowerCase(), name);
    const balances: Record<string, number> = { Ann: 50, Bob: 30, Cat: 30, Dan: 20, Eve: 10 };
    for (const [username, amount] of Object.entries(balances))
      expect((await service('POST', '/api/admin/economy/adjust', { username, amount, reason: 'seed' })).status).to.equal(200);
    // Fay's account opens with her first look at her balance (0).
    expect((await api(server.baseUrl, 'GET', '/api/economy/balance', { token: tokens.Fay })).body.balance).to.equal(0);
  });
  after(async function () {
    await server.stop();
  });

  it('ranks balances, equal ones sharing a rank in name order, and shows the caller off the page', async function () {
    const first = await get('Fay', 'type=balance&limit=2');
    expect(first.status).to.equal(200);
    expect(first.body).to.deep.include({ success: true, type: 'balance', job: null, unit: 'money', pagination: { page: 1, limit: 2, total: 6, pages: 3 } });
    expect(board(first.body.entries)).to.deep.equal([
      [1, 'Ann', 50],
      [2, 'Bob', 30],
    ]);
    expect(first.body.you).to.deep.equal({ rank: 6, player: 'Fay', value: 0 });
    expect(Date.parse(first.body.updatedAt)).to.be.closeTo(Date.now(), 60_000);
    const second = await get('Cat', 'type=balance&limit=2&page=2');
    expect(board(second.body.entries)).to.deep.equal([
      [2, 'Cat', 30],
      [4, 'Dan', 20],
    ]);
    expect(second.body.you).to.deep.equal({ rank: 2, player: 'Cat', value: 30 });
    expect((await get('Cat', 'type=balance&page=9')).body.entries).to.deep.equal([]);
    expect((await get(serviceToken, 'type=balance')).body.you).to.equal(null);
    expect((await get('Ann', 'type=balance')).body.entries).to.have.length(6);
  });

  it('serves the cached board until it is rebuilt, lists it among the caches, and rebuilds it once emptied', async function () {
    const before = await get('Eve', 'type=balance');
    await service('POST', '/api/admin/economy/adjust', { username: 'Eve', amount: 100, reason: 'prize' });
    const cached = await get('Eve', 'type=balance');
    expect(cached.body.updatedAt).to.equal(before.body.updatedAt);
    expect(cached.body.you).to.deep.equal({ rank: 5, player: 'Eve', value: 10 });
    const stats = (await service('GET', '/api/cache/stats')).body.caches.find((cache: { name: string }) => cache.name === 'leaderboards');
    expect(stats).to.deep.include({ ttlSeconds: 30, limit: 64 });
    expect(stats.size).to.be.at.least(1);
    expect(stats.hits).to.be.at.least(1);
    const emptied = await service('POST', '/api/cache/invalidate', { cache: 'leaderboards' });
    expect(emptied.body.invalidated[0].name).to.equal('leaderboards');
    const rebuilt = await get('Eve', 'type=balance');
    expect(rebuilt.body.you).to.deep.equal({ rank: 1, player: 'Eve', value: 110 });
  });

  it("ranks a job's workers by experience with their levels", async function () {
    for (const name of ['Ann', 'Bob', 'Cat']) expect((await api(server.baseUrl, 'POST', '/api/jobs/join', { token: tokens[name], body: { job: 'miner' } })).status).to.equal(200);
    const mine = (name: string, block: string, count: number) => {
      for (let x = 0; x < count; x += 1) {
        game.events.emit('blockBroken', { player: { name, uuid: offlinePlayerUuid(name) }, gameMode: 'survival', location: { world: 'world', x, y: 30, z: name.length }, block });
      }
    };
    mine('Ann', 'stone', 30);
    mine('Bob', 'diamond_ore', 3);
    mine('Dan', 'stone', 500);
    const miners = await get('Cat', 'type=jobs&job=miner');
    expect(miners.status).to.equal(200);
    expect(miners.body).to.deep.include({ type: 'jobs', job: 'miner', unit: 'experience' });
    expect(board(miners.body.entries)).to.deep.equal([
      [1, 'Bob', 120, 2],
      [2, 'Ann', 30, 1],
      [3, 'Cat', 0, 1],
    ]);
    expect(miners.body.you).to.deep.equal({ rank: 3, player: 'Cat', value: 0, level: 1 });
    expect((await get('Dan', 'type=jobs&job=miner')).body.you, 'Dan does not work as a miner').to.equal(null);
    expect((await get('Dan', 'type=jobs&job=hunter')).body.entries).to.deep.equal([]);
  });

  it('refuses bad queries with the documented errors', async function () {
    const cases: Array<[string, number, RegExp]> = [
      ['', 400, /type is required/],
      ['type=gold', 400, /type must be one of/],
      ['type=jobs', 400, /job is required with type jobs/],
      ['type=balance&job=miner', 400, /job is only for type jobs/],
      ['type=jobs&job=baker', 404, /No job baker/],
      ['type=jobs&job=Mine!', 400, /job must be a job id/],
      ['type=balance&limit=101', 400, /limit/],
      ['type=balance&limit=0', 400, /limit/],
      ['type=balance&page=0', 400, /page/],
    ];
    for (const [query, status, message] of cases) {
      const answer = await get('Ann', query);
      expect(answer.status, query).to.equal(status);
      expect(answer.body.success).to.equal(false);
      expect(answer.body.error, query).to.match(message);
    }
    expect((await api(server.baseUrl, 'GET', '/api/leaderboard?type=balance')).status).to.equal(401);
  });
});

describe('the playtime leaderboard, from the connection log across a restart', function () {
  let dataDirectory: string;
  let server: TestGatehouse | undefined;
  before(async function () {
    dataDirectory = await temporaryDirectory('gatehouse-playtime-');
  });
  after(async function () {
    await server?.stop();
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it('adds sessions logged before the start to those played since, and counts players online up to now', async function () {
    const game = new FakeGame();
    server = await startTestGatehouse(undefined, { dataDirectory, game });
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'steve', 'Steve');
    const log = server.gatehouse.store.part(connectionLogPart);
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const entries: Array<[string, 'LOGIN' | 'LOGOUT', number]> = [
      ['Steve', 'LOGIN', 180],
      ['Steve', 'LOGOUT', 150],
      ['Alex', 'LOGIN', 140],
      ['Alex', 'LOGOUT', 130],
      ['Steve', 'LOGIN', 120],
      ['Steve', 'LOGOUT', 110],
      ['Herobrine', 'LOGIN', 100],
    ];
    for (const [username, action, minutes] of entries) await log.append({ username, action, ipAddress: '10.0.0.9', success: true, timestamp: ago(minutes) });
    await server.stop();

    const restartedGame = new FakeGame();
    server = await startTestGatehouse(undefined, { dataDirectory, game: restartedGame });
    const joinedAt = Date.now();
    restartedGame.events.emit('join', { player: { name: 'Alex', uuid: offlinePlayerUuid('Alex') }, ipAddress: '10.0.0.9' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const answer = await api(server.baseUrl, 'GET', '/api/leaderboard?type=playtime', { token });
    const secondsOnline = Math.ceil((Date.now() - joinedAt) / 1000);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.unit).to.equal('seconds');
    expect(answer.body.entries, 'a session the log never saw end counts nothing').to.have.length(2);
    const [steve, alex] = answer.body.entries;
    expect(steve).to.deep.equal({ rank: 1, player: 'Steve', value: 40 * 60 });
    expect(alex.player).to.equal('Alex');
    // Ten minutes from the log, and the seconds of the session open since the join (however slow this machine was).
    expect(alex.value).to.be.within(10 * 60 + 1, 10 * 60 + secondsOnline);
    expect(answer.body.you).to.deep.equal({ rank: 1, player: 'Steve', value: 40 * 60 });
  });
});

describe('the balance leaderboard without an economy', function () {
  let server: TestGatehouse;
  before(async function () {
    server = await startTestGatehouse((config) => (config.economy.provider = 'none'));
  });
  after(async function () {
    await server.stop();
  });

  it('answers 503 for balances, while the other boards work', async function () {
    const token = await registeredUser(server.gatehouse, server.baseUrl, 'solo', 'Solo');
    const balance = await api(server.baseUrl, 'GET', '/api/leaderboard?type=balance', { token });
    expect(balance.status).to.equal(503);
    expect(balance.body.code).to.equal('economy_unavailable');
    expect((await api(server.baseUrl, 'GET', '/api/leaderboard?type=jobs&job=hunter', { token })).status).to.equal(200);
    expect((await api(server.baseUrl, 'GET', '/api/leaderboard?type=playtime', { token })).status).to.equal(200);
  });
});
