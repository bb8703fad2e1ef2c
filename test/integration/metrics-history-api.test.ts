/**
 * GET /api/admin/metrics/history over real HTTP, on a Gatehouse with its
 * embedded game: who may read it (admins, keys with server:read), the range
 * and its bounds, buckets of known samples, the retention step, and the
 * sampler reading the game's real figures (a mineflayer bot joining shows).
 */
import { expect } from 'chai';
import type { Bot } from 'mineflayer';
import { metricsHistoryPart, type MetricsSample } from '../../src/features/metrics/store.js';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { joinBot, leave } from '../helpers/bots.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

const serviceToken = 'metrics-history-service-token-for-tests-0123456789abcdef';
const path = '/api/admin/metrics/history';
const hour = 3600_000;
const day = 24 * hour;

describe('the metrics history over HTTP', function () {
  let server: TestGatehouse;
  let playerToken: string;
  const asService = (query = '') => api(server.baseUrl, 'GET', `${path}${query}`, { token: serviceToken });
  const record = (samples: MetricsSample[]) => server.gatehouse.store.part(metricsHistoryPart).record(samples);
  const sample = (serverId: string, at: Date, figures: Partial<MetricsSample> = {}): MetricsSample => ({
    server: serverId,
    at: at.toISOString(),
    playersOnline: 1,
    ticksPerSecond: 20,
    memoryUsedBytes: null,
    memoryMaxBytes: null,
    gatehouseRssBytes: 1000,
    requests: 1,
    ...figures,
  });

  before(async function () {
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
    });
    playerToken = await registeredUser(server.gatehouse, server.baseUrl, 'plain_player', 'Plain');
  });
  after(async function () {
    await server.stop();
  });

  describe('access', function () {
    it('answers 401 without a token, 403 to a player who is not an operator, 200 to the service token', async function () {
      expect((await api(server.baseUrl, 'GET', path)).status).to.equal(401);
      const player = await api(server.baseUrl, 'GET', path, { token: playerToken });
      expect(player.status).to.equal(403);
      expect(player.body).to.include({ success: false, error: 'Admin privileges required' });
      expect((await asService()).status).to.equal(200);
    });

    it('lets in a key with server:read (as the status page does) and refuses a key without it', async function () {
      const make = async (name: string, scopes: string[]) => {
        const made = await api(server.baseUrl, 'POST', '/api/admin/keys', { token: serviceToken, body: { name, scopes } });
        expect(made.status).to.equal(201);
        return made.body.secret as string;
      };
      const charts = await make('charts', ['server:read']);
      expect((await api(server.baseUrl, 'GET', path, { token: charts })).status).to.equal(200);
      expect((await api(server.baseUrl, 'GET', '/api/server/stats', { token: charts })).status).to.equal(200);
      const refused = await api(server.baseUrl, 'GET', path, { token: await make('players only', ['players:read']) });
      expect(refused.status).to.equal(403);
      expect(refused.body).to.include({ success: false, code: 'scope_missing' });
    });
  });

  describe('the range', function () {
    const refused = async (query: string, code: string, message: RegExp) => {
      const answer = await asService(query);
      expect(answer.status, query).to.equal(400);
      // A field that failed its schema is named (`field`), so a form can show the error beside it.
      const shape = code === 'invalid_field' ? ['code', 'error', 'field', 'success'] : ['code', 'error', 'success'];
      expect(Object.keys(answer.body).sort(), query).to.deep.equal(shape);
      expect(answer.body, query).to.include({ success: false, code });
      expect(answer.body.error, query).to.match(message);
    };

    it('defaults to the last 24 hours at one minute', async function () {
      const before = Date.now();
      const answer = await asService();
      expect(answer.body).to.include({ success: true, resolution: '1m' });
      const to = Date.parse(answer.body.to);
      expect(to).to.be.within(before, Date.now());
      expect(to - Date.parse(answer.body.from)).to.equal(day);
    });

    it('chooses the finest resolution within 2,000 points a series when none is asked for', async function () {
      const to = '2026-11-24T00:00:00.000Z';
      const resolutionFor = async (spanMs: number) => (await asService(`?from=${new Date(Date.parse(to) - spanMs).toISOString()}&to=${to}`)).body.resolution;
      expect(await resolutionFor(33 * hour)).to.equal('1m');
      expect(await resolutionFor(34 * hour)).to.equal('5m');
      expect(await resolutionFor(7 * day)).to.equal('15m');
      expect(await resolutionFor(30 * day)).to.equal('1h');
      expect(await resolutionFor(365 * day)).to.equal('1d');
    });

    it('accepts a week at one minute (10,080 points) and refuses more with 400 too_many_points', async function () {
      const ok = await asService('?from=2026-11-17T00:00:00Z&to=2026-11-24T00:00:00Z&resolution=1m');
      expect(ok.status).to.equal(200);
      expect(ok.body).to.include({ from: '2026-11-17T00:00:00.000Z', to: '2026-11-24T00:00:00.000Z', resolution: '1m' });
      await refused('?from=2026-11-17T00:00:00Z&to=2026-11-24T00:01:00Z&resolution=1m', 'too_many_points', /10081 points a server, more than 10080/);
      await refused('?from=1990-01-01T00:00:00Z&to=2026-11-24T00:00:00Z', 'too_many_points', /at 1d/);
    });

    it('refuses from not before to, an unknown resolution and dates that are not dates', async function () {
      await refused('?from=2026-11-24T00:00:00Z&to=2026-11-23T00:00:00Z', 'invalid_range', /from must be before to/);
      await refused('?from=2026-11-24T00:00:00Z&to=2026-11-24T00:00:00Z', 'invalid_range', /from must be before to/);
      await refused('?resolution=2m', 'invalid_field', /resolution must be one of 1m, 5m, 15m, 1h, 1d/);
      await refused('?from=yesterday', 'invalid_field', /from must be a date and time/);
      await refused('?to=2026-13-45T99:00:00Z', 'invalid_field', /to must be a date and time/);
    });
  });

  it('answers the samples in buckets, every server by name, the empty ones left out', async function () {
    await record([
      sample('zeta', new Date('2026-11-20T10:00:00Z'), { playersOnline: 4, ticksPerSecond: 20, requests: 3 }),
      sample('zeta', new Date('2026-11-20T10:14:00Z'), { playersOnline: 6, ticksPerSecond: 19, requests: 4 }),
      sample('zeta', new Date('2026-11-20T10:45:00Z'), { playersOnline: 1, ticksPerSecond: 18, requests: 5 }),
      sample('alpha', new Date('2026-11-20T10:30:00Z'), { playersOnline: 2, memoryUsedBytes: 100, memoryMaxBytes: 400, requests: 0 }),
      sample('alpha', new Date('2026-11-20T11:00:00Z')),
    ]);
    const answer = await asService('?from=2026-11-20T10:00:00Z&to=2026-11-20T11:00:00Z&resolution=15m');
    expect(answer.body).to.deep.equal({
      success: true,
      from: '2026-11-20T10:00:00.000Z',
      to: '2026-11-20T11:00:00.000Z',
      resolution: '15m',
      servers: [
        {
          server: 'alpha',
          at: ['2026-11-20T10:30:00.000Z'],
          samples: [1],
          playersOnline: [2],
          ticksPerSecond: [20],
          memoryUsedBytes: [100],
          memoryMaxBytes: [400],
          gatehouseRssBytes: [1000],
          requests: [0],
        },
        {
          server: 'zeta',
          at: ['2026-11-20T10:00:00.000Z', '2026-11-20T10:45:00.000Z'],
          samples: [2, 1],
          playersOnline: [6, 1],
          ticksPerSecond: [19.5, 18],
          memoryUsedBytes: [null, null],
          memoryMaxBytes: [null, null],
          gatehouseRssBytes: [1000, 1000],
          requests: [7, 5],
        },
      ],
    });
  });

  it('deletes samples older than retention.metrics-history-days (7) in the retention job, and keeps the recent ones', async function () {
    expect(server.config.retention.metricsHistoryDays).to.equal(7);
    const now = Date.now();
    await record([sample('kept', new Date(now - 8 * day)), sample('kept', new Date(now - 6 * day)), sample('kept', new Date(now - hour))]);
    const report = await server.gatehouse.services.get('retention').runOnce();
    expect(report['metrics history']).to.be.at.least(1);
    const answer = await asService(`?from=${new Date(now - 9 * day).toISOString()}&to=${new Date(now).toISOString()}&resolution=1h`);
    const kept = answer.body.servers.find((series: { server: string }) => series.server === 'kept');
    expect(kept.at.map((at: string) => Math.floor((now - Date.parse(at)) / day))).to.deep.equal([6, 0]);
  });

  describe('the sampler', function () {
    let bot: Bot | undefined;
    afterEach(async function () {
      if (bot) await leave(bot);
      bot = undefined;
    });

    it("samples this server's real figures each time: a bot joining shows, and the requests answered since the last sample", async function () {
      const sampler = server.gatehouse.services.get('metricsSampler');
      const before = await sampler.sampleNow();
      expect(before).to.include({ server: 'main', playersOnline: 0, memoryUsedBytes: null, memoryMaxBytes: null });
      expect(before.ticksPerSecond).to.be.a('number').and.be.within(0, 20);
      expect(before.gatehouseRssBytes).to.be.above(10_000_000);
      bot = await joinBot((server.gatehouse.game as EmbeddedGameServer).port, 'Charted');
      for (let index = 0; index < 3; index += 1) expect((await api(server.baseUrl, 'GET', '/api/server/info')).status).to.equal(200);
      const after = await sampler.sampleNow();
      expect(after.playersOnline).to.equal(1);
      expect(after.requests).to.be.at.least(3);
      // A server keeps one sample an instant: one taken in the same millisecond replaces the last (back to back, half the pairs are).
      while (Date.now() <= Date.parse(after.at)) await new Promise((resolve) => setTimeout(resolve, 1));
      const again = await sampler.sampleNow();
      expect(again.requests).to.be.below(after.requests);
      const stats = await asService('?resolution=1m');
      const main = stats.body.servers.find((series: { server: string }) => series.server === 'main');
      const minutes = (main.at as string[]).flatMap((at, index) => (Date.parse(at) >= Date.parse(before.at) - 60_000 ? [index] : []));
      expect(Math.max(...minutes.map((index) => main.playersOnline[index] as number))).to.equal(1);
      expect(minutes.reduce((sum, index) => sum + (main.samples[index] as number), 0)).to.equal(3);
    });
  });
});
