/**
 * VaultMoves.stop(): the background settlement of a step whose answer was
 * lost ends at stop, and what it had not settled is told (the money may be
 * off by that amount, and nothing else will say so).
 */
import { expect } from 'chai';
import { VaultMoves } from '../../src/features/economy/vault-moves.js';
import { GameUnavailableError } from '../../src/game/errors.js';
import type { ChangeOptions, EconomyProvider } from '../../src/game/port.js';

/** A game's economy that is away: every ask fails as unanswered, after `holdMs` (an ask in flight). */
class AwayEconomy implements EconomyProvider {
  readonly asks: string[] = [];
  holdMs = 0;
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
    if (this.holdMs > 0) await new Promise((resolve) => setTimeout(resolve, this.holdMs));
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
    // The background asks every 20 ms; each ask takes 100 ms to fail, so stop comes while one is in flight.
    economy.holdMs = 100;
    await wait(50);
    const before = economy.asks.length;
    expect(before, 'a background ask in flight').to.equal(2);
    moves.stop();
    await wait(400);
    expect(economy.asks.length, `asks after stop: ${economy.asks.slice(before).join('; ')}`).to.equal(before);
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
