/**
 * A child process for the crash test of units of work: opens a JSON store
 * with the test ledger, then runs 32 workers doing random transfers between
 * 20 accounts forever, checkpointing every 20 ms, and prints "ack <id>" for
 * every transfer the store acknowledged. The parent kills it with -9.
 */
import { JsonStore } from '../../src/store/json/index.js';
import { testLedgerImplementations, testLedgerPart, type TestLedger } from './transfer-part.js';

const dataDirectory = process.argv[2]!;
const accounts = Array.from({ length: 20 }, (_, index) => `account${index}`);
const store = await JsonStore.open(dataDirectory, { parts: [testLedgerImplementations], checkpointIntervalMs: 20 });
const ledger: TestLedger = store.part(testLedgerPart);
if ((await ledger.total()) === 0) {
  await store.transaction(async (tx) => {
    for (const account of accounts) await tx.part(testLedgerPart).open(account, 1000);
  });
}
process.stdout.write('ready\n');
let next = 0;
const pick = () => accounts[Math.floor(Math.random() * accounts.length)]!;
async function worker(): Promise<void> {
  for (;;) {
    const id = `t${process.pid}-${next++}`;
    try {
      await ledger.transfer(id, pick(), pick(), 1 + Math.floor(Math.random() * 200));
      process.stdout.write(`ack ${id}\n`);
    } catch {
      // An overdraft refused: nothing moved.
    }
  }
}
await Promise.all(Array.from({ length: 32 }, worker));
