/**
 * What an API key may reach, over real HTTP, on both stores: personal data
 * (addresses, positions, e-mail) only with personal:read; rotation and
 * revocation only of what the key could have made, the rotated key ending
 * with it; X-API-Key for keys only; the audit log naming the acting key by
 * id and name; the error a key gets for a missing username.
 */
import { expect } from 'chai';
import { auditLogPart } from '../../src/features/audit/store.js';
import type { Bot } from 'mineflayer';
import type { EmbeddedGameServer } from '../../src/game/embedded/adapter.js';
import type { NetworkGame } from '../../src/network/network-game.js';
import { adminAccount } from '../helpers/portal-admin.js';
import { eventually, joinBot, leave } from '../helpers/bots.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { requirePostgres, uniquePrefix } from '../helpers/postgres.js';

const serviceToken = 'keys-limits-service-token-for-tests-0123456789abcdef';

/** Every route that can answer an address, a position or an e-mail, and the fields that carry them. */
const personalRoutes: Array<{ path: string; fields: (body: any) => unknown[] }> = [
  { path: '/api/players', fields: (body) => body.players.flatMap((player: any) => [player.ipAddress, player.location]) },
  { path: '/api/player/maps?username=Walker', fields: (body) => [body.current, ...body.worlds.map((world: any) => world.lastSeen)] },
  { path: '/api/admin/connections', fields: (body) => body.connections.map((entry: any) => entry.ipAddress) },
  { path: '/api/admin/teleports', fields: (body) => body.teleports.flatMap((teleport: any) => [teleport.from, teleport.to]) },
  { path: '/api/admin/users', fields: (body) => body.users.map((user: any) => user.email) },
  {
    path: '/api/admin/audit?limit=500',
    fields: (body) => body.entries.flatMap((entry: any) => [entry.ipAddress, entry.details.x, entry.details.y, entry.details.z]),
  },
  { path: '/api/admin/keys?limit=100', fields: (body) => body.keys.map((key: any) => key.lastUsedFrom) },
];

