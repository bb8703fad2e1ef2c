/**
 * Moving money through the game's economy (Vault) when a response can be
 * lost on the way: the link drops, or the game answers after the sidecar
 * stopped waiting. Such a call may or may not have happened.
 *
 * Every call carries an operation id, and the plugin answers a repeated id
 * from its journal (kept on disk a day, so also after a server restart) or,
 * when the first call never started, does it then. A game that can moves the
 * whole movement in one call (`move`), recorded before anything moves; else
 * step by step. So a call whose response was lost is made again under the
 * same id until a response comes: then it is known to have happened exactly
 * once. A movement that fails is put back in the same way, including one
 * whose response came only later (in the background, so the caller gets its
 * 503 at once). What cannot be settled while the background retries (9
 * minutes), or what was spent before it could be put back, is logged with
 * the player and the amount, for an admin.
 */
import { randomUUID } from 'node:crypto';
import { GameUnavailableError } from '../../game/errors.js';
import type { EconomyProvider } from '../../game/port.js';
import type { Posting } from './store.js';
import { plainMoney } from '../common/money.js';

export interface VaultMoveOptions {
  logError: (message: string) => void;
  /** Pauses before calling again, in the request (default 250 and 750 ms). */
  confirmDelaysMs?: number[];
  /** Pauses between calls in the background, the last repeated (default 1 s doubling to 30 s). */
  settleDelaysMs?: number[];
  /** How long the background keeps calling (default 9 minutes): well within the day the plugin keeps its record of answers. */
  settleForMs?: number;
}

interface Step {
  posting: Posting;
  index: number;
}

export class VaultMoves {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** What each background settlement is about, until it is settled or given up. */
  private readonly unsettled = new Map<object, string>();
  private stopped = false;

  constructor(private readonly options: VaultMoveOptions) {}

  /**
   * Withdrawals first, so a refusal (insufficient funds) moves nothing; a
   * later failure puts back what was taken. Answers the balances Vault
   * reported, and how to undo the whole movement. `operation` names it to
   * the game: asked again under the same one (a dead instance's movement
   * taken over), the game answers what it did instead of moving it again.
   */
  async move(economy: EconomyProvider, postings: Posting[], operation: string = randomUUID()): Promise<{ balances: number[]; undo: () => Promise<void> }> {
    if (economy.move && economy.undoMove) return this.moveAtOnce(economy as Required<EconomyProvider>, postings, operation);
    return this.moveStepByStep(economy, postings, operation);
  }

  /**
   * The whole movement in one call, which the game records before it moves
   * anything and answers from that record when asked again, also after a
   * restart; one interrupted by a restart it undoes. So no step can be lost
   * between two calls, and the putting back is one call too, which never makes
   * money up when a player has spent what they were given (the game takes
   * back what is left and cuts the refunds by the rest; that shortfall is
   * logged for an admin).
   */
  private async moveAtOnce(economy: Required<EconomyProvider>, postings: Posting[], operationId: string): Promise<{ balances: number[]; undo: () => Promise<void> }> {
    const order = postings.map((posting, index) => ({ posting, index })).sort((a, b) => a.posting.amount - b.posting.amount);
    const what = `the movement ${order.map(({ posting }) => `${posting.amount < 0 ? 'from' : 'to'} ${posting.player.name} ${plainMoney(Math.abs(posting.amount))}`).join(', ')} (operation ${operationId})`;
    const call = () =>
      economy.move(
        order.map(({ posting }) => ({ playerName: posting.player.name, cents: posting.amount })),
        { operationId },
      );
    const putBack = async () => {
      const { shortfallCents } = await economy.undoMove(operationId);
      if (shortfallCents > 0)
        this.options.logError(
          `economy: putting back ${what}: ${plainMoney(shortfallCents)} of it had been spent and stays where it is; the Vault balances and the ledger differ by that amount`,
        );
      return shortfallCents;
    };
    const undo = () => this.settle(putBack, `putting back ${what}`);
    let after: number[];
    try {
      after = await this.confirmed(call);
    } catch (error) {
      // It may have happened: learn whether (the game answers from its record), then put it back.
      if (error instanceof GameUnavailableError) this.inBackground(call, what, undo);
      throw error;
    }
    const balances: number[] = [];
    for (const [position, { index }] of order.entries()) balances[index] = after[position]!;
    return { balances, undo };
  }

