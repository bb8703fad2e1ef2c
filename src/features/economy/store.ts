/**
 * The economy's records: accounts with their balances, and the append-only
 * ledger of every movement of money Gatehouse makes, each with the balance
 * after it. A store part (see StorePart): the contract suite in
 * test/contracts/ledger.test.ts runs against every implementation.
 *
 * Amounts are integer cents. A posting that would make a balance negative
 * throws InsufficientFundsError, one that would raise a balance past the
 * bound (common/money.ts) PastBoundError; either way nothing of it is written.
 */
import type { PlayerRef } from '../../game/port.js';
import { ExpectedError } from '../../lib/expected-error.js';
import { storePart } from '../../store/port.js';

export const transactionTypes = ['PURCHASE', 'SALE', 'TRANSFER', 'ADMIN', 'REWARD'] as const;
export type TransactionType = (typeof transactionTypes)[number];

export interface EconomyAccount {
  /** A small number of the account's own, for compact indexes. */
  no: number;
  uuid: string;
  /** The player's name as last seen. */
  name: string;
  cents: number;
  /** What the account opened with (economy.startingBalance then): the balance is this plus the sum of its records. */
  startingCents: number;
  openedAt: string;
}

export interface LedgerRecord {
  id: number;
  /** The account's number. */
  account: number;
  player: PlayerRef;
  type: TransactionType;
  /** Cents; negative for money spent. */
  amount: number;
  /** Cents, after this record. */
  balance: number;
  description: string;
  timestamp: string;
  /** The other side of a transfer. */
  counterparty?: PlayerRef;
  item?: string;
  quantity?: number;
  /** The record this one undoes. */
  reverses?: number;
  /** The admin (or `service`) behind an ADMIN record. */
  actor?: string;
}

/** One line of a posting: what changes on one account. */
export interface Posting {
  player: PlayerRef;
  amount: number;
  type: TransactionType;
  description: string;
  counterparty?: PlayerRef;
  item?: string;
  quantity?: number;
  reverses?: number;
  actor?: string;
  /**
   * For an economy the game keeps (Vault): the balance it reported after
   * the movement, which the record and the account's mirror take as they are.
   */
  externalBalance?: number;
}

/**
 * How many times `openAndPost` opens a posting's accounts before it gives up
 * with UnopenedAccountError: each further time needs another rename (a join
 * under a new name) at that very moment.
 */
export const maxAccountOpenings = 3;

/** A posting line would raise the player's balance past the bound (common/money.ts maxCents); nothing of the posting was written. */
export class PastBoundError extends ExpectedError {
  override name = 'PastBoundError';
  constructor(
    readonly player: PlayerRef,
    /** The balance the line found. */
    readonly balanceCents: number,
    /** What the line would have added. */
    readonly cents: number,
  ) {
    super(`${player.name}'s balance would pass the maximum`);
  }
}

/** `post` found a player without an account under the name the posting gives (none, or one since renamed); nothing of the posting was written. */
export class UnopenedAccountError extends ExpectedError {
  override name = 'UnopenedAccountError';
  constructor(readonly player: PlayerRef) {
    super(`${player.name} has no economy account under that name`);
  }
}

/** A request's Idempotency-Key (scoped to its caller) and the fingerprint of what it asked (http/idempotency.ts). */
export interface RequestKey {
  key: string;
  fingerprint: string;
}

/** What `postOnce` did: the posting made (its records kept as the key's answer), or nothing, an answer being kept under the key. */
export type PostedOnce = { records: LedgerRecord[] } | { kept: StoredAnswer };

/** The first answer to a money-moving request with an Idempotency-Key, kept 24 hours. */
export interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
  at: string;
}

export interface LedgerStore {
  account(uuid: string): Promise<EconomyAccount | undefined>;
  /** By the name the player was last seen with, in any ASCII letter case. */
  accountByName(name: string): Promise<EconomyAccount | undefined>;
  /** Opens the account if the player has none (keeping the name up to date if it has); returns it. */
  openAccount(player: PlayerRef, startingCents: number, at: Date): Promise<EconomyAccount>;
  /**
   * Applies the postings in order, each to the account open under its
   * player's uuid and name, and appends a record for each with the balance
   * after; throws UnopenedAccountError if a player has no account under that
   * name, InsufficientFundsError if a line would leave a balance below zero,
   * PastBoundError if one would raise a balance past the bound (lines with
   * an external balance excepted), and then writes nothing. All of it or
   * nothing, also outside a unit of work; inside one when it must go with
   * other writes.
   */
  post(postings: Posting[], at: Date): Promise<LedgerRecord[]>;
  /**
   * openAccount for each posting's player (with `startingCents`), then post:
   * the same outcome, in as few round trips to the store as it can (one,
   * on PostgreSQL, when every account is open under its player's name).
   */
  openAndPost(postings: Posting[], startingCents: number, at: Date): Promise<LedgerRecord[]>;
  /**
   * A posting under an Idempotency-Key, as one write: when an answer is
   * kept under `once.key` (whatever its fingerprint), nothing is posted and
   * that answer is answered; otherwise `post` (or, with `startingCents`,
   * `openAndPost`), and its records kept as the key's answer (status 200,
   * the request's fingerprint, at the posting's time) together with it. A
   * request repeated at once, on this instance or another, finds the first
   * one's answer. On PostgreSQL one statement (with the postings made
   * meanwhile, outside a unit of work).
   */
  postOnce(postings: Posting[], at: Date, once: RequestKey, startingCents?: number): Promise<PostedOnce>;
  record(id: number): Promise<LedgerRecord | undefined>;
  /** Newest first. */
  history(uuid: string, page: { offset: number; limit: number }): Promise<{ records: LedgerRecord[]; total: number }>;
  /** The id of the record that reversed `id`, if one did. */
  reversalOf(id: number): Promise<number | undefined>;
  markReversed(ids: number[], reversalId: number): Promise<void>;
  answer(key: string): Promise<StoredAnswer | undefined>;
  saveAnswer(key: string, answer: StoredAnswer): Promise<void>;
  /** Retention: ledger records older than `cutoff` (whole days), and stored answers. */
  deleteRecordsBefore(cutoff: Date): Promise<number>;
  deleteAnswersBefore(cutoff: Date): Promise<number>;
  /** How many accounts there are and the money in them all, in cents. */
  totals(): Promise<{ accounts: number; cents: number }>;
  /** How many ledger records there are (those retention deleted not counted): a backup's manifest says it. */
  recordCount(): Promise<number>;
  /** Each account's player (the name last seen) and balance in cents, for the balance board; read as the caller iterates, in no particular order. */
  balances(): Promise<Iterable<AccountBalance>>;
}

export interface AccountBalance {
  uuid: string;
  name: string;
  cents: number;
}

/** The ledger's store part (its implementations: store-json.ts, store-postgres.ts). */
export const ledgerPart = storePart<LedgerStore>('ledger');
