/** Bodies and answers of the economy endpoints. Money is a number with at most two decimals. */
import { t } from '../../lib/schema.js';
import { gameText, money, pageQuery, paginationObject, playerName, timestamp } from '../common/schemas.js';
import { fromCents, maxCents } from '../common/money.js';
import { transactionTypes } from './store.js';

/** The most one movement may be, as the API shows money (see maxCents). */
const maximumAmount = fromCents(maxCents);

export const transaction = t.object({
  id: t.integer(),
  type: t.enum(transactionTypes),
  amount: t.number({ description: 'Negative for money spent.' }),
  balance: t.number({ description: 'The balance after this transaction.' }),
  description: t.string(),
  timestamp,
  counterparty: t.optional(t.string({ description: 'The other player of a transfer.' })),
  item: t.optional(t.string()),
  quantity: t.optional(t.integer()),
  reverses: t.optional(t.integer({ description: 'The transaction this one undoes.' })),
  actor: t.optional(t.string({ description: 'The admin behind an ADMIN transaction.' })),
});

const balanceFields = {
  balance: t.number(),
  symbol: t.string(),
  formatted: t.string({ example: '$1,234.50' }),
};

export const balanceAnswer = t.object({ success: t.literal(true), username: t.string(), ...balanceFields });

export const balanceQuery = t.object({ username: t.optional(playerName) });

export const historyQuery = t.object({ username: t.optional(playerName), ...pageQuery({ default: 50, max: 200 }) });

export const historyAnswer = t.object({ success: t.literal(true), username: t.string(), transactions: t.array(transaction), pagination: paginationObject });

export const transferBody = t.object({
  to: playerName,
  amount: money({ exclusiveMinimum: 0, maximum: maximumAmount }),
  note: t.optional(gameText({ maxLength: 100 })),
});

export const movedAnswer = t.object({ success: t.literal(true), message: t.string(), transaction, ...balanceFields });

export const adjustBody = t.object({
  username: playerName,
  amount: money({ minimum: -maximumAmount, maximum: maximumAmount, description: 'Added to the balance; negative to take money away. Not 0.' }),
  reason: gameText({ minLength: 1, maxLength: 200 }),
});

export const reverseBody = t.object({ reason: t.optional(gameText({ maxLength: 200 })) });

export const reversedAnswer = t.object({ success: t.literal(true), message: t.string(), transactions: t.array(transaction) });

export const symbolAnswer = t.object({ success: t.literal(true), symbol: t.string(), name: t.string() });
