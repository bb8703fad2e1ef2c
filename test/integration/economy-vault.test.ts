/**
 * The economy over the server's Vault economy: the real plugin jar in the
 * JVM harness (a fake Paper server) with its fake Vault economy plugin,
 * balances starting at 100.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { eventually } from '../helpers/bots.js';
import { api, startBridgeGatehouse, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';

const token = 'vault-test-token-for-tests-0123456789abcdef';

describe('economy through the plugin and Vault (JVM harness)', function () {
  let server: TestGatehouse;
  let harness: PaperHarness | undefined;
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-vault-');
  });
  afterEach(async function () {
    await harness?.stop();
    harness = undefined;
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  });

  const webAccount = async (player: string) => {
    await harness!.request('join', { name: player });
    const code = await harness!.registrationCode(player, 5000);
    const username = `${player.toLowerCase()}_web`;
    await api(server.baseUrl, 'POST', '/api/auth/register', { body: { code, username, email: `${username}@example.com`, password: 'password1' } });
    return (await api(server.baseUrl, 'POST', '/api/auth/login', { body: { username, password: 'password1' } })).body.token as string;
  };

  it('reads Vault balances, moves money through Vault (never below zero), and records it in the ledger', async function () {
    server = await startBridgeGatehouse(token, 5000);
    const bridge = server.gatehouse.game as BridgeGameAdapter;
    harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(bridge.port, token), vault: true });
    await eventually(() => (bridge.isConnected() ? true : undefined), 10000, 'the plugin to connect');
    const rich = await webAccount('Rich');
    await harness.request('join', { name: 'Poor' });
    await eventually(async () => ((await api(server.baseUrl, 'GET', '/api/economy/balance?username=Poor', { token })).status === 200 ? true : undefined), 5000, 'Poor known');

    expect((await api(server.baseUrl, 'GET', '/api/economy/balance', { token: rich })).body).to.deep.include({ balance: 100, formatted: '$100.00' });
    const sent = await api(server.baseUrl, 'POST', '/api/economy/transfer', { token: rich, body: { to: 'Poor', amount: 30.5 } });
    expect(sent.status, JSON.stringify(sent.body)).to.equal(200);
    expect(sent.body.balance).to.equal(69.5);
    expect((await api(server.baseUrl, 'GET', '/api/economy/balance?username=Poor', { token })).body.balance).to.equal(130.5);

    const refused = await api(server.baseUrl, 'POST', '/api/economy/transfer', { token: rich, body: { to: 'Poor', amount: 1000 } });
    expect(refused.status).to.equal(400);
    expect(refused.body.code).to.equal('insufficient_funds');
    expect((await api(server.baseUrl, 'GET', '/api/economy/balance', { token: rich })).body.balance, 'nothing taken').to.equal(69.5);

    const given = await api(server.baseUrl, 'POST', '/api/admin/economy/adjust', { token, body: { username: 'Poor', amount: 4.5, reason: 'bonus' } });
    expect(given.body.balance).to.equal(135);
    const history = await api(server.baseUrl, 'GET', '/api/economy/history?username=Poor', { token });
    expect(history.body.transactions.map((record: { type: string; amount: number; balance: number }) => [record.type, record.amount, record.balance])).to.deep.equal([
      ['ADMIN', 4.5, 135],
      ['TRANSFER', 30.5, 130.5],
    ]);
    // Every Vault call ran on the main thread, checks and withdrawals together.
    const { offMainThread } = await harness.request<{ offMainThread: string[] }>('calls');
    expect(offMainThread).to.deep.equal([]);
  });

  it('answers 503 when economy.provider is vault and the server has no Vault', async function () {
    server = await startTestGatehouse((config) => {
      config.token = token;
      config.game.connection = 'bridge';
      config.game.bridge = { host: '127.0.0.1', port: 0, requestTimeoutMs: 5000 };
      config.economy.provider = 'vault';
    });
    const bridge = server.gatehouse.game as BridgeGameAdapter;
    harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(bridge.port, token) });
    await eventually(() => (bridge.isConnected() ? true : undefined), 10000, 'the plugin to connect');
    const player = await webAccount('Lonely');
    const answer = await api(server.baseUrl, 'GET', '/api/economy/balance', { token: player });
    expect(answer.status).to.equal(503);
    expect(answer.body.error).to.equal('Economy system not available');
  });
});
