/**
 * Money through the game's economy (Vault) when the game did a withdrawal
 * but its answer was lost (the link dropped, or the answer came after the
 * wait): a double of the game's economy that remembers operation ids as the
 * plugin does, loses an answer after doing the work, or is away, on demand.
 */
import { expect } from 'chai';
import { GameUnavailableError, InsufficientFundsError } from '../../src/game/errors.js';
import type { ChangeOptions, EconomyProvider } from '../../src/game/port.js';
import { registeredUser } from '../helpers/accounts.js';
import { eventually } from '../helpers/bots.js';
import { FakeGame } from '../helpers/fake-game.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';

class FakeVault implements EconomyProvider {
  readonly cents = new Map<string, number>();
  /** The next withdrawal happens, then its answer is lost. */
  loseNextWithdrawalAnswer = false;
  /** While true every ask fails before reaching the economy, as when the plugin is away. */
  unreachable = false;
  /** How long each change takes the game (a slow server), so that two requests can be in the game at once. */
  delayMs = 0;
  /** After the lost answer, the game is away until the test sets `unreachable` back to false. */
  awayAfterLostAnswer = false;
  /** Every withdrawal and deposit the economy really made. */
  readonly made: string[] = [];
  private readonly remembered = new Map<string, number>();
  async describe(): Promise<string> {
    return 'Vault (fake)';
  }
  async balance(name: string): Promise<number> {
    return this.cents.get(name.toLowerCase()) ?? 10_000;
  }
  async deposit(name: string, cents: number, options?: ChangeOptions): Promise<number> {
    return this.once(options, async () => {
      const after = (await this.balance(name)) + cents;
      this.cents.set(name.toLowerCase(), after);
      this.made.push(`deposit ${name} ${cents}`);
      return after;
    });
  }
  async withdraw(name: string, cents: number, options?: ChangeOptions): Promise<number> {
    const after = await this.once(options, async () => {
      const before = await this.balance(name);
      if (before < cents) throw new InsufficientFundsError(name, cents, before);
      this.cents.set(name.toLowerCase(), before - cents);
      this.made.push(`withdraw ${name} ${cents}`);
      return before - cents;
    });
    if (this.loseNextWithdrawalAnswer) {
      this.loseNextWithdrawalAnswer = false;
      if (this.awayAfterLostAnswer) this.unreachable = true;
      throw new GameUnavailableError('no answer within 5000 ms (the withdrawal was made)');
    }
    return after;
  }
  /** As the plugin: a repeated operation id is answered from memory. */
  private async once(options: ChangeOptions | undefined, work: () => Promise<number>): Promise<number> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.unreachable) throw new GameUnavailableError('the Paper bridge is not connected');
    const id = options?.operationId;
    if (id !== undefined && this.remembered.has(id)) return this.remembered.get(id)!;
    const result = await work();
    if (id !== undefined) this.remembered.set(id, result);
    return result;
  }
}

describe('economy through Vault when an answer is lost', function () {
  let server: TestGatehouse;
  let vault: FakeVault;
  let rich: string;
  beforeEach(async function () {
    const game = new FakeGame();
    vault = new FakeVault();
    game.capabilities.economy = vault;
    server = await startTestGatehouse(
      (config) => {
        config.token = 'vault-lost-token-for-tests-0123456789abcdef';
        config.economy.provider = 'vault';
      },
      { game },
    );
    rich = await registeredUser(server.gatehouse, server.baseUrl, 'rich', 'Rich');
    await registeredUser(server.gatehouse, server.baseUrl, 'poor', 'Poor');
  });
  afterEach(async function () {
    await server.stop();
  });

  const transfer = (key: string) => api(server.baseUrl, 'POST', '/api/economy/transfer', { token: rich, body: { to: 'Poor', amount: 30 }, headers: { 'Idempotency-Key': key } });
  const transfers = async () =>
    (await api(server.baseUrl, 'GET', '/api/economy/history', { token: rich })).body.transactions.filter((record: { type: string }) => record.type === 'TRANSFER');

  it('reverses a transfer once when two admins reverse it at the same moment: the other is 409, and Vault moved it back once', async function () {
    expect((await transfer('to-reverse')).status).to.equal(200);
    const [record] = await transfers();
    // Slow enough that both reversals are checked before either is recorded.
    vault.delayMs = 300;
    const reverse = () =>
      api(server.baseUrl, 'POST', `/api/admin/economy/transactions/${record.id}/reverse`, { token: 'vault-lost-token-for-tests-0123456789abcdef', body: { reason: 'mistake' } });
    const answers = await Promise.all([reverse(), reverse()]);
    expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((answer) => answer.body))).to.deep.equal([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.code).to.equal('already_reversed');
    expect([await vault.balance('Rich'), await vault.balance('Poor')], 'back where they began, once').to.deep.equal([10_000, 10_000]);
  });

  it('asks again under the same operation id when a withdrawal was made but its answer lost, and moves the money once', async function () {
    vault.loseNextWithdrawalAnswer = true;
    const first = await transfer('transfer-1');
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect((await transfer('transfer-1')).status, 'the client retry is a replay').to.equal(200);
    expect(vault.made).to.deep.equal(['withdraw Rich 3000', 'deposit Poor 3000']);
    expect([await vault.balance('Rich'), await vault.balance('Poor')]).to.deep.equal([7_000, 13_000]);
    expect(await transfers()).to.have.length(1);
  });

  it('answers 503 when the game stays away after a withdrawal it made, then learns it happened and puts it back; a retry then moves the money once', async function () {
    // Lost, and the game away for as long as the request asks again: it comes back only once the request answered.
    vault.loseNextWithdrawalAnswer = true;
    vault.awayAfterLostAnswer = true;
    const first = await transfer('transfer-2');
    expect(first.status).to.equal(503);
    expect(await vault.balance('Rich'), 'taken, and not yet known to be').to.equal(7_000);
    vault.unreachable = false;
    // In the background: asked again under the same id (the memory answers it happened), then put back.
    await eventually(async () => ((await vault.balance('Rich')) === 10_000 ? true : undefined), 8000, 'the withdrawal put back');
    expect(vault.made).to.deep.equal(['withdraw Rich 3000', 'deposit Rich 3000']);
    expect(await transfers(), 'nothing recorded').to.deep.equal([]);
    expect((await transfer('transfer-2')).status).to.equal(200);
    expect([await vault.balance('Rich'), await vault.balance('Poor')]).to.deep.equal([7_000, 13_000]);
    expect(await transfers()).to.have.length(1);
  });

  it('ends where it began when the withdrawal never reached the game: the background ask makes it, then puts it back', async function () {
    vault.unreachable = true;
    expect((await transfer('transfer-3')).status).to.equal(503);
    vault.unreachable = false;
    // The background ask does it now (nothing was remembered), then puts it back: the balance ends where it was.
    await eventually(async () => (vault.made.length === 2 ? true : undefined), 8000, 'the background settled');
    expect(vault.made).to.deep.equal(['withdraw Rich 3000', 'deposit Rich 3000']);
    expect([await vault.balance('Rich'), await vault.balance('Poor')]).to.deep.equal([10_000, 10_000]);
  });
});
