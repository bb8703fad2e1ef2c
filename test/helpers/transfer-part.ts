import path from 'node:path';
import type { StorePartImplementations } from '../../src/store/part-implementations.js';
import { storePart } from '../../src/store/port.js';
import { documentFile } from '../../src/store/json/table-files.js';

/**
 * A store part for tests of units of work: accounts with balances and a
 * record per transfer, written together. Money moves only inside a unit, so
 * the total stays what it started as whatever happens.
 */
interface Transfer {
  id: string;
  from: string;
  to: string;
  amount: number;
}

export interface TestLedger {
  balance(account: string): Promise<number | undefined>;
  open(account: string, balance: number): Promise<void>;
  /** Moves `amount` and records the transfer in one unit; refuses (throws) an overdraft. */
  transfer(id: string, from: string, to: string, amount: number): Promise<void>;
  transferIds(): Promise<string[]>;
  total(): Promise<number>;
}

export const testLedgerPart = storePart<TestLedger>('test-ledger');

/** The test ledger on the JSON store (the only kind its tests open). */
export const testLedgerImplementations: StorePartImplementations<TestLedger> = {
  part: testLedgerPart,
  json: {
    define: (database, dataDirectory) => {
      database.define<number>(
        { name: 'testBalances' },
        documentFile<number, Record<string, number>>(path.join(dataDirectory, 'test-balances.json'), {
          fromDocument: (document) => Object.entries(document),
          toDocument: (records) => Object.fromEntries(records),
        }),
      );
      database.define<Transfer>(
        { name: 'testTransfers' },
        documentFile<Transfer, Record<string, Transfer>>(path.join(dataDirectory, 'test-transfers.json'), {
          fromDocument: (document) => Object.entries(document),
          toDocument: (records) => Object.fromEntries(records),
        }),
      );
    },
    bind: (access) => ({
      balance: async (account) => access.read<number>('testBalances').get(account),
      open: (account, balance) => access.write((tx) => tx.put('testBalances', account, balance)),
      transfer: (id, from, to, amount) =>
        access.write((tx) => {
          const source = tx.get<number>('testBalances', from) ?? 0;
          if (source < amount) throw new Error('insufficient funds');
          tx.put('testBalances', from, source - amount);
          tx.put('testBalances', to, (tx.get<number>('testBalances', to) ?? 0) + amount);
          tx.put('testTransfers', id, { id, from, to, amount });
        }),
      transferIds: async () => [...access.read<Transfer>('testTransfers').values()].map((transfer) => transfer.id),
      total: async () => [...access.read<number>('testBalances').values()].reduce((sum, balance) => sum + balance, 0),
    }),
  },
};
