import path from 'node:path';
import { InsufficientFundsError } from '../../game/errors.js';
import type { PlayerRef } from '../../game/port.js';
import { asciiLowerCase } from '../../lib/ascii.js';
import type { JsonAccess, JsonStorePart } from '../../store/json/access.js';
import type { JsonDatabase, TableTransaction } from '../../store/json/database.js';
import { IndexedLog } from '../../store/json/indexed-log.js';
import { documentFile, shardedFile } from '../../store/json/table-files.js';
import { type AnswerRow, answersFile } from './answers-file.js';
import { maxCents } from '../common/money.js';
import {
  maxAccountOpenings,
  PastBoundError,
  UnopenedAccountError,
  type AccountBalance,
  type EconomyAccount,
  type LedgerRecord,
  type LedgerStore,
  type Posting,
  type PostedOnce,
  type RequestKey,
  type StoredAnswer,
} from './store.js';

const accountsPerShard = 1000;
const accounts = 'economyAccounts';
const ledger = 'ledger';
const reversals = 'economyReversals';
const answers = 'economyAnswers';

/** What the JSON database keeps beside the tables: the ledger log, and the totals kept from the accounts' changes. */
class LedgerState {
  nextAccountNo = 1;
  accountCount = 0;
  totalCents = 0;
  constructor(readonly log: IndexedLog<LedgerRecord>) {}
}

const states = new WeakMap<JsonDatabase, LedgerState>();

/**
 * The ledger on the JSON store: accounts in `economy/accounts-NNNNNN.json`
 * (1,000 to a file by number), the ledger in `economy/ledger/` day files with
 * their indexes (see IndexedLog: records stay on disk, not in memory),
 * reversals in a small document, and the answers kept for Idempotency-Keys
 * in `economy/idempotency.jsonl`, appended at checkpoints (./answers-file.ts).
 * Balances are kept on the accounts, so they never depend on old records.
 */
export const jsonLedgerPart: JsonStorePart<LedgerStore> = {
  define: (database, dataDirectory) => {
    const directory = path.join(dataDirectory, 'economy');
    const log = new IndexedLog<LedgerRecord>(path.join(directory, 'ledger'), { name: ledger, groupOf: (record) => record.account });
    const state = new LedgerState(log);
    states.set(database, state);
    database.defineCustom(log, log.asTableFile());
    const table = database.define<EconomyAccount>(
      { name: accounts, uniqueIndexes: { uuid: (account) => account.uuid, name: (account) => asciiLowerCase(account.name) } },
      shardedFile(directory, {
        pattern: /^accounts-\d{6}\.json$/,
        nameOf: (shard) => `accounts-${String(shard).padStart(6, '0')}.json`,
        shardOf: (key) => Math.floor((Number(key) - 1) / accountsPerShard),
        keysOf: (shard) => Array.from({ length: accountsPerShard }, (_, index) => String(shard * accountsPerShard + index + 1)),
        fromDocument: (document) => ((document as { accounts?: EconomyAccount[] }).accounts ?? []).map((account) => [String(account.no), account]),
        toDocument: (records) => ({ accounts: records }),
      }),
    );
    table.onChange((_key, before, after) => {
      state.totalCents += (after?.cents ?? 0) - (before?.cents ?? 0);
      if (!before && after) state.accountCount += 1;
      if (after) state.nextAccountNo = Math.max(state.nextAccountNo, after.no + 1);
    });
    database.define<{ reversal: number }>(
      { name: reversals },
      documentFile<{ reversal: number }, Record<string, number>>(path.join(directory, 'reversals.json'), {
        fromDocument: (document) => Object.entries(document).map(([id, reversal]) => [id, { reversal }]),
        toDocument: (records) => Object.fromEntries(records.map(([id, { reversal }]) => [id, reversal])),
      }),
    );
    database.define<AnswerRow>({ name: answers }, answersFile(directory));
  },
  bind: (access, database) => new JsonLedgerStore(access, states.get(database)!),
};

class JsonLedgerStore implements LedgerStore {
  constructor(
    private readonly access: JsonAccess,
    private readonly state: LedgerState,
  ) {}

  async account(uuid: string): Promise<EconomyAccount | undefined> {
    return copy(this.access.read<EconomyAccount>(accounts).findBy('uuid', uuid));
  }

