/** The economy's presenters: ledger records and balances as the API answers them. */
import { formatMoney, fromCents } from '../common/money.js';
import type { LedgerRecord } from './store.js';

/** A balance in the currency's units, with the symbol and as written for people. */
export function moneyAnswer(cents: number, symbol: string) {
  return { balance: fromCents(cents), symbol, formatted: formatMoney(cents, symbol) };
}

export function transactionAnswer(record: LedgerRecord) {
  return {
    id: record.id,
    type: record.type,
    amount: fromCents(record.amount),
    balance: fromCents(record.balance),
    description: record.description,
    timestamp: record.timestamp,
    ...(record.counterparty ? { counterparty: record.counterparty.name } : {}),
    ...(record.item !== undefined ? { item: record.item, quantity: record.quantity } : {}),
    ...(record.reverses !== undefined ? { reverses: record.reverses } : {}),
    ...(record.actor !== undefined ? { actor: record.actor } : {}),
  };
}
