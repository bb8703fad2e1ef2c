/**
 * Vault money through restarts and kills: the real plugin jar in the JVM
 * harness, whose fake economy plugin keeps its balances on disk (starting at
 * 100) as a real one does, so a server stopped or killed and started again on
 * the same plugins folder finds them. Whatever happens, the two players'
 * Vault balances add up to what they began with, and the ledger agrees.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { BridgeGameAdapter } from '../../src/game/bridge/adapter.js';
import { offlinePlayerUuid } from '../../src/game/embedded/offline-uuid.js';
import { GameUnavailableError, type EconomyProvider } from '../../src/game/port.js';
import { eventually } from '../helpers/bots.js';
import { api, startBridgeGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { PaperHarness } from '../helpers/harness.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { freePort } from '../helpers/free-port.js';

const token = 'vault-restart-token-0123456789abcdef012345';

interface Sidecar {
  child: ChildProcess;
  apiPort: number;
  exited: Promise<unknown>;
}

/** `node build/src/main.js` as `npm start` runs it, for the plugin at `bridgePort`; resolves once the API listens. */
async function startSidecar(dataDirectory: string, bridgePort: number): Promise<Sidecar> {
  const configFile = `${dataDirectory}-config.yml`;
  await writeFile(
    configFile,
    [
      'accounts:',
      '  bcrypt-rounds: 4',
      `token: ${token}`,
      'game:',
      '  connection: bridge',
      '  bridge:',
      '    host: 127.0.0.1',
      `    port: ${bridgePort}`,
      '    request-timeout-ms: 2000',
      'economy:',
      '  provider: vault',
      '',
    ].join('\n'),
  );
  const child = spawn(process.execPath, ['build/src/main.js'], {
    env: { ...process.env, GATEHOUSE_CONFIG: configFile, GATEHOUSE_DATA: dataDirectory, GATEHOUSE_PORT: '0', GATEHOUSE_HOST: '127.0.0.1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  sidecars.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const apiPort = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Gatehouse did not start within 20 s:\n${output}`)), 20_000);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /API listening on http:\/\/[^:]+:(\d+)\/api/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then(() => reject(new Error(`Gatehouse exited before listening:\n${output}`)));
  });
  return { child, apiPort, exited };
}
const sidecars = new Set<ChildProcess>();

/** What the harness's economy plugin has on disk for a player, in cents (100.00 until it first changes). */
async function savedCents(directory: string, player: string): Promise<number> {
  const text = await readFile(path.join(directory, 'HarnessEconomy', 'balances.properties'), 'utf8').catch(() => '');
  const line = text.split('\n').find((entry) => entry.startsWith(`${offlinePlayerUuid(player)}=`));
  return Math.round(Number(line ? line.split('=')[1] : '100') * 100);
}

describe('Vault money through restarts and kills (JVM harness)', function () {
  this.timeout(120_000);
  let directory: string;
  const harnesses: PaperHarness[] = [];
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-vault-restart-');
  });
  afterEach(async function () {
    for (const harness of harnesses.splice(0)) await harness.stop();
    for (const child of sidecars) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    sidecars.clear();
    await rm(directory, { recursive: true, force: true });
  });

  describe('a Paper restart while a movement is being settled', function () {
    let server: TestGatehouse;
    afterEach(async function () {
      await server?.stop();
    });

    it('moves the money once: a withdrawal whose answer was lost is not made again by the ask after the restart', async function () {
      server = await startBridgeGatehouse(token, 1000, { adjust: (config) => void (config.economy.provider = 'vault') });
      const bridge = server.gatehouse.game as BridgeGameAdapter;
      const start = async () => {
        const harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(bridge.port, token), vault: true });
        harnesses.push(harness);
        await eventually(() => (bridge.isConnected() ? true : undefined), 10000, 'the plugin to connect');
        return harness;
      };
      let harness = await start();
      const rich = await harness.webAccount(server.baseUrl, 'Rich');
      await harness.request('join', { name: 'Poor' });
      await eventually(async () => ((await api(server.baseUrl, 'GET', '/api/economy/balance?username=Poor', { token })).status === 200 ? true : undefined), 5000, 'Poor known');

      // The first change the economy makes happens in the game; then the server goes down before its answer arrives.
      const economy = bridge.require('economy') as EconomyProvider & Record<string, unknown>;
      let lost = false;
      for (const name of Object.keys(economy).filter((key) => key !== 'describe' && key !== 'balance' && typeof economy[key] === 'function')) {
        const real = economy[name] as (...args: unknown[]) => Promise<unknown>;
        economy[name] = async (...args: unknown[]) => {
          const answer = await real(...args);
          if (lost) return answer;
          lost = true;
          await harness.stop();
          throw new GameUnavailableError('the answer was lost: the server stopped');
        };
      }
      const sent = await api(server.baseUrl, 'POST', '/api/economy/transfer', { token: rich, body: { to: 'Poor', amount: 30 }, headers: { 'Idempotency-Key': 'restart-1' } });
      expect(sent.status, JSON.stringify(sent.body)).to.equal(503);
      expect(lost, 'the answer was lost').to.equal(true);

      // The server comes back on the same plugins folder; the background ask settles the movement.
      harness = await start();
      const balances = async () => [await bridge.require('economy').balance('Rich'), await bridge.require('economy').balance('Poor')];
      const settled = await eventually(
        async () => {
          const now = await balances();
          return now[0] === 10_000 && now[1] === 10_000 ? now : undefined;
        },
        40_000,
        'both balances back at 100',
      ).catch(async () => balances());
      expect(settled, 'Rich and Poor in cents: the movement undone, no money lost').to.deep.equal([10_000, 10_000]);
      const history = await api(server.baseUrl, 'GET', '/api/economy/history', { token: rich });
      expect(history.body.transactions, 'nothing recorded').to.deep.equal([]);
    });
  });

  describe('the game and Gatehouse killed between a withdrawal and its deposit', function () {
    it('completes or undoes the movement after the restart: the balances add up', async function () {
      const bridgePort = await freePort();
      const dataDirectory = path.join(directory, 'gatehouse-data');
      let sidecar = await startSidecar(dataDirectory, bridgePort);
      let baseUrl = `http://127.0.0.1:${sidecar.apiPort}`;
      const startHarness = async () => {
        const harness = await PaperHarness.start({ directory, config: PaperHarness.configFor(bridgePort, token), vault: true });
        harnesses.push(harness);
        await eventually(async () => ((await api(baseUrl, 'GET', '/api/health')).body.game?.connected ? true : undefined), 15000, 'the plugin to connect');
        return harness;
      };
      let harness = await startHarness();
      const rich = await harness.webAccount(baseUrl, 'Rich');
      await harness.request('join', { name: 'Poor' });
      await eventually(async () => ((await api(baseUrl, 'GET', '/api/economy/balance?username=Poor', { token })).status === 200 ? true : undefined), 5000, 'Poor known');

      // The economy hangs in the deposit; once the withdrawal is on disk, the machine goes down: both processes killed.
      await harness.request('holdNextDeposit');
      void api(baseUrl, 'POST', '/api/economy/transfer', { token: rich, body: { to: 'Poor', amount: 30 }, headers: { 'Idempotency-Key': 'killed-1' } }).catch(() => undefined);
      await eventually(async () => ((await savedCents(directory, 'Rich')) === 7_000 ? true : undefined), 10000, 'the withdrawal made');
      harness.kill();
      sidecar.child.kill('SIGKILL');
      await sidecar.exited;
      await new Promise((resolve) => setTimeout(resolve, 500));

      sidecar = await startSidecar(dataDirectory, bridgePort);
      baseUrl = `http://127.0.0.1:${sidecar.apiPort}`;
      harness = await startHarness();
      const balances = async () => {
        const read = async (player: string) => (await api(baseUrl, 'GET', `/api/economy/balance?username=${player}`, { token })).body.balance as number;
        return [await read('Rich'), await read('Poor')];
      };
      const settled = await eventually(
        async () => {
          const now = await balances();
          return now[0]! + now[1]! === 200 ? now : undefined;
        },
        20_000,
        'the balances adding up',
      ).catch(async () => balances());
      expect(settled[0]! + settled[1]!, `Rich ${settled[0]} + Poor ${settled[1]}: no money lost`).to.equal(200);
      // The ledger agrees with Vault: the movement is recorded exactly when it stands.
      const recorded = (await api(baseUrl, 'GET', '/api/economy/history', { token: rich })).body.transactions.filter((record: { type: string }) => record.type === 'TRANSFER');
      expect(recorded, 'ledger records of the transfer').to.have.length(settled[0] === 100 ? 0 : 1);
    });
  });
});