  async accountByName(name: string): Promise<EconomyAccount | undefined> {
    return copy(this.access.read<EconomyAccount>(accounts).findBy('name', asciiLowerCase(name)));
  }

  openAccount(player: PlayerRef, startingCents: number, at: Date): Promise<EconomyAccount> {
    const existing = this.access.read<EconomyAccount>(accounts).findBy('uuid', player.uuid);
    if (existing && existing.name === player.name) return Promise.resolve({ ...existing });
    return this.access.write((tx) => {
      const table = tx.reader<EconomyAccount>(accounts);
      const current = table.findBy('uuid', player.uuid);
      if (current) {
        if (current.name === player.name) return { ...current };
        const renamed = { ...current, name: player.name };
        // Another account last seen under this name (a renamed player) gives it up.
        this.releaseName(tx, player.name, current.no);
        tx.put(accounts, String(current.no), renamed);
        return { ...renamed };
      }
      let no = this.state.nextAccountNo;
      while (table.get(String(no))) no += 1;
      this.releaseName(tx, player.name, no);
      const account: EconomyAccount = { no, uuid: player.uuid, name: player.name, cents: startingCents, startingCents, openedAt: at.toISOString() };
      tx.put(accounts, String(no), account);
      return { ...account };
    });
  }

  async openAndPost(postings: Posting[], startingCents: number, at: Date): Promise<LedgerRecord[]> {
    return this.opening(postings, startingCents, at, () => this.post(postings, at));
  }

