/**
 * A key an operator made acts with the operator's standing: while its maker
 * is not an operator it is refused (and shown so), and it works again once
 * they are; keys of the service token are unaffected. On every game adapter,
 * since each tells operator status its own way: the embedded server (its
 * console's op and deop, on both stores), the real plugin jar in the JVM
 * harness (the server console's op, the plugin's deop), and the RCON adapter
 * against the stand-in vanilla server (its ops.json).
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { runConsoleLine } from '../../src/console.js';
import { apiKeysPart } from '../../src/features/keys/store.js';
import type { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually } from '../helpers/bots.js';
import { api, startBridgeGatehouse, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';
import { requirePostgres, uniquePrefix } from '../helpers/postgres.js';
import { VanillaStandIn } from '../helpers/vanilla-stand-in.js';

const serviceToken = 'keys-operators-service-token-for-tests-0123456789abcdef';

interface OperatorFixture {
  server: TestGatehouse;
  /** Makes the player an operator or takes it away, the way this game's owner would. */
  setOperator(player: string, operator: boolean): Promise<void>;
  dispose(): Promise<void>;
}

const consoleOp = (server: TestGatehouse) => async (player: string, operator: boolean) => {
  const said = await runConsoleLine(server.gatehouse, `${operator ? 'op' : 'deop'} ${player}`, () => undefined);
  expect(said).to.match(/server operator/);
};

