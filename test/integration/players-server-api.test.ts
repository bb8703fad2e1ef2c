import { expect } from 'chai';
import { registeredUser } from '../helpers/accounts.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { parsePrometheusText } from '../helpers/prometheus.js';

const serviceToken = 'players-service-token-for-tests-0123456789abcdef';

describe('whitelist, players, server, cache and metrics over HTTP', function () {
  let server: TestGatehouse;
  let player: string;
  before(async function () {
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      config.metrics.enabled = true;
    });
    player = await registeredUser(server.gatehouse, server.baseUrl, 'wanda', 'Wanda');
  });
  after(async function () {
    await server.stop();
  });
  const asService = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });
  const asPlayer = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: player, body });

  describe('access rules', function () {
    it('keeps whitelist changes, the whitelist, cache and server stats to admins; the rest to logged-in users; server info public', async function () {
      const admin: Array<[string, string, unknown?]> = [
        ['GET', '/api/whitelist'],
        ['POST', '/api/whitelist/add', { username: 'X' }],
        ['POST', '/api/whitelist/remove', { username: 'X' }],
        ['GET', '/api/cache/stats'],
        ['POST', '/api/cache/invalidate', {}],
        ['GET', '/api/server/stats'],
      ];
      for (const [method, urlPath, body] of admin) {
        expect((await api(server.baseUrl, method, urlPath, { body })).status, `${urlPath} anonymous`).to.equal(401);
        expect((await asPlayer(method, urlPath, body)).status, `${urlPath} player`).to.equal(403);
      }
      for (const urlPath of ['/api/whitelist/check', '/api/players', '/api/player/inventory', '/api/player/maps']) {
        expect((await api(server.baseUrl, 'GET', urlPath)).status, `${urlPath} anonymous`).to.equal(401);
      }
      expect((await api(server.baseUrl, 'GET', '/api/server/info')).status).to.equal(200);
    });
  });

  describe('whitelist', function () {
    it('adds (once: changed false the second time), lists with linked accounts, checks and removes (404 when absent), audited', async function () {
      const added = await asService('POST', '/api/whitelist/add', { username: 'Wanda' });
      expect(added.body).to.deep.include({ success: true, changed: true });
      expect((await asService('POST', '/api/whitelist/add', { username: 'wanda' })).body.changed).to.equal(false);
      await asService('POST', '/api/whitelist/add', { username: 'Zed' });
      const listed = await asService('GET', '/api/whitelist');
      expect(listed.body.enabled).to.equal(false);
      expect(listed.body.entries).to.deep.include.members([
        { name: 'Wanda', uuid: listed.body.entries.find((entry: { name: string }) => entry.name === 'Wanda').uuid, account: 'wanda' },
      ]);
      expect(listed.body.entries.find((entry: { name: string }) => entry.name === 'Zed').account).to.equal(null);
      expect(listed.body.pagination).to.deep.include({ page: 1, limit: 20, total: 2 });
      expect((await asPlayer('GET', '/api/whitelist/check')).body).to.deep.equal({ success: true, username: 'Wanda', whitelisted: true, enabled: false });
      expect((await asPlayer('GET', '/api/auth/me')).body.isWhitelisted, 'the profile agrees').to.equal(true);
      expect((await asPlayer('GET', '/api/whitelist/check?username=Nobody')).body.whitelisted).to.equal(false);
      expect((await asService('POST', '/api/whitelist/remove', { username: 'Zed' })).body.changed).to.equal(true);
      const absent = await asService('POST', '/api/whitelist/remove', { username: 'Zed' });
      expect(absent.status).to.equal(404);
      expect((await asService('POST', '/api/whitelist/add', { username: 'not a name' })).status).to.equal(400);
      expect((await asService('GET', '/api/whitelist/check')).status, 'the service account names a player').to.equal(400);
      const audit = (await asService('GET', '/api/admin/audit')).body.entries.map((entry: { action: string }) => entry.action);
      expect(audit).to.include.members(['whitelist.add', 'whitelist.remove']);
    });
  });

  describe('players', function () {
    it('lists nobody online, and answers 404 for the inventory of a player who is not online and 403 for another player', async function () {
      expect((await asPlayer('GET', '/api/players')).body).to.deep.equal({ success: true, players: [], count: 0, max: 20 });
      expect((await asPlayer('GET', '/api/players?server=main')).body.count).to.equal(0);
      expect((await asPlayer('GET', '/api/players?server=Not%20A%20Server')).status).to.equal(400);
      expect((await asPlayer('GET', '/api/player/inventory?username=Someone')).status).to.equal(403);
      expect((await asPlayer('GET', '/api/player/maps?username=Someone')).status).to.equal(403);
      expect((await asService('GET', '/api/player/maps?username=Nobody')).status).to.equal(404);
    });

    it("answers the caller's maps: every world with its environment and spawn, offline now", async function () {
      const maps = await asPlayer('GET', '/api/player/maps');
      expect(maps.status).to.equal(200);
      expect(maps.body).to.deep.include({ username: 'Wanda', online: false, current: null });
      expect(maps.body.worlds.map((world: { name: string; environment: string }) => [world.name, world.environment])).to.deep.equal([
        ['world', 'normal'],
        ['world_nether', 'nether'],
        ['world_the_end', 'end'],
      ]);
      expect(maps.body.worlds[0].spawn).to.have.keys(['x', 'y', 'z']);
    });
  });

  describe('server', function () {
    it('tells anyone what the server is, with nothing private', async function () {
      const info = await api(server.baseUrl, 'GET', '/api/server/info');
      expect(info.body).to.deep.include({
        success: true,
        name: 'A Gatehouse server',
        server: 'main',
        gatehouse: { version: '0.1.0' },
        players: { online: 0, byServer: {}, max: 20 },
      });
      expect((await api(server.baseUrl, 'GET', '/api/server/info?server=main')).body.players.online).to.equal(0);
      expect((await api(server.baseUrl, 'GET', '/api/server/info?server=No!')).status).to.equal(400);
      // A server named like an object's own property is just a server with nobody on it (it was a 500).
      expect((await api(server.baseUrl, 'GET', '/api/server/info?server=constructor')).body.players.online).to.equal(0);
      expect(info.body.game).to.deep.equal({ connected: true, software: 'Gatehouse embedded server (flying-squid 1.12.0)', version: '1.21.4' });
      expect(info.body.worlds).to.deep.equal(['world', 'world_nether', 'world_the_end']);
      expect(info.body.economy).to.deep.equal({ provider: 'builtin', currency: '$' });
      expect(JSON.stringify(info.body)).to.not.match(/127\.0\.0\.1|\/tmp\/|token/);
    });

    it('gives the server name as plain text and, apart, the MOTD with its & colour codes as configured', async function () {
      expect((await asService('POST', '/api/admin/settings', { serverName: '&aGreen &lHouse &r& Co' })).status).to.equal(200);
      try {
        const info = await api(server.baseUrl, 'GET', '/api/server/info');
        expect(info.body).to.deep.include({ name: 'Green House & Co', motd: '&aGreen &lHouse &r& Co' });
      } finally {
        await asService('POST', '/api/admin/settings', { serverName: 'A Gatehouse server' });
      }
      expect((await api(server.baseUrl, 'GET', '/api/server/info')).body).to.deep.include({ name: 'A Gatehouse server', motd: 'A Gatehouse server' });
    });

    it('tells admins how it is doing: ticks, memory, players, requests of the last 5 minutes, store', async function () {
      for (let index = 0; index < 5; index += 1) await api(server.baseUrl, 'GET', '/api/nowhere');
      const stats = await asService('GET', '/api/server/stats');
      expect(stats.status).to.equal(200);
      expect(stats.body.ticks.oneMinute).to.be.within(10, 20);
      expect(stats.body.ticks.millisecondsPerTick).to.be.a('number');
      expect(stats.body.memory.gatehouse.rssBytes).to.be.greaterThan(10_000_000);
      expect(stats.body.memory.game, "the embedded server's memory is Gatehouse's").to.equal(null);
      expect(stats.body.players).to.deep.equal({ online: 0, byServer: {}, peakToday: 0, max: 20 });
      expect(stats.body.requests.byStatusClass['4xx']).to.be.at.least(5);
      expect(stats.body.requests.byStatusClass['2xx']).to.be.at.least(1);
      expect(stats.body.requests.p50Ms).to.be.a('number');
      expect(stats.body.store).to.deep.include({ kind: 'json' });
      expect(stats.body.store.counts.users).to.equal(1);
    });
  });

  describe('cache', function () {
    it('lists the caches with their counters, and empties one by name or all, audited', async function () {
      await asPlayer('GET', '/api/auth/me');
      await asPlayer('GET', '/api/auth/me');
      const stats = await asService('GET', '/api/cache/stats');
      const tokens = stats.body.caches.find((cache: { name: string }) => cache.name === 'verified-tokens');
      expect(tokens.size).to.be.at.least(1);
      expect(tokens.hits).to.be.at.least(1);
      expect(tokens.hitRate).to.be.within(0, 1);
      expect(tokens.limit).to.equal(10000);
      const emptied = await asService('POST', '/api/cache/invalidate', { cache: 'verified-tokens' });
      expect(emptied.body.invalidated).to.deep.equal([{ name: 'verified-tokens', entries: tokens.size }]);
      expect((await asService('GET', '/api/cache/stats')).body.caches.find((cache: { name: string }) => cache.name === 'verified-tokens').size).to.equal(0);
      expect((await asPlayer('GET', '/api/auth/me')).status, 'tokens still work after the cache is emptied').to.equal(200);
      expect((await asService('POST', '/api/cache/invalidate', { cache: 'nope' })).status).to.equal(404);
      expect((await asService('POST', '/api/cache/invalidate', {})).body.invalidated.length).to.equal(stats.body.caches.length);
      expect((await asService('GET', '/api/admin/audit')).body.entries[0].action).to.equal('cache.invalidate');
    });
  });

  describe('metrics', function () {
    it('serves the Prometheus text format to the service token only, parsed strictly', async function () {
      expect((await api(server.baseUrl, 'GET', '/metrics')).status).to.equal(403);
      expect((await api(server.baseUrl, 'GET', '/metrics', { token: player })).status).to.equal(403);
      const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${serviceToken}` } });
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('text/plain; version=0.0.4; charset=utf-8');
      const families = parsePrometheusText(await response.text());
      expect(families.get('gatehouse_players_online')!.samples[0]!.value).to.equal(0);
      expect(families.get('gatehouse_game_connected')!.samples[0]!.value).to.equal(1);
      const ticks = families.get('gatehouse_ticks_per_second')!.samples.map((sample) => sample.labels.window);
      expect(ticks).to.deep.equal(['1m', '5m', '15m']);
      const requests = families.get('gatehouse_http_requests_total')!;
      expect(requests.type).to.equal('counter');
      expect(requests.samples.find((sample) => sample.labels.route === 'GET /api/auth/me' && sample.labels.status === '200')!.value).to.be.at.least(3);
      expect(families.get('gatehouse_http_request_duration_seconds')!.type).to.equal('histogram');
      expect(families.has('gatehouse_economy_money')).to.equal(true);
    });

    it('is a 404 when metrics.enabled is off, and needs no token from an allowed address', async function () {
      const off = await startTestGatehouse();
      try {
        expect((await api(off.baseUrl, 'GET', '/metrics')).status).to.equal(404);
      } finally {
        await off.stop();
      }
      const open = await startTestGatehouse((config) => {
        config.metrics = { enabled: true, allowedAddresses: ['127.0.0.1'] };
      });
      try {
        const response = await fetch(`${open.baseUrl}/metrics`);
        expect(response.status).to.equal(200);
        parsePrometheusText(await response.text());
      } finally {
        await open.stop();
      }
    });
  });
});
