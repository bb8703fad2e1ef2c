import { expect } from 'chai';
import { connectionLogPart } from '../../src/features/connections/store.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually } from '../helpers/bots.js';
import { FakeGame } from '../helpers/fake-game.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

const serviceToken = 'admin-test-service-token-for-tests-0123456789abcdef';

describe('admin endpoints over HTTP', function () {
  let server: TestGatehouse;
  let playerToken: string;
  let operatorToken: string;
  const asService = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });

  before(async function () {
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
    });
    playerToken = await registeredUser(server.gatehouse, server.baseUrl, 'plain_player', 'Plain');
    operatorToken = await registeredUser(server.gatehouse, server.baseUrl, 'the_operator', 'Operator');
    await server.gatehouse.game.operators.setOperator('Operator', true);
  });
  after(async function () {
    await server.stop();
  });

  describe('access', function () {
    // Read from the route list the features declare, so a new admin route is checked without editing this test.
    const adminRoutes = () =>
      server.gatehouse.routes.filter((route) => route.access === 'admin').map((route) => [route.method, route.path.replace(/:\w+/g, '1'), route.body ? {} : undefined] as const);

    it('answers 401 without a token and 403 to a player who is not an operator, on every admin route', async function () {
      expect(adminRoutes().length).to.be.at.least(16);
      for (const [method, urlPath, body] of adminRoutes()) {
        const anonymous = await api(server.baseUrl, method, urlPath, { body });
        expect(anonymous.status, `${method} ${urlPath}`).to.equal(401);
        const player = await api(server.baseUrl, method, urlPath, { body, token: playerToken });
        expect(player.status, `${method} ${urlPath}`).to.equal(403);
        expect(player.body).to.include({ success: false, error: 'Admin privileges required' });
      }
    });

    it('lets an operator and the service token in, and shuts a de-opped operator out at once', async function () {
      expect((await api(server.baseUrl, 'GET', '/api/admin/settings', { token: operatorToken })).status).to.equal(200);
      expect((await asService('GET', '/api/admin/settings')).status).to.equal(200);
      await server.gatehouse.game.operators.setOperator('Operator', false);
      expect((await api(server.baseUrl, 'GET', '/api/admin/settings', { token: operatorToken })).status).to.equal(403);
      await server.gatehouse.game.operators.setOperator('Operator', true);
      expect((await api(server.baseUrl, 'GET', '/api/admin/settings', { token: operatorToken })).status).to.equal(200);
    });
  });

  describe('settings', function () {
    it('returns the nested settings with the configured defaults, none overridden', async function () {
      const response = await asService('GET', '/api/admin/settings');
      const configured = {
        serverName: 'A Gatehouse server',
        maxPlayers: 20,
        difficulty: 'normal',
        gameMode: 'survival',
        pvpEnabled: true,
        whitelist: { enabled: false, autoApprove: false },
        notifications: { unregisteredInterval: 10, enabled: true },
        chat: { enabled: false, webhookUrl: '' },
        economy: { currencySymbol: '$', startingBalance: 0 },
      };
      expect(response.body).to.deep.equal({ success: true, settings: configured, overridden: [], defaults: configured });
    });

    it('changes only the supplied keys, nested ones included, and lists them as dotted paths', async function () {
      const response = await api(server.baseUrl, 'POST', '/api/admin/settings', {
        token: operatorToken,
        body: { maxPlayers: 42, economy: { currencySymbol: '€' }, notifications: { enabled: false } },
      });
      expect(response.status).to.equal(200);
      expect(response.body.success).to.equal(true);
      expect(response.body.updated).to.deep.equal(['maxPlayers', 'economy.currencySymbol', 'notifications.enabled']);
      expect(response.body.appliedInGame).to.deep.equal(['maxPlayers']);
      const { settings } = (await asService('GET', '/api/admin/settings')).body;
      expect(settings.maxPlayers).to.equal(42);
      expect(settings.economy).to.deep.equal({ currencySymbol: '€', startingBalance: 0 });
      expect(settings.notifications).to.deep.equal({ unregisteredInterval: 10, enabled: false });
      expect((await api(server.baseUrl, 'GET', '/api/economy/symbol')).body.symbol).to.equal('€');
      const [audit] = (await asService('GET', '/api/admin/audit?limit=1')).body.entries;
      expect(audit).to.deep.include({ actor: 'the_operator', ipAddress: '127.0.0.1', action: 'settings.update' });
      expect(audit.details.before).to.deep.equal({ maxPlayers: 20, 'economy.currencySymbol': '$', 'notifications.enabled': true });
    });

    it('refuses unknown keys, wrong types and out-of-range values with a 400 naming the field, changing nothing', async function () {
      const before = (await asService('GET', '/api/admin/settings')).body.settings;
      const cases: Array<[unknown, RegExp]> = [
        [{ maxPlayer: 5 }, /maxPlayer is not a known field/],
        [{ chat: { enabled: true, hook: 'x' } }, /chat\.hook is not a known field/],
        [{ maxPlayers: '10' }, /maxPlayers must be an integer/],
        [{ maxPlayers: 0 }, /maxPlayers must be at least 1/],
        [{ maxPlayers: 10001 }, /maxPlayers must be at most 10000/],
        [{ maxPlayers: 2.5 }, /maxPlayers must be an integer/],
        [{ difficulty: 'brutal' }, /difficulty must be one of peaceful, easy, normal, hard/],
        [{ gameMode: 'hardcore' }, /gameMode must be one of survival, creative, adventure, spectator/],
        [{ pvpEnabled: 'yes' }, /pvpEnabled must be a boolean/],
        [{ whitelist: true }, /whitelist must be an object/],
        [{ chat: { webhookUrl: 'ftp://example.com/hook' } }, /chat\.webhookUrl must be an http or https URL, or empty/],
        [{ chat: { webhookUrl: 'not a url' } }, /chat\.webhookUrl must be an http or https URL/],
        [{ economy: { startingBalance: -1 } }, /economy\.startingBalance must be at least 0/],
        [{ economy: { startingBalance: 100_000_000_000.01 } }, /economy\.startingBalance must be at most 100000000000/],
        [{ notifications: { unregisteredInterval: 0 } }, /notifications\.unregisteredInterval must be at least 1/],
        [{ serverName: '' }, /serverName must not be empty/],
        [{ difficulty: 'hard', maxPlayers: -3 }, /maxPlayers must be at least 1/],
        [[1, 2], /body must be an object/],
      ];
      for (const [body, message] of cases) {
        const response = await asService('POST', '/api/admin/settings', body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body.success).to.equal(false);
        expect(response.body.error, JSON.stringify(body)).to.match(message);
      }
      expect((await asService('GET', '/api/admin/settings')).body.settings).to.deep.equal(before);
    });

    it('puts new web accounts on the whitelist while whitelist.autoApprove is on', async function () {
      await asService('POST', '/api/admin/settings', { whitelist: { autoApprove: true } });
      await registeredUser(server.gatehouse, server.baseUrl, 'approved_one', 'ApprovedOne');
      await asService('POST', '/api/admin/settings', { whitelist: { autoApprove: false } });
      await registeredUser(server.gatehouse, server.baseUrl, 'not_approved', 'NotApproved');
      const whitelist = server.gatehouse.game.require('whitelist');
      await eventually(async () => ((await whitelist.isWhitelisted('ApprovedOne')) ? true : undefined), 15_000, 'ApprovedOne on the whitelist');
      expect(await whitelist.isWhitelisted('NotApproved')).to.equal(false);
    });

    it('accepts an empty change and an empty webhook URL', async function () {
      expect((await asService('POST', '/api/admin/settings', {})).body).to.deep.include({ success: true, updated: [] });
      expect((await asService('POST', '/api/admin/settings', { chat: { webhookUrl: '' } })).body.updated).to.deep.equal(['chat.webhookUrl']);
    });
  });

  describe('users', function () {
    it('lists web accounts with id and lastLogin, paginated, searchable', async function () {
      const first = await asService('GET', '/api/admin/users');
      expect(first.status).to.equal(200);
      expect(first.body.pagination).to.deep.include({ page: 1, limit: 50 });
      expect(first.body.pagination.total).to.equal(first.body.users.length);
      const operator = first.body.users.find((user: { username: string }) => user.username === 'the_operator');
      expect(operator).to.include({ gameUsername: 'Operator', isAdmin: true, isWhitelisted: false, email: 'the_operator@example.com' });
      expect(operator.id).to.be.a('number');
      expect(operator.lastLogin).to.match(/Z$/);
      expect(operator).to.not.have.property('passwordHash');

      const searched = await asService('GET', '/api/admin/users?search=PLAIN');
      expect(searched.body.users.map((user: { username: string }) => user.username)).to.deep.equal(['plain_player']);
      const paged = await asService('GET', '/api/admin/users?page=2&limit=1');
      expect(paged.body.pagination).to.deep.equal({ page: 2, limit: 1, total: first.body.pagination.total, pages: first.body.pagination.total });
      expect(paged.body.users).to.have.length(1);
    });

    it('answers an empty list as one empty page', async function () {
      const none = await asService('GET', '/api/admin/users?search=nobody-has-this-name');
      expect(none.body.users).to.deep.equal([]);
      expect(none.body.pagination).to.deep.equal({ page: 1, limit: 50, total: 0, pages: 1 });
    });

    it('answers 400 for a bad page or limit', async function () {
      for (const query of ['limit=101', 'limit=0', 'page=0', 'page=abc', 'limit=1&limit=2']) {
        const response = await asService('GET', `/api/admin/users?${query}`);
        expect(response.status, query).to.equal(400);
        expect(response.body.error).to.match(/(page|limit) must/);
      }
    });
  });

  describe('connections', function () {
    it('answers newest first in the given shape, filtered by username, and refuses limit over 500', async function () {
      const log = server.gatehouse.store.part(connectionLogPart);
      await log.append({ username: 'Ann', action: 'LOGIN', ipAddress: '10.0.0.1', timestamp: '2026-11-20T10:00:00.000Z', success: true });
      await log.append({ username: 'Bob', action: 'LOGIN', ipAddress: '10.0.0.2', timestamp: '2026-11-21T10:00:00.000Z', success: false, reason: 'The server is full!' });
      await log.append({ username: 'Ann', action: 'LOGOUT', ipAddress: '10.0.0.1', timestamp: '2026-11-21T11:00:00.000Z', success: true });
      const all = await asService('GET', '/api/admin/connections');
      expect(all.body.connections.map((entry: { username: string; action: string }) => `${entry.username} ${entry.action}`)).to.deep.equal([
        'Ann LOGOUT',
        'Bob LOGIN',
        'Ann LOGIN',
      ]);
      expect(all.body.connections[1]).to.deep.equal({
        id: all.body.connections[1].id,
        username: 'Bob',
        action: 'LOGIN',
        ipAddress: '10.0.0.2',
        timestamp: '2026-11-21T10:00:00.000Z',
        success: false,
        reason: 'The server is full!',
      });
      const ann = await asService('GET', '/api/admin/connections?username=ann&limit=1');
      expect(ann.body.connections).to.have.length(1);
      expect(ann.body.connections[0]).to.include({ username: 'Ann', action: 'LOGOUT' });
      expect((await asService('GET', '/api/admin/connections?limit=501')).status).to.equal(400);
    });
  });

  describe('messages and restarts without players', function () {
    it('answers 404 for a message to a player who is not online and 400 for a missing field', async function () {
      const offline = await asService('POST', '/api/admin/messages/send', { username: 'Nobody', message: 'hello' });
      expect(offline.status).to.equal(404);
      expect(offline.body.error).to.match(/Nobody is not online/);
      for (const body of [{ message: 'x' }, { username: 'Someone' }, { username: 'Someone', message: '' }]) {
        expect((await asService('POST', '/api/admin/messages/send', body)).status, JSON.stringify(body)).to.equal(400);
      }
    });

    it('refuses an announcement that expired already or whose expiry is not a timestamp', async function () {
      expect((await asService('POST', '/api/admin/messages', { content: 'old', expiresAt: '2020-01-01T00:00:00Z' })).body.error).to.match(/future/);
      expect((await asService('POST', '/api/admin/messages', { content: 'x', expiresAt: 'tomorrow' })).status).to.equal(400);
      expect((await asService('POST', '/api/admin/messages', { content: '' })).status).to.equal(400);
    });

    it('validates restart delays, and answers 404 when cancelling nothing', async function () {
      for (const body of [{}, { delay: -1 }, { delay: 86401 }, { delay: 1.5 }, { delay: '10' }, { delay: 10, reason: 5 }]) {
        expect((await asService('POST', '/api/admin/restart', body)).status, JSON.stringify(body)).to.equal(400);
      }
      expect((await asService('GET', '/api/admin/restart')).body).to.deep.equal({ success: true, restart: null });
      const cancel = await asService('DELETE', '/api/admin/restart');
      expect(cancel.status).to.equal(404);
      expect(cancel.body.error).to.equal('No restart is scheduled');
    });

    it('answers 400 to the webhook test while no webhook is configured', async function () {
      const response = await asService('POST', '/api/admin/chat/test');
      expect(response.status).to.equal(400);
      expect(response.body.error).to.match(/No chat webhook is configured/);
    });
  });
});