const fixtures: Record<string, (context: Mocha.Context) => Promise<OperatorFixture>> = {
  'embedded server, JSON files': async () => {
    const server = await startTestGatehouse((config) => (config.token = serviceToken));
    return { server, setOperator: consoleOp(server), dispose: () => server.stop() };
  },
  'embedded server, PostgreSQL': async (context) => {
    const postgres = await requirePostgres(context);
    const server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      config.storage.type = 'postgresql';
      config.storage.postgresql = postgres.settings(uniquePrefix('keys_operators'), 5);
    });
    return { server, setOperator: consoleOp(server), dispose: () => server.stop() };
  },
  'bridge plugin in the JVM harness': async () => {
    const directory = await temporaryDirectory('gatehouse-keys-operators-');
    const server = await startBridgeGatehouse(serviceToken, 2000);
    const bridge = server.gatehouse.game as BridgeGameAdapter;
    const harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(bridge.port, serviceToken) });
    await eventually(() => (bridge.isConnected() ? true : undefined), 15_000, 'the plugin to connect');
    return {
      server,
      setOperator: async (player, operator) => {
        // Opped on the server's console; de-opped through the plugin (the harness's console has no deop).
        if (operator) await harness.request('op', { name: player });
        else expect(await bridge.operators.setOperator(player, false)).to.equal(true);
      },
      dispose: async () => {
        const offMainThread = await harness.stopAndListOffMainThread();
        await server.stop();
        await rm(directory, { recursive: true, force: true });
        expect(offMainThread, 'Bukkit calls made off the main thread').to.deep.equal([]);
      },
    };
  },
  'RCON adapter and a stand-in vanilla server': async () => {
    const directory = await temporaryDirectory('gatehouse-keys-operators-vanilla-');
    const standIn = await VanillaStandIn.start({ password: 'keys-operators-rcon', directory });
    const server = await startTestGatehouse((config) => {
      config.token = serviceToken;
      standIn.connect(config);
    });
    return {
      server,
      // As the server's own console does: ops.json rewritten, read by the adapter when asked.
      setOperator: async (player, operator) => {
        if (operator) standIn.ops.set(player.toLowerCase(), { id: `uuid-of-${player}`, name: player });
        else standIn.ops.delete(player.toLowerCase());
        standIn.saveFiles();
      },
      dispose: async () => {
        await server.stop();
        await standIn.stop();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
};

for (const [name, start] of Object.entries(fixtures)) {
  describe(`keys an operator made, when they are an operator no more: ${name}`, function () {
    this.timeout(90_000);
    let fixture: OperatorFixture;
    before(async function () {
      fixture = await start(this);
    });
    after(async function () {
      await fixture?.dispose();
    });

    it('refuses them while their maker is not an operator, works again when they are, and leaves keys of the service token alone', async function () {
      const { server } = fixture;
      const call = (token: string, method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token, body });
      const chief = await registeredUser(server.gatehouse, server.baseUrl, 'chief', 'Chief');
      await fixture.setOperator('Chief', true);
      await eventually(async () => ((await call(chief, 'GET', '/api/admin/settings')).status === 200 ? true : undefined), 15_000, 'Chief an admin');

      const made = await call(chief, 'POST', '/api/admin/keys', { name: 'chief tools', scopes: ['settings:read', 'keys:write'] });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      const child = await call(made.body.secret, 'POST', '/api/admin/keys', { name: 'chief child', scopes: ['settings:read'] });
      expect(child.status, JSON.stringify(child.body)).to.equal(201);
      const service = await call(serviceToken, 'POST', '/api/admin/keys', { name: 'service tools', scopes: ['settings:read', 'keys:write'] });
      const handedOn = await call(serviceToken, 'POST', '/api/admin/keys', { name: 'rotated by chief', scopes: ['settings:read'] });
      const rotated = await call(chief, 'POST', `/api/admin/keys/${handedOn.body.key.id}/rotate`);
      expect(rotated.status, JSON.stringify(rotated.body)).to.equal(200);
      const chiefs = { 'the key Chief made': made.body, 'the key that key made': child.body, 'the key Chief rotated': rotated.body } as const;
      for (const [what, key] of Object.entries(chiefs)) expect((await call(key.secret, 'GET', '/api/admin/settings')).status, what).to.equal(200);

      await fixture.setOperator('Chief', false);
      await eventually(async () => ((await call(chief, 'GET', '/api/admin/settings')).status === 403 ? true : undefined), 15_000, 'Chief no longer an admin');
      for (const [what, key] of Object.entries(chiefs)) {
        const refused = await call(key.secret, 'GET', '/api/admin/settings');
        expect([refused.status, refused.body.code], `${what}: ${JSON.stringify(refused.body)}`).to.deep.equal([403, 'maker_not_operator']);
        expect(refused.body.error).to.include('Chief');
      }
      const making = await call(made.body.secret, 'POST', '/api/admin/keys', { name: 'after demotion', scopes: ['settings:read'] });
      expect(making.status, 'making keys after the demotion').to.equal(403);
      expect((await call(service.body.secret, 'GET', '/api/admin/settings')).status, 'a key of the service token').to.equal(200);
      const listed = (await call(serviceToken, 'GET', '/api/admin/keys?limit=100')).body.keys as Array<{ id: string; status: string; statusReason: string | null }>;
      const statusOf = (id: string) => listed.find((key) => key.id === id)!;
      for (const key of Object.values(chiefs)) {
        expect(statusOf(key.key.id).status, key.key.name).to.equal('suspended');
        expect(statusOf(key.key.id).statusReason).to.match(/Chief.*not an operator/);
      }
      expect(statusOf(service.body.key.id)).to.include({ status: 'active', statusReason: null });

      await fixture.setOperator('Chief', true);
      await eventually(async () => ((await call(made.body.secret, 'GET', '/api/admin/settings')).status === 200 ? true : undefined), 15_000, 'the key back');
      for (const [what, key] of Object.entries(chiefs)) expect((await call(key.secret, 'GET', '/api/admin/settings')).status, `${what}, again`).to.equal(200);
      expect((await call(serviceToken, 'GET', `/api/admin/keys/${made.body.key.id}`)).body.key.status).to.equal('active');
    });

    it('holds a key from before keys kept their operator to the standing of the account that made it', async function () {
      const { server } = fixture;
      const boss = await registeredUser(server.gatehouse, server.baseUrl, 'boss', 'Boss');
      await fixture.setOperator('Boss', true);
      await eventually(async () => ((await api(server.baseUrl, 'GET', '/api/admin/settings', { token: boss })).status === 200 ? true : undefined), 15_000, 'Boss an admin');
      const made = await api(server.baseUrl, 'POST', '/api/admin/keys', { token: boss, body: { name: 'old key', scopes: ['settings:read'] } });
      // As such a key is stored: `createdBy` names the web account, nothing else says who it acts for.
      const keys = server.gatehouse.store.part(apiKeysPart);
      const { operator: _kept, ...older } = (await keys.find(made.body.key.id))!;
      await keys.update(older);
      expect((await api(server.baseUrl, 'GET', '/api/admin/settings', { token: made.body.secret })).status).to.equal(200);
      await fixture.setOperator('Boss', false);
      const refused = await eventually(
        async () => {
          const answer = await api(server.baseUrl, 'GET', '/api/admin/settings', { token: made.body.secret });
          return answer.status === 200 ? undefined : answer;
        },
        15_000,
        'the old key refused',
      );
      expect([refused.status, refused.body.code]).to.deep.equal([403, 'maker_not_operator']);
      expect(refused.body.error).to.include('Boss');
    });
  });
}
