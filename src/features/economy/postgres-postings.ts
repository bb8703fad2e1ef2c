/** A posting as the PostgreSQL ledger's function `<prefix>ledger_post` takes it: one array a column, the lines in order. */
import type { Posting } from './store.js';

/** Refuses an amount that is not whole cents; false when there is nothing to post. */
export function wholeCents(postings: Posting[]): boolean {
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amount)) throw new Error(`a posting's amount must be whole cents, not ${posting.amount}`);
  }
  return postings.length > 0;
}

/** The posting's lines as the arrays `<prefix>ledger_post` takes, with the time. */
export function postingColumns(postings: Posting[], at: Date): unknown[] {
  const column = <T>(value: (posting: Posting) => T | undefined) => postings.map((posting) => value(posting) ?? null);
  return [
    column((posting) => posting.player.uuid),
    column((posting) => posting.amount),
    column((posting) => posting.externalBalance),
    at.toISOString(),
    column((posting) => posting.type),
    column((posting) => posting.description),
    column((posting) => posting.counterparty?.uuid),
    column((posting) => posting.counterparty?.name),
    column((posting) => posting.item),
    column((posting) => (posting.item !== undefined ? posting.quantity : undefined)),
    column((posting) => posting.reverses),
    column((posting) => posting.actor),
  ];
}
