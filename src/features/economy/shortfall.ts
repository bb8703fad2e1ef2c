/**
 * A refusal for want of money that a person can act on: whose balance, how
 * much it holds, and how much is missing, as the API shows money. The store
 * (or Vault) says only that a line would take a balance below zero; each
 * kind of movement says what that means for it.
 */
import { ApiError } from '../../errors.js';
import { InsufficientFundsError } from '../../game/errors.js';

/** What a refused withdrawal knew, the amounts already formatted with the currency symbol. */
export interface Shortfall {
  player: string;
  /** What the line would have taken. */
  needed: string;
  /** The balance before it, when the economy said (Vault may not). */
  balance: string | undefined;
  /** How much is missing, when the balance is known. */
  missing: string | undefined;
}

/** Says a shortfall for one kind of movement. */
export type DescribeShortfall = (short: Shortfall) => string;

/** `error`, or for a refusal for want of money the 400 `insufficient_funds` in the words `describe` gives it. */
export function shortfallRefusal(error: unknown, describe: DescribeShortfall | undefined, format: (cents: number) => string): unknown {
  if (!(error instanceof InsufficientFundsError) || !describe) return error;
  const known = error.balanceCents;
  const short: Shortfall = {
    player: error.playerName,
    needed: format(error.neededCents),
    balance: known === undefined ? undefined : format(known),
    missing: known === undefined ? undefined : format(error.neededCents - known),
  };
  return new ApiError(400, describe(short), 'insufficient_funds');
}

/** A transfer: the payer is the caller. */
export const transferShortfall: DescribeShortfall = ({ needed, balance, missing }) =>
  balance === undefined
    ? `Insufficient funds: sending ${needed} is more than your balance`
    : `Insufficient funds: sending ${needed} needs ${missing} more than your balance of ${balance}`;

/** An admin's adjustment taking money away. */
export const adjustmentShortfall: DescribeShortfall = ({ player, needed, balance, missing }) =>
  balance === undefined
    ? `Insufficient funds: ${player}'s balance is less than the ${needed} to take`
    : `Insufficient funds: ${player}'s balance (${balance}) is ${missing} short of the ${needed} to take`;

/** A reversal taking back what a record gave. */
export const reversalShortfall: DescribeShortfall = ({ player, needed, balance, missing }) =>
  balance === undefined
    ? `Cannot reverse: ${player}'s balance is less than the ${needed} to take back`
    : `Cannot reverse: ${player}'s balance (${balance}) is ${missing} short of the ${needed} to take back`;
