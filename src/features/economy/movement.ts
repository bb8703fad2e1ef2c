/**
 * What a movement of money is asked with and answers: the types the economy
 * service and the modules beside it (reversals, the shop's purchases and
 * sales) share, kept apart so that none of them needs the service's file for
 * its types.
 */
import type { IdempotencyRequest } from '../../http/idempotency.js';
import type { TransactionalStores } from '../../store/port.js';
import type { DescribeShortfall } from './shortfall.js';
import type { LedgerRecord, Posting } from './store.js';

export type { IdempotencyRequest } from '../../http/idempotency.js';

export interface Once<T> {
  result: T;
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed: boolean;
  /** What the caller kept beside the records for its answer (a sale's refusals), when it kept anything. */
  note?: unknown;
}

export interface MoveOptions {
  /** In the unit of work, before the postings are made: throws to refuse (nothing is written). */
  check?: (tx: TransactionalStores) => Promise<void>;
  /** In the unit that records the postings: the caller's own writes that go with them. */
  after?: (tx: TransactionalStores, posted: LedgerRecord[]) => Promise<void>;
  /** Kept with the answer for a replay (JSON), when the records alone do not make the answer. */
  note?: unknown;
  /** The caller already holds the Idempotency-Key (see `holdingKey`). */
  keyHeld?: boolean;
  /** How a refusal for want of money is worded for this movement (else a bare "Insufficient funds"). */
  shortfall?: DescribeShortfall;
  /**
   * Every player's account is open under the name the posting gives (a name
   * remembered, see `transferToNamed`): otherwise the posting is refused with
   * UnopenedAccountError and no account is opened or renamed. Built-in only.
   */
  accountsOpen?: boolean;
}

/** What reversals need of the economy service: its provider check and a movement. */
export interface MovesMoney {
  requireProvider(): unknown;
  move(postings: Posting[], idempotency: IdempotencyRequest | undefined, options?: MoveOptions): Promise<Once<LedgerRecord[]>>;
}
