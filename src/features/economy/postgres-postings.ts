/** Postings as the PostgreSQL ledger's functions `<prefix>ledger_post_pair`, `_batch` and `_once` take them, and what they answer. */
import { maxCents } from '../common/money.js';
import type { LedgerRecord, Posting, StoredAnswer } from './store.js';

/** Refuses an amount that is not whole cents; false when there is nothing to post. */
export function wholeCents(postings: Posting[]): boolean {
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amount)) throw new Error(`a posting's amount must be whole cents, not ${posting.amount}`);
  }
  return postings.length > 0;
}

/** A posting of one or two lines as `<prefix>ledger_post_pair` takes it (migration 4): each line's values, the second's NULL for one line, the time and the bound. */
export function pairParameters(postings: Posting[], at: Date): unknown[] {
  const lineValues = (posting: Posting | undefined) => [
    posting?.player.uuid ?? null,
    posting?.player.name ?? null,
    posting?.amount ?? null,
    posting?.externalBalance ?? null,
    posting?.type ?? null,
    posting?.description ?? null,
    posting?.counterparty?.uuid ?? null,
    posting?.counterparty?.name ?? null,
    posting?.item ?? null,
    posting?.item !== undefined ? (posting.quantity ?? null) : null,
    posting?.reverses ?? null,
    posting?.actor ?? null,
  ];
  return [...lineValues(postings[0]), ...lineValues(postings[1]), at.toISOString(), maxCents];
}

/** Postings as `<prefix>ledger_post_batch` takes them (migration 4): each line's posting's number (from 1), the lines' columns with each line's time, and the bound. */
export function batchColumns(batch: ReadonlyArray<{ postings: Posting[]; at: Date }>): unknown[] {
  const lines = batch.flatMap(({ postings, at }, index) => postings.map((posting) => ({ posting, number: index + 1, at: at.toISOString() })));
  const column = <T>(value: (line: (typeof lines)[number]) => T | undefined) => lines.map((line) => value(line) ?? null);
  return [
    column((line) => line.number),
    column((line) => line.posting.player.uuid),
    column((line) => line.posting.player.name),
    column((line) => line.posting.amount),
    column((line) => line.posting.externalBalance),
    column((line) => line.at),
    column((line) => line.posting.type),
    column((line) => line.posting.description),
    column((line) => line.posting.counterparty?.uuid),
    column((line) => line.posting.counterparty?.name),
    column((line) => line.posting.item),
    column((line) => (line.posting.item !== undefined ? line.posting.quantity : undefined)),
    column((line) => line.posting.reverses),
    column((line) => line.posting.actor),
    maxCents,
  ];
}

/** An Idempotency-Key a posting is made under (`<prefix>ledger_post_once`): its answer's key, the key's advisory lock, the request's fingerprint. */
export interface PostingKey {
  key: string;
  lock: string;
  fingerprint: string;
}

/** Postings as `<prefix>ledger_post_once` takes them (migration 5): as `_batch` does, then each posting's Idempotency-Key, if it has one. */
export function onceColumns(batch: ReadonlyArray<{ postings: Posting[]; at: Date; key?: PostingKey }>): unknown[] {
  return [...batchColumns(batch), batch.map(({ key }) => key?.key ?? null), batch.map(({ key }) => key?.lock ?? null), batch.map(({ key }) => key?.fingerprint ?? null)];
}

/**
 * What the ledger's functions answer of a posting: a line posted, or why the
 * posting was refused; or, from `<prefix>ledger_post_once`, that its key
 * has an answer already (`answered`, with it): nothing was posted.
 */
export interface PostedLine {
  /** The posting's line, from 1. */
  line: number;
  refused: 'funds' | 'bound' | 'unopened' | 'answered' | null;
  id: number | null;
  account: number | null;
  /** After the line; for a refusal, the balance the line found. */
  balance: number | null;
  /** For `answered`: the answer kept under the posting's key. */
  kept?: StoredAnswer;
}

/** A row of `<prefix>ledger_post_once`: a posting's line, or the answer kept under its key. */
export interface OnceRow {
  posting: number;
  line: number;
  refused: PostedLine['refused'];
  id: number | null;
  account: number | null;
  balance: number | null;
  kept_fingerprint: string | null;
  kept_status: number | null;
  kept_body: unknown;
  kept_at: Date | null;
}

/** The row as a batch's line. */
export function onceLine(row: OnceRow): PostedLine & { posting: number } {
  const { posting, line, refused, id, account, balance } = row;
  if (refused !== 'answered') return { posting, line, refused, id, account, balance };
  return {
    posting,
    line,
    refused,
    id,
    account,
    balance,
    kept: { fingerprint: row.kept_fingerprint!, status: row.kept_status!, body: row.kept_body, at: row.kept_at!.toISOString() },
  };
}

/** A posted line's record, as the JSON ledger makes it (and as `record` reads it back). */
export function recordOf(posting: Posting, line: PostedLine, timestamp: string): LedgerRecord {
  return {
    id: line.id!,
    account: line.account!,
    player: { name: posting.player.name, uuid: posting.player.uuid },
    type: posting.type,
    amount: posting.amount,
    balance: line.balance!,
    description: posting.description,
    timestamp,
    ...(posting.counterparty ? { counterparty: { name: posting.counterparty.name, uuid: posting.counterparty.uuid } } : {}),
    ...(posting.item !== undefined ? { item: posting.item, quantity: posting.quantity } : {}),
    ...(posting.reverses !== undefined ? { reverses: posting.reverses } : {}),
    ...(posting.actor !== undefined ? { actor: posting.actor } : {}),
  };
}