for (const storeName of ['JSON files', 'PostgreSQL'] as const) {
  describe(`what an API key may reach, over HTTP (${storeName})`, function () {
    this.timeout(90_000);
    let server: TestGatehouse;
    let bot: Bot;
    let operatorToken: string;
    const asService = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });
    const withKey = (secret: string, method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: secret, body });
    const makeKey = async (body: Record<string, unknown>) => {
      const made = await asService('POST', '/api/admin/keys', body);
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      return made.body as { key: { id: string; name: string }; secret: string };
    };

    before(async function () {
      const postgres = storeName === 'PostgreSQL' ? await requirePostgres(this) : undefined;
      server = await startTestGatehouse((config) => {
        config.token = serviceToken;
        if (postgres) {
          config.storage.type = 'postgresql';
          config.storage.postgresql = postgres.settings(uniquePrefix('keys_limits'), 5);
        }
      });
      // On PostgreSQL the game is the network's, around this instance's own embedded server.
      const game = postgres ? (server.gatehouse.game as NetworkGame).local : server.gatehouse.game;
      bot = await joinBot((game as EmbeddedGameServer).port, 'Walker');
      const boss = await adminAccount(server, 'boss', 'Boss');
      operatorToken = (await api(server.baseUrl, 'POST', '/api/auth/login', { body: boss })).body.token;
      // A teleport: the teleport log and the audit log then hold positions and addresses.
      const moved = await asService('POST', '/api/admin/teleport-coordinates', { player: 'Walker', world: 'world', x: 12.5, y: 70, z: -3.5 });
      expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
      await eventually(async () => ((await asService('GET', '/api/admin/connections')).body.connections.length > 0 ? true : undefined), 10_000, 'the login in the log');
    });
    after(async function () {
      if (bot) await leave(bot);
      await server?.stop();
    });

    it('shows addresses, positions and e-mail to a key only with personal:read, on every route that has them', async function () {
      const scopes = ['players:read', 'players:write', 'users:read', 'audit:read', 'keys:read'];
      const plain = await makeKey({ name: 'no personal data', scopes });
      // Used once, so that the key list has an address to show.
      await withKey(plain.secret, 'GET', '/api/players');
      await eventually(
        async () => ((await asService('GET', `/api/admin/keys/${plain.key.id}`)).body.key.lastUsedFrom !== null ? true : undefined),
        10_000,
        'the key’s use recorded',
      );
      const leaks: string[] = [];
      for (const { path, fields } of personalRoutes) {
        const hidden = await withKey(plain.secret, 'GET', path);
        expect(hidden.status, `${path}: ${JSON.stringify(hidden.body)}`).to.equal(200);
        const shown = fields(hidden.body).filter((value) => value !== undefined);
        if (shown.length > 0) leaks.push(`${path}: ${JSON.stringify(shown).slice(0, 80)}`);
      }
      expect(leaks, 'personal data a key without personal:read got').to.deep.equal([]);
      const personal = await makeKey({ name: 'personal data', scopes: [...scopes, 'personal:read'] });
      for (const { path, fields } of personalRoutes) {
        for (const [who, token] of [
          ['a key with personal:read', personal.secret],
          ['an operator', operatorToken],
          ['the service token', serviceToken],
        ] as const) {
          const shown = await api(server.baseUrl, 'GET', path, { token });
          expect(shown.status, `${path}, ${who}`).to.equal(200);
          expect(
            fields(shown.body).some((value) => value !== undefined && value !== null),
            `${path}, ${who}: ${JSON.stringify(shown.body)}`,
          ).to.equal(true);
        }
      }
      // A teleport's answer says where the player now is.
      const teleported = await withKey(plain.secret, 'POST', '/api/admin/teleport-coordinates', { player: 'Walker', world: 'world', x: 10.5, y: 70, z: 0.5 });
      expect(teleported.status, JSON.stringify(teleported.body)).to.equal(200);
      expect(teleported.body).to.not.have.property('location');
      const placed = await withKey(personal.secret, 'POST', '/api/admin/teleport-coordinates', { player: 'Walker', world: 'world', x: 11.5, y: 70, z: 0.5 });
      expect(placed.body.location).to.include({ world: 'world' });
    });

    it('lets the wall-dashboard key of docs/keys.md (players:read, server:read) see who is online, and nothing personal', async function () {
      const dashboard = await makeKey({ name: 'wall dashboard', scopes: ['players:read', 'server:read'] });
      const players = await withKey(dashboard.secret, 'GET', '/api/players');
      expect(players.body.players.map((player: { name: string }) => player.name)).to.include('Walker');
      expect(JSON.stringify(players.body)).to.not.include('127.0.0.1');
      for (const player of players.body.players) expect(player).to.not.have.any.keys('ipAddress', 'location');
    });

    it('lets a key rotate or revoke only what it could have made, keeps what it rotates as it was, and ends it with itself', async function () {
      const inAnHour = new Date(Date.now() + 3600_000).toISOString();
      const rotator = await makeKey({ name: 'rotator', scopes: ['keys:write', 'players:read'], expiresAt: inAnHour, rateLimit: { requests: 100, windowSeconds: 60 } });
      // A key that outlives the rotator and counts no rate: the rotator could not have made it.
      const unlimited = await makeKey({ name: 'unlimited', scopes: ['players:read'] });
      const refused = await withKey(rotator.secret, 'POST', `/api/admin/keys/${unlimited.key.id}/rotate`);
      expect([refused.status, refused.body.code], JSON.stringify(refused.body)).to.deep.equal([403, 'key_limit_exceeded']);
      expect((await withKey(unlimited.secret, 'GET', '/api/players')).status, 'its secret unchanged').to.equal(200);
      const notRevoked = await withKey(rotator.secret, 'DELETE', `/api/admin/keys/${unlimited.key.id}`);
      expect([notRevoked.status, notRevoked.body.code]).to.deep.equal([403, 'key_limit_exceeded']);
      const looser = await makeKey({ name: 'looser', scopes: ['players:read'], expiresAt: inAnHour, rateLimit: { requests: 1000, windowSeconds: 60 } });
      expect((await withKey(rotator.secret, 'POST', `/api/admin/keys/${looser.key.id}/rotate`)).body.code).to.equal('key_limit_exceeded');

      // One it could have made: rotated, it keeps its scopes, expiry and rate, and lives only while the rotator does.
      const inHalfAnHour = new Date(Date.now() + 1800_000).toISOString();
      const within = await makeKey({ name: 'within', scopes: ['players:read'], expiresAt: inHalfAnHour, rateLimit: { requests: 50, windowSeconds: 60 } });
      const rotated = await withKey(rotator.secret, 'POST', `/api/admin/keys/${within.key.id}/rotate`);
      expect(rotated.status, JSON.stringify(rotated.body)).to.equal(200);
      expect(rotated.body.key).to.deep.include({ scopes: ['players:read'], expiresAt: inHalfAnHour, rateLimit: { requests: 50, windowSeconds: 60 } });
      expect((await withKey(rotated.body.secret, 'GET', '/api/players')).status).to.equal(200);
      expect((await asService('DELETE', `/api/admin/keys/${rotator.key.id}`)).status).to.equal(200);
      const orphan = await withKey(rotated.body.secret, 'GET', '/api/players');
      expect([orphan.status, orphan.body.code], 'the rotated secret after the rotator was revoked').to.deep.equal([401, 'key_revoked']);

      // Rotated by an admin, a key keeps its expiry and rate too.
      const byService = await asService('POST', `/api/admin/keys/${looser.key.id}/rotate`);
      expect(byService.body.key).to.deep.include({ expiresAt: inAnHour, rateLimit: { requests: 1000, windowSeconds: 60 } });
    });

    it('takes only API keys in X-API-Key: a login token or the service token there is a 401 saying where it goes', async function () {
      const player = (await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username: 'boss', password: 'admin-pass-1' } })).body.token as string;
      for (const [what, token] of [
        ['the service token', serviceToken],
        ["an operator's login token", player],
      ] as const) {
        const refused = await api(server.baseUrl, 'GET', '/api/admin/settings', { headers: { 'x-api-key': token } });
        expect([refused.status, refused.body.code], `${what}: ${JSON.stringify(refused.body)}`).to.deep.equal([401, 'not_an_api_key']);
        expect(refused.body.error).to.include('Authorization: Bearer');
      }
      const { secret } = await makeKey({ name: 'by header', scopes: ['settings:read'] });
      expect((await api(server.baseUrl, 'GET', '/api/admin/settings', { headers: { 'x-api-key': secret } })).status).to.equal(200);
      // A client that keeps Authorization for something else (a proxy's login) sends its key beside it.
      const beside = await api(server.baseUrl, 'GET', '/api/admin/settings', { headers: { 'x-api-key': secret, authorization: 'Basic cHJveHk6cGFzcw==' } });
      expect(beside.status, JSON.stringify(beside.body)).to.equal(200);
    });

    it('records the acting key in the audit log by id as well as name (names need not be unique), and still reads entries from before', async function () {
      const first = await makeKey({ name: 'janitor', scopes: ['server:write', 'audit:read'] });
      const second = await makeKey({ name: 'janitor', scopes: ['server:write'] });
      for (const { secret } of [first, second]) expect((await withKey(secret, 'POST', '/api/cache/invalidate', {})).status).to.equal(200);
      // An entry as one was written before ids were recorded.
      await server.gatehouse.store.part(auditLogPart).append({
        timestamp: new Date().toISOString(),
        actor: 'key:old janitor',
        ipAddress: '10.0.0.8',
        action: 'cache.invalidate',
        details: {},
      });
      const { entries } = (await asService('GET', '/api/admin/audit?limit=3')).body;
      expect(entries.map((entry: { actor: string; actorKey: unknown }) => [entry.actor, entry.actorKey])).to.deep.equal([
        ['key:old janitor', { id: null, name: 'old janitor' }],
        ['key:janitor', { id: second.key.id, name: 'janitor' }],
        ['key:janitor', { id: first.key.id, name: 'janitor' }],
      ]);
      const byPerson = (await api(server.baseUrl, 'GET', '/api/admin/audit?limit=500', { token: operatorToken })).body.entries;
      expect(byPerson.find((entry: { actor: string }) => entry.actor === 'service').actorKey).to.equal(null);
    });

    it('tells a key that reads a player without username that a key must name one, naming the field', async function () {
      const { secret } = await makeKey({ name: 'balances', scopes: ['economy:read', 'players:read'] });
      for (const path of ['/api/economy/balance', '/api/economy/history', '/api/player/maps']) {
        const refused = await withKey(secret, 'GET', path);
        expect([refused.status, refused.body.code, refused.body.field], `${path}: ${JSON.stringify(refused.body)}`).to.deep.equal([400, 'invalid_field', 'username']);
        expect(refused.body.error).to.match(/^username is required/);
        expect(refused.body.error).to.include('API key');
        expect(refused.body.error).to.not.include('service account');
      }
      const service = await asService('GET', '/api/economy/balance');
      expect([service.status, service.body.field]).to.deep.equal([400, 'username']);
      expect(service.body.error).to.include('service account');
    });

    it('names personal:read in the scope list and, for each route that reveals personal data, in the OpenAPI document', async function () {
      const { body } = await asService('GET', '/api/admin/keys/scopes');
      const personal = body.scopes.find((scope: { scope: string }) => scope.scope === 'personal:read');
      expect(personal, JSON.stringify(body.scopes.map((scope: { scope: string }) => scope.scope))).to.not.equal(undefined);
      const document = (await api(server.baseUrl, 'GET', '/api/openapi.json')).body;
      for (const { path } of personalRoutes) {
        const bare = path.split('?')[0]!;
        expect(personal.operations, bare).to.include(`GET ${bare}`);
        const operation = document.paths[bare].get;
        expect(operation['x-personal'], bare).to.include({ scope: 'personal:read' });
        expect(operation.description, bare).to.include('personal:read');
      }
    });
  });
}
