/**
 * Idempotency-Keys of money moved through Vault on a network: two Gatehouse
 * instances on one throwaway PostgreSQL in front of one shared economy (as
 * two servers of a network share an economy plugin's database). The same key
 * sent to both at once moves the money once; both answer it.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { InsufficientFundsError } from '../../src/game/errors.js';
import type { ChangeOptions, EconomyProvider } from '../../src/game/port.js';
import { registeredUser } from '../helpers/accounts.js';
import { FakeGame } from '../helpers/fake-game.js';
import { api, startTestGatehouse, temporaryDirectory, type TestGatehouse } from '../helpers/gatehouse.js';
import { requirePostgres, uniquePrefix, type ThrowawayPostgres } from '../helpers/postgres.js';

const serviceToken = 'vault-network-token-0123456789abcdef0123';

/** One economy both instances move money in, each step taking a moment (so two requests overlap), step by step as a game without `move` does. */
class SharedEconomy implements EconomyProvider {
  readonly cents = new Map<string, number>();
  readonly made: string[] = [];
  async describe(): Promise<string> {
    return 'Vault (shared fake)';
  }
  async balance(name: string): Promise<number> {
    return this.cents.get(name.toLowerCase()) ?? 10_000;
  }
  async deposit(name: string, cents: number, _options?: ChangeOptions): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const after = (await this.balance(name)) + cents;
    this.cents.set(name.toLowerCase(), after);
    this.made.push(`deposit ${name} ${cents}`);
    return after;
  }
  async withdraw(name: string, cents: number, _options?: ChangeOptions): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const before = await this.balance(name);
    if (before < cents) throw new InsufficientFundsError(name, cents, before);
    this.cents.set(name.toLowerCase(), before - cents);
    this.made.push(`withdraw ${name} ${cents}`);
    return before - cents;
  }
}

describe('Vault Idempotency-Keys across a network of instances (PostgreSQL)', function () {
  this.timeout(60_000);
  let postgres: ThrowawayPostgres;
  let directory: string;
  let instances: TestGatehouse[] = [];
  let economy: SharedEconomy;

  before(async function () {
    this.timeout(120_000);
    postgres = await requirePostgres(this);
  });
  beforeEach(async function () {
    directory = await temporaryDirectory('gatehouse-vault-network-');
    economy = new SharedEconomy();
    const prefix = uniquePrefix('vaultkeys');
    const start = async (server: string) => {
      const dataDirectory = path.join(directory, server);
      await mkdir(dataDirectory, { recursive: true });
      const game = new FakeGame();
      game.capabilities.economy = economy;
      return startTestGatehouse(
        (config) => {
          config.serverId = server;
          config.token = serviceToken;
          config.economy.provider = 'vault';
          config.storage.type = 'postgresql';
          config.storage.postgresql = postgres.settings(prefix, 5);
        },
        { dataDirectory, game },
      );
    };
    // One after the other: the first creates the tables.
    instances = [await start('survival')];
    instances.push(await start('creative'));
  });
  afterEach(async function () {
    await Promise.all(instances.map((instance) => instance.stop()));
    instances = [];
    await rm(directory, { recursive: true, force: true });
  });

  it('moves the money once when the same key reaches two instances at once, and both answer it', async function () {
    const [survival, creative] = instances as [TestGatehouse, TestGatehouse];
    const rich = await registeredUser(survival.gatehouse, survival.baseUrl, 'rich', 'Rich');
    await registeredUser(survival.gatehouse, survival.baseUrl, 'poor', 'Poor');
    const transfer = (instance: TestGatehouse) =>
      api(instance.baseUrl, 'POST', '/api/economy/transfer', { token: rich, body: { to: 'Poor', amount: 30 }, headers: { 'Idempotency-Key': 'network-1' } });
    const answers = await Promise.all([transfer(survival), transfer(creative)]);
    expect(economy.made, 'what the economy did').to.deep.equal(['withdraw Rich 3000', 'deposit Poor 3000']);
    expect([await economy.balance('Rich'), await economy.balance('Poor')]).to.deep.equal([7_000, 13_000]);
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers.map((answer) => answer.body)),
    ).to.deep.equal([200, 200]);
    expect(answers[0]!.body, 'the same answer').to.deep.equal(answers[1]!.body);
    const history = await api(creative.baseUrl, 'GET', '/api/economy/history', { token: rich });
    expect(history.body.transactions.filter((record: { type: string }) => record.type === 'TRANSFER')).to.have.length(1);
  });
});