describe('while the game is away', function () {
  it('answers 503 to admin requests of players (operator status cannot be checked), lets the service token in, and health says degraded', async function () {
    // A game double: the point is the game going away, which the embedded server never does.
    const game = new FakeGame();
    const server = await startTestGatehouse((config) => (config.token = serviceToken), { game });
    try {
      const token = await registeredUser(server.gatehouse, server.baseUrl, 'away_admin', 'AwayAdmin');
      await game.operators.setOperator('AwayAdmin', true);
      expect((await api(server.baseUrl, 'GET', '/api/admin/settings', { token })).status).to.equal(200);
      game.connected = false;
      const away = await api(server.baseUrl, 'GET', '/api/admin/settings', { token });
      expect(away.status).to.equal(503);
      expect(away.body).to.include({ success: false, code: 'game_unavailable' });
      expect((await api(server.baseUrl, 'GET', '/api/admin/settings', { token: serviceToken })).status).to.equal(200);
      const health = await api(server.baseUrl, 'GET', '/api/health');
      expect(health.body).to.include({ status: 'degraded' });
      expect(health.body.game).to.deep.equal({ connected: false, adapter: 'fake' });
      const me = await api(server.baseUrl, 'GET', '/api/auth/me', { token });
      expect(me.status, 'accounts keep working').to.equal(200);
    } finally {
      await server.stop();
    }
  });
});
