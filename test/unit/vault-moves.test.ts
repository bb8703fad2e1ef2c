/**
 * VaultMoves.stop(): the background settlement of a step whose answer was
 * lost ends at stop, and what it had not settled is told (the money may be
 * off by that amount, and nothing else will say so).
 */
import { expect } from 'chai';
import { VaultMoves } from '../../src/features/economy/vault-moves.js';
import { GameUnavailableError } from '../../src/game/errors.js';
import type { ChangeOptions, EconomyProvider } from '../../src/game/port.js';

/** A game's economy that is away: every ask fails as unanswered; while `holding`, an ask stays in flight until `release()`. */
class AwayEconomy implements EconomyProvider {
  readonly asks: string[] = [];
  holding = false;
  private released: Array<() => void> = [];
  private waitingForAsk: Array<{ count: number; resolve: () => void }> = [];

  /** Resolves once `count` asks have been made. */
  asked(count: number): Promise<void> {
    if (this.asks.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waitingForAsk.push({ count, resolve }));
  }

  /** Lets every ask in flight fail. */
  release(): void {
    this.holding = false;
    for (const resolve of this.released.splice(0)) resolve();
  }

  async describe(): Promise<string> {
    return 'away';
  }
  async balance(): Promise<number> {
    throw new GameUnavailableError('away');
  }
  async deposit(name: string, cents: number, options?: ChangeOptions): Promise<number> {
    return this.ask(`deposit ${name} ${cents} ${options?.operationId}`);
  }
  async withdraw(name: string, cents: number, options?: ChangeOptions): Promise<number> {
    return this.ask(`withdraw ${name} ${cents} ${options?.operationId}`);
  }
  private async ask(what: string): Promise<number> {
    this.asks.push(what);
    const due = this.waitingForAsk.filter((waiter) => waiter.count <= this.asks.length);
    this.waitingForAsk = this.waitingForAsk.filter((waiter) => waiter.count > this.asks.length);
    for (const waiter of due) waiter.resolve();
    if (this.holding) await new Promise<void>((resolve) => this.released.push(resolve));
    throw new GameUnavailableError('no answer');
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const payer = { player: { name: 'Rich', uuid: '00000000-0000-3000-8000-000000000001' }, amount: -3000, type: 'TRANSFER' as const, description: 'test' };

describe('economy: Vault moves stopped while settling in the background', function () {
  it('asks nothing more after stop, even when stop comes while a background ask is in flight', async function () {
    const economy = new AwayEconomy();
    const logged: string[] = [];
    const moves = new VaultMoves({ logError: (message) => logged.push(message), confirmDelaysMs: [], settleDelaysMs: [20], settleForMs: 60_000 });
    expect(await moves.move(economy, [payer]).catch((error) => error)).to.be.instanceOf(GameUnavailableError);
    expect(economy.asks, 'the request asked once').to.have.length(1);
    // The background asks again after 20 ms; that ask is held in flight, and stop comes while it is.
    economy.holding = true;
    await economy.asked(2);
    moves.stop();
    economy.release();
    // Nothing to wait for but time: twenty of the background's intervals, in which it would have asked again.
    await wait(400);
    expect(economy.asks.length, `asks after stop: ${economy.asks.slice(2).join('; ')}`).to.equal(2);
  });

  it('tells, at stop, each step it had not settled', async function () {
    const economy = new AwayEconomy();
    const logged: string[] = [];
    const moves = new VaultMoves({ logError: (message) => logged.push(message), confirmDelaysMs: [], settleDelaysMs: [10_000], settleForMs: 60_000 });
    expect(await moves.move(economy, [payer]).catch((error) => error)).to.be.instanceOf(GameUnavailableError);
    moves.stop();
    expect(logged.join('\n')).to.match(/moving 30\.00 from Rich/);
  });
});