  /** For a game that moves money only one step at a time: each step asked under an operation id of its own. */
  private async moveStepByStep(economy: EconomyProvider, postings: Posting[], operation: string): Promise<{ balances: number[]; undo: () => Promise<void> }> {
    const order = postings.map((posting, index) => ({ posting, index })).sort((a, b) => a.posting.amount - b.posting.amount);
    const balances: number[] = [];
    const done: Step[] = [];
    const call = (step: Step, undo: boolean) => () => {
      const operationId = `${operation}-${step.index}${undo ? '-undo' : ''}`;
      const { player, amount } = step.posting;
      const takes = amount < 0 !== undo;
      return takes ? economy.withdraw(player.name, Math.abs(amount), { operationId }) : economy.deposit(player.name, Math.abs(amount), { operationId });
    };
    const describe = (step: Step, undo: boolean) =>
      `${undo ? 'putting back' : 'moving'} ${plainMoney(Math.abs(step.posting.amount))} ${step.posting.amount < 0 !== undo ? 'from' : 'to'} ${step.posting.player.name}`;
    const undo = async () => {
      for (const step of [...done].reverse()) await this.settle(call(step, true), describe(step, true));
    };
    for (const step of order) {
      try {
        balances[step.index] = await this.confirmed(call(step, false));
      } catch (error) {
        if (error instanceof GameUnavailableError) {
          // It may have happened: learn whether, then put it back.
          this.inBackground(call(step, false), describe(step, false), () => this.settle(call(step, true), describe(step, true)));
        }
        await undo();
        throw error;
      }
      done.push(step);
    }
    return { balances, undo };
  }

  /** Cancels the background calls (at stop); what they had not settled is logged. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const what of this.unsettled.values()) this.logUnsettled(what, 'Gatehouse stopped before the game answered');
    this.unsettled.clear();
  }

  private logUnsettled(what: string, why: string): void {
    this.options.logError(`economy: ${what} may or may not have happened (${why}); check that player's Vault balance`);
  }

  /** The step's answer, asked again under its id while the answer is lost. */
  private async confirmed<T>(call: () => Promise<T>): Promise<T> {
    const delays = this.options.confirmDelaysMs ?? [250, 750];
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof GameUnavailableError) || attempt >= delays.length) throw error;
        await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
      }
    }
  }

  /** Does a putting back: at once when the game answers, else in the background. A refusal (the money spent since) is logged. */
  private async settle(call: () => Promise<unknown>, what: string): Promise<void> {
    try {
      await this.confirmed(call);
    } catch (error) {
      if (error instanceof GameUnavailableError) this.inBackground(call, what);
      else this.options.logError(`economy: ${what} failed: ${(error as Error).message}; the Vault balance and the ledger differ by that amount`);
    }
  }

  /** Keeps asking under the same id until the game answers; then `then`. A refusal means nothing happened. */
  private inBackground(call: () => Promise<unknown>, what: string, then?: () => Promise<void>): void {
    if (this.stopped) {
      this.logUnsettled(what, 'Gatehouse was stopping');
      return;
    }
    const delays = this.options.settleDelaysMs ?? [1000, 2000, 4000, 8000, 16000, 30000];
    const giveUpAt = Date.now() + (this.options.settleForMs ?? 9 * 60_000);
    const token = {};
    this.unsettled.set(token, what);
    const attempt = (index: number) => {
      const timer = setTimeout(
        async () => {
          this.timers.delete(timer);
          try {
            await call();
          } catch (error) {
            if (this.stopped) return; // told at stop
            if (!(error instanceof GameUnavailableError)) return void this.unsettled.delete(token); // refused: it did not happen, nothing to put back
            if (Date.now() < giveUpAt) return attempt(index + 1);
            this.unsettled.delete(token);
            this.logUnsettled(what, `the game has not answered for ${Math.round((this.options.settleForMs ?? 540_000) / 1000)} s`);
            return;
          }
          if (this.stopped) return; // told at stop
          this.unsettled.delete(token);
          await then?.().catch((error: Error) => this.options.logError(`economy: after ${what}: ${error.message}`));
        },
        delays[Math.min(index, delays.length - 1)],
      );
      timer.unref();
      this.timers.add(timer);
    };
    attempt(0);
  }
}
