/**
 * Every balance, for the balance board. The ledger's store port offers one
 * account at a time, so the board reads the accounts through a store part
 * of its own: on the JSON store, the ledger part's accounts table, as it is
 * in memory (a scan costs no file read); on PostgreSQL, one query of the
 * ledger's accounts table.
 */
import type { EconomyAccount } from '../economy/store.js';
import type { StorePartImplementations } from '../../store/part-implementations.js';
import { storePart } from '../../store/port.js';

export interface BalanceSource {
  /** Each account's player and balance in cents, read as the caller iterates. */
  balances(): Promise<Iterable<{ uuid: string; name: string; cents: number }>>;
}

/** The name the ledger's JSON part gives its accounts table (src/features/economy/ledger-json.ts). */
const ledgerAccountsTable = 'economyAccounts';

export const balancesPart: StorePartImplementations<BalanceSource> = {
  part: storePart('leaderboard-balances'),
  json: {
    // Nothing of its own to keep.
    define: () => undefined,
    bind: (access) => ({
      balances: async () => {
        const accounts = access.read<EconomyAccount>(ledgerAccountsTable).values();
        return (function* () {
          for (const account of accounts) yield { uuid: account.uuid, name: account.name, cents: account.cents };
        })();
      },
    }),
  },
  postgres: {
    // The ledger part's table (src/features/economy/ledger-postgres.ts): nothing of its own.
    migrations: [],
    bind: (access) => ({
      balances: () => access.query<{ uuid: string; name: string; cents: number }>(`SELECT uuid, name, cents FROM ${access.name('economy_accounts')}`),
    }),
  },
};
