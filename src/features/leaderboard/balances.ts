/**
 * Every balance, for the balance board. The ledger's store port offers one
 * account at a time, so the board reads the accounts through a store part
 * of its own; on the JSON store, the ledger part's accounts table, as it is
 * in memory (a scan costs no file read).
 */
import type { EconomyAccount } from '../economy/ledger-store.js';
import type { StorePart } from '../../store/port.js';

export interface BalanceSource {
  /** Each account's player and balance in cents, read as the caller iterates. */
  balances(): Iterable<{ uuid: string; name: string; cents: number }>;
}

/** The name the ledger's JSON part gives its accounts table (src/features/economy/ledger-json.ts). */
const ledgerAccountsTable = 'economyAccounts';

export const balancesPart: StorePart<BalanceSource> = {
  name: 'leaderboard-balances',
  json: {
    // Nothing of its own to keep.
    define: () => undefined,
    bind: (access) => ({
      *balances() {
        for (const account of access.read<EconomyAccount>(ledgerAccountsTable).values()) yield { uuid: account.uuid, name: account.name, cents: account.cents };
      },
    }),
  },
};
