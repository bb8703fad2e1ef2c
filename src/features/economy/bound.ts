/**
 * The bound on money (maxCents, 100,000,000,000.00): what would pass it is
 * refused with a 400 before anything stays changed, so balances and amounts
 * remain exact integers. A balance above the bound (data from before it)
 * may still go down; only what raises a balance past it is refused.
 */
import { ApiError } from '../../errors.js';
import type { PlayerRef } from '../../game/port.js';
import type { StorePart, TransactionalStores } from '../../store/port.js';
import { maxCents } from '../common/money.js';
import { PastBoundError, type LedgerStore, type Posting } from './store.js';

export class MoneyBound {
  constructor(
    private readonly ledgerPart: StorePart<LedgerStore>,
    /** Cents as the API shows them, with the currency symbol. */
    private readonly format: (cents: number) => string,
    private readonly startingCents: () => number,
  ) {}

  /** 400 `amount_limit`: `what` (a price times a quantity, say) is more than one movement may be. */
  amountLimit(what: string): ApiError {
    return new ApiError(400, `${what} more than the maximum of ${this.format(maxCents)}`, 'amount_limit');
  }

  /** Refuses a posting of more than the bound at once. */
  checkAmounts(postings: Posting[]): void {
    const over = postings.find((posting) => Math.abs(posting.amount) > maxCents);
    if (over) throw this.amountLimit(`${over.description}: ${this.format(Math.abs(over.amount))} is`);
  }

  /** The 400 `balance_limit` of a posting the ledger refused for passing the bound (nothing of it was written); any other failure as it is. */
  refusalOf(error: unknown): unknown {
    return error instanceof PastBoundError ? this.balanceLimit(error.player, error.balanceCents, error.cents) : error;
  }

  /** 400 `balance_limit` when adding `cents` to `balanceCents` passes the bound. */
  requireRoom(player: PlayerRef, balanceCents: number, cents: number): void {
    if (passesBound(balanceCents, cents)) throw this.balanceLimit(player, balanceCents, cents);
  }

  private balanceLimit(player: PlayerRef, balanceCents: number, cents: number): ApiError {
    return new ApiError(
      400,
      `${player.name}'s balance would pass the maximum of ${this.format(maxCents)}: it is ${this.format(balanceCents)}, and ${this.format(cents)} more would make ${this.format(balanceCents + cents)}`,
      'balance_limit',
    );
  }

  /** Inside a unit: which postings fit under the bound on their balances as they are now, and which do not. */
  async withinBound(tx: TransactionalStores, postings: Posting[]): Promise<{ fitting: Posting[]; refused: Posting[] }> {
    const ledger = tx.part(this.ledgerPart);
    const fitting: Posting[] = [];
    const refused: Posting[] = [];
    for (const posting of postings) {
      const balance = (await ledger.account(posting.player.uuid))?.cents ?? this.startingCents();
      (passesBound(balance, posting.amount) ? refused : fitting).push(posting);
    }
    return { fitting, refused };
  }
}

/** Whether adding `cents` (a deposit) to `balanceCents` passes the bound. */
function passesBound(balanceCents: number, cents: number): boolean {
  return cents > 0 && balanceCents + cents > maxCents;
}