  /** `post` after opening the accounts, opened again when renamed between the two, a few times at most. */
  private async opening<T>(postings: Posting[], startingCents: number, at: Date, post: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      for (const posting of postings) await this.openAccount(posting.player, startingCents, at);
      try {
        return await post();
      } catch (error) {
        // Renamed between the open and the posting (outside a unit of work, a join may come between): opened again, a few times at most.
        if (!(error instanceof UnopenedAccountError) || attempt >= maxAccountOpenings) throw error;
      }
    }
  }

  post(postings: Posting[], at: Date): Promise<LedgerRecord[]> {
    return this.access.write((tx) => this.postWithin(tx, postings, at));
  }

  /**
   * The answer kept under the key, or the posting and its records kept as
   * the answer in one write (one unit of the journal); the answer keeps the
   * records' ids (answers-file.ts).
   */
  async postOnce(postings: Posting[], at: Date, once: RequestKey, startingCents?: number): Promise<PostedOnce> {
    const post = () =>
      this.access.write((tx): PostedOnce => {
        const answered = this.storedAnswer(tx, tx.reader<AnswerRow>(answers).get(once.key));
        if (answered) return { kept: answered };
        const records = this.postWithin(tx, postings, at);
        // Four numbers and strings the request and the records hold anyway: an answer for every keyed request, kept a day.
        const row: AnswerRow = {
          fingerprint: once.fingerprint,
          status: 200,
          at: records[0]?.timestamp ?? at.toISOString(),
          firstRecordId: records[0]?.id ?? 0,
          recordCount: records.length,
          key: once.key,
        };
        tx.put<AnswerRow>(answers, once.key, row);
        return { records };
      });
    return startingCents === undefined ? post() : this.opening(postings, startingCents, at, post);
  }

  /**
   * A row as the answer it keeps: the records of one that keeps their ids
   * read from the ledger (in the unit, which may have written them); none
   * when they are gone, past retention, which keeps every record for more
   * than the answer's day.
   */
  private storedAnswer(tx: TableTransaction, row: AnswerRow | undefined): (StoredAnswer & { key: string }) | undefined {
    if (!row || !('firstRecordId' in row)) return row;
    const records: LedgerRecord[] = [];
    for (let id = row.firstRecordId; id < row.firstRecordId + row.recordCount; id += 1) {
      const record = tx.get<LedgerRecord>(ledger, String(id));
      if (!record) return undefined;
      records.push(record);
    }
    return { key: row.key, fingerprint: row.fingerprint, status: row.status, body: records, at: row.at };
  }

  private postWithin(tx: TableTransaction, postings: Posting[], at: Date): LedgerRecord[] {
    const table = tx.reader<EconomyAccount>(accounts);
    const timestamp = at.toISOString();
    let id = this.state.log.nextId();
    const records: LedgerRecord[] = [];
    for (const posting of postings) {
      if (!Number.isSafeInteger(posting.amount)) throw new Error(`a posting's amount must be whole cents, not ${posting.amount}`);
      const account = table.findBy('uuid', posting.player.uuid);
      if (account?.name !== posting.player.name) throw new UnopenedAccountError(posting.player);
      const balance = posting.externalBalance ?? account.cents + posting.amount;
      if (posting.externalBalance === undefined && balance < 0) throw new InsufficientFundsError(account.name, -posting.amount, account.cents);
      if (posting.externalBalance === undefined && posting.amount > 0 && balance > maxCents) throw new PastBoundError(posting.player, account.cents, posting.amount);
      while (tx.get(ledger, String(id))) id += 1;
      const record: LedgerRecord = {
        id,
        account: account.no,
        player: { name: account.name, uuid: account.uuid },
        type: posting.type,
        amount: posting.amount,
        balance,
        description: posting.description,
        timestamp,
        ...(posting.counterparty ? { counterparty: posting.counterparty } : {}),
        ...(posting.item !== undefined ? { item: posting.item, quantity: posting.quantity } : {}),
        ...(posting.reverses !== undefined ? { reverses: posting.reverses } : {}),
        ...(posting.actor !== undefined ? { actor: posting.actor } : {}),
      };
      tx.put(accounts, String(account.no), { ...account, cents: balance });
      tx.put(ledger, String(id), record);
      records.push(record);
      id += 1;
    }
    return records;
  }

  async record(id: number): Promise<LedgerRecord | undefined> {
    return this.state.log.get(id);
  }

  async history(uuid: string, page: { offset: number; limit: number }): Promise<{ records: LedgerRecord[]; total: number }> {
    const account = this.access.read<EconomyAccount>(accounts).findBy('uuid', uuid);
    if (!account) return { records: [], total: 0 };
    const { ids, total } = this.state.log.idsOf(account.no, page.offset, page.limit);
    return { records: ids.map((id) => this.state.log.get(id)!).filter(Boolean), total };
  }

  async reversalOf(id: number): Promise<number | undefined> {
    return this.access.read<{ reversal: number }>(reversals).get(String(id))?.reversal;
  }

  markReversed(ids: number[], reversalId: number): Promise<void> {
    return this.access.write((tx) => {
      for (const id of ids) tx.put(reversals, String(id), { reversal: reversalId });
    });
  }

  async answer(key: string): Promise<StoredAnswer | undefined> {
    const row = this.access.read<AnswerRow>(answers).get(key);
    if (!row || !('firstRecordId' in row)) return row;
    // Read through a unit (of the caller's, or one of its own with nothing to write), which sees the records it wrote.
    return this.access.write((tx) => this.storedAnswer(tx, row));
  }

  saveAnswer(key: string, answer: StoredAnswer): Promise<void> {
    return this.access.write((tx) => tx.put<AnswerRow>(answers, key, { ...answer, key }));
  }

  deleteRecordsBefore(cutoff: Date): Promise<number> {
    return this.state.log.deleteBefore(cutoff);
  }

  deleteAnswersBefore(cutoff: Date): Promise<number> {
    const cutoffIso = cutoff.toISOString();
    return this.access.write((tx) => {
      let removed = 0;
      for (const answer of [...tx.reader<AnswerRow>(answers).values()]) {
        if (answer.at < cutoffIso) {
          tx.remove(answers, answer.key);
          removed += 1;
        }
      }
      return removed;
    });
  }

  async totals(): Promise<{ accounts: number; cents: number }> {
    return { accounts: this.state.accountCount, cents: this.state.totalCents };
  }

  async recordCount(): Promise<number> {
    return this.state.log.count();
  }

  /** The accounts as they are in memory (a scan costs no file read), each copied only as far as the board needs. */
  async balances(): Promise<Iterable<AccountBalance>> {
    const all = this.access.read<EconomyAccount>(accounts).values();
    return (function* () {
      for (const account of all) yield { uuid: account.uuid, name: account.name, cents: account.cents };
    })();
  }

  private releaseName(tx: TableTransaction, name: string, keeper: number): void {
    const holder = tx.reader<EconomyAccount>(accounts).findBy('name', asciiLowerCase(name));
    if (holder && holder.no !== keeper) tx.put(accounts, String(holder.no), { ...holder, name: `${holder.name}~${holder.no}` });
  }
}

function copy<T extends object>(value: T | undefined): T | undefined {
  return value && { ...value };
}
