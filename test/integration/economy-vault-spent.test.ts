/**
 * A movement through Vault put back after the payee spent what they were
 * given: the real plugin jar in the JVM harness with its fake economy
 * (balances starting at 100). The putting back never makes money up: it
 * takes back what the payee still has, gives the payer back no more than
 * that, and logs the rest for an admin.
 */
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { GameUnavailableError, type EconomyProvider } from '../../src/game/port.js';
import { eventually } from '../helpers/bots.js';
import { api, startBridgeGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';

const token = 'vault-spent-token-0123456789abcdef01234567';

describe('Vault money put back after the payee spent it (JVM harness)', function () {
  this.timeout(60_000);
  let server: TestGatehouse;
  let harness: PaperHarness;
  let directory: string;
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-vault-spent-');
    server = await startBridgeGatehouse(token, 1000, { adjust: (config) => void (config.economy.provider = 'vault') });
  });
  afterEach(async function () {
    await harness?.stop();
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('takes back only what the payee has left and cuts the refund by what they spent: no money made up', async function () {
    const bridge = server.gatehouse.game as BridgeGameAdapter;
    harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(bridge.port, token), vault: true });
    await eventually(() => (bridge.isConnected() ? true : undefined), 10000, 'the plugin to connect');
    const rich = await harness.webAccount(server.baseUrl, 'Rich');
    await harness.request('join', { name: 'Poor' });
    await eventually(async () => ((await api(server.baseUrl, 'GET', '/api/economy/balance?username=Poor', { token })).status === 200 ? true : undefined), 5000, 'Poor known');

    // The ask that gives Poor the money (a deposit, or the whole movement where the game takes it in one ask)
    // happens in the game, then its answer is lost and the game stays away until the test lets it back.
    const economy = bridge.require('economy') as EconomyProvider & Record<string, unknown>;
    const real = new Map<string, (...args: unknown[]) => Promise<unknown>>();
    let away = false;
    let lost = false;
    const givesPoor = (method: string, args: unknown[]) =>
      (method === 'deposit' && args[0] === 'Poor') ||
      (method === 'move' && (args[0] as Array<{ playerName: string; cents: number }>).some((step) => step.playerName === 'Poor' && step.cents > 0));
    for (const method of Object.keys(economy).filter((key) => key !== 'describe' && key !== 'balance' && typeof economy[key] === 'function')) {
      const original = economy[method] as (...args: unknown[]) => Promise<unknown>;
      real.set(method, original);
      economy[method] = async (...args: unknown[]) => {
        if (away) throw new GameUnavailableError('the Paper bridge is not connected');
        const answer = await original(...args);
        if (!givesPoor(method, args) || lost) return answer;
        lost = true;
        away = true;
        throw new GameUnavailableError('no answer within 1000 ms');
      };
    }
    const sent = await api(server.baseUrl, 'POST', '/api/economy/transfer', { token: rich, body: { to: 'Poor', amount: 30 }, headers: { 'Idempotency-Key': 'spent-1' } });
    expect(sent.status, JSON.stringify(sent.body)).to.equal(503);
    // Meanwhile Poor spends 120 of the 130 they have (in another plugin's shop, say).
    expect(await real.get('withdraw')!('Poor', 12_000)).to.equal(1_000);
    away = false;

    // The putting back is one ask of the game; its shortfall is logged once the game has answered it, so every
    // balance is final by then. (Waiting instead for Poor at 0 could read Rich before the ask and Poor after it.)
    const shortfallTold = await eventually(
      () => (server.errors.some((message) => /20\.00 of it had been spent/.test(message)) ? true : undefined),
      30_000,
      'the putting back, its shortfall told to an admin',
    ).catch(() => false);
    // Rich 70 + 10 back, Poor 0, and the 120 Poor spent: 200, as at the start.
    expect([await economy.balance('Rich'), await economy.balance('Poor')], 'Rich and Poor in cents').to.deep.equal([8_000, 0]);
    // The shortfall is told to an admin.
    expect(shortfallTold, server.errors.join('\n')).to.equal(true);
    const history = await api(server.baseUrl, 'GET', '/api/economy/history', { token: rich });
    expect(history.body.transactions, 'nothing recorded').to.deep.equal([]);
  });
});
