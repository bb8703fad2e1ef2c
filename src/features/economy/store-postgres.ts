import { InsufficientFundsError } from '../../game/errors.js';
import type { PlayerRef } from '../../game/port.js';
import { asciiLowerCase } from '../../lib/ascii.js';
import type { PostgresAccess, PostgresStorePart } from '../../store/postgres/access.js';
import { ledgerMigrations } from './ledger-migrations-postgres.js';
import { type BatchLine, PostingBatches, type Queued } from './postgres-posting-batches.js';
import { onceColumns, onceLine, pairParameters, recordOf, wholeCents, type OnceRow, type PostedLine, type PostingKey } from './postgres-postings.js';
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

/**
 * The ledger on PostgreSQL: `<prefix>economy_accounts` (balances, one row
 * an account), `<prefix>ledger` (every record, with the balance after it),
 * `<prefix>economy_reversals` and `<prefix>economy_answers` (the answers
 * kept for Idempotency-Keys).
 *
 * Money moves only in statements the database checks, in one function
 * (`<prefix>ledger_post_pair` or `_once`, ledger-posting-functions.ts and
 * ledger-keyed-postings.ts) that locks
 * the posting's accounts in the order of their numbers (so two transfers
 * between the same players, either way, wait for each other instead of
 * deadlocking) and moves each line with `UPDATE ... SET cents = cents +
 * amount WHERE ... AND cents + amount >= 0` (and within the bound). The
 * records of one posting get consecutive ids, as a transfer's two sides are
 * found by id. A posting under an Idempotency-Key takes the key's lock
 * first, finds its answer there, or keeps its records as the answer, in the
 * same call. (The functions of earlier versions stay, for an older instance
 * of a network still running beside this one.)
 */
export const postgresLedgerPart: PostgresStorePart<LedgerStore> = {
  migrations: ledgerMigrations,
  bind: (access) => new PostgresLedgerStore(access),
};

interface AccountRow {
  no: number;
  uuid: string;
  name: string;
  cents: number;
  starting_cents: number;
  opened_at: Date;
}

interface RecordRow {
  id: number;
  account: number;
  player_uuid: string;
  player_name: string;
  type: LedgerRecord['type'];
  amount: number;
  balance: number;
  description: string;
  timestamp: Date;
  counterparty_uuid: string | null;
  counterparty_name: string | null;
  item: string | null;
  quantity: number | null;
  reverses: number | null;
  actor: string | null;
}

const accountColumns = 'no, uuid, name, cents, starting_cents, opened_at';
const recordColumns = 'id, account, player_uuid, player_name, type, amount, balance, description, timestamp, counterparty_uuid, counterparty_name, item, quantity, reverses, actor';

function toAccount(row: AccountRow): EconomyAccount {
  return { no: row.no, uuid: row.uuid, name: row.name, cents: row.cents, startingCents: row.starting_cents, openedAt: row.opened_at.toISOString() };
}

/** The same fields, in the same order, as the JSON ledger's records. */
function toRecord(row: RecordRow): LedgerRecord {
  return {
    id: row.id,
    account: row.account,
    player: { name: row.player_name, uuid: row.player_uuid },
    type: row.type,
    amount: row.amount,
    balance: row.balance,
    description: row.description,
    timestamp: row.timestamp.toISOString(),
    ...(row.counterparty_uuid !== null ? { counterparty: { name: row.counterparty_name!, uuid: row.counterparty_uuid } } : {}),
    ...(row.item !== null ? { item: row.item, quantity: row.quantity ?? undefined } : {}),
    ...(row.reverses !== null ? { reverses: row.reverses } : {}),
    ...(row.actor !== null ? { actor: row.actor } : {}),
  };
}

interface AnswerRow {
  fingerprint: string;
  status: number;
  body: unknown;
  at: Date;
}

/** `$1, $2, ... $count`. */
const placeholders = (count: number) => Array.from({ length: count }, (_, index) => `$${index + 1}`).join(', ');

/** A posting's records: one made without a key never finds an answer. */
function recordsOf(posted: PostedOnce): LedgerRecord[] {
  if ('kept' in posted) throw new Error('a posting without an Idempotency-Key was answered as one with it');
  return posted.records;
}

/** Retention deletes whole UTC days, as the JSON ledger's day files: those that ended by `cutoff`. */
function startOfFirstDayKept(cutoff: Date): Date {
  const day = 24 * 3600 * 1000;
  return new Date(Math.floor((cutoff.getTime() - day) / day) * day + day);
}

class PostgresLedgerStore implements LedgerStore {
  private readonly accounts: string;
  private readonly ledger: string;
  private readonly reversals: string;
  private readonly answers: string;

  /** Postings made alone go together (postgres-posting-batches.ts); in a unit of work, one by one, in the unit. */
  private readonly batches: PostingBatches | undefined;

  constructor(private readonly access: PostgresAccess) {
    this.batches = access.inUnit ? undefined : new PostingBatches((batch) => this.postBatch(batch));
    this.accounts = access.name('economy_accounts');
    this.ledger = access.name('ledger');
    this.reversals = access.name('economy_reversals');
    this.answers = access.name('economy_answers');
  }

  async account(uuid: string): Promise<EconomyAccount | undefined> {
    const [row] = await this.access.query<AccountRow>(`SELECT ${accountColumns} FROM ${this.accounts} WHERE uuid = $1`, [uuid]);
    return row && toAccount(row);
  }

  async accountByName(name: string): Promise<EconomyAccount | undefined> {
    const [row] = await this.access.query<AccountRow>(`SELECT ${accountColumns} FROM ${this.accounts} WHERE lower(name COLLATE "C") = lower($1 COLLATE "C")`, [name]);
    return row && toAccount(row);
  }

  /**
   * Names are unique among accounts: an account last seen under the name
   * (a player who has since renamed) gives it up as `<name>~<no>`. Opens of
   * the same name take turns through an advisory lock on it.
   */
  async openAccount(player: PlayerRef, startingCents: number, at: Date): Promise<EconomyAccount> {
    const existing = await this.account(player.uuid);
    if (existing && existing.name === player.name) return existing;
    return this.access.write(async (unit) => {
      await unit.query('SELECT pg_advisory_xact_lock($1)', [this.access.lockKey(`account-name:${asciiLowerCase(player.name)}`)]);
      const [current] = await unit.query<AccountRow>(`SELECT ${accountColumns} FROM ${this.accounts} WHERE uuid = $1 FOR UPDATE`, [player.uuid]);
      if (current && current.name === player.name) return toAccount(current);
      await unit.query(`UPDATE ${this.accounts} SET name = name || '~' || no WHERE lower(name COLLATE "C") = lower($1 COLLATE "C") AND uuid <> $2`, [player.name, player.uuid]);
      if (current) {
        const [renamed] = await unit.query<AccountRow>(`UPDATE ${this.accounts} SET name = $2 WHERE uuid = $1 RETURNING ${accountColumns}`, [player.uuid, player.name]);
        return toAccount(renamed!);
      }
      const [opened] = await unit.query<AccountRow>(
        `INSERT INTO ${this.accounts} (uuid, name, cents, starting_cents, opened_at) VALUES ($1, $2, $3, $3, $4)
         ON CONFLICT (uuid) DO NOTHING RETURNING ${accountColumns}`,
        [player.uuid, player.name, startingCents, at.toISOString()],
      );
      if (opened) return toAccount(opened);
      // Opened under another name by a unit that committed meanwhile: it stays as it was opened.
      const [raced] = await unit.query<AccountRow>(`SELECT ${accountColumns} FROM ${this.accounts} WHERE uuid = $1`, [player.uuid]);
      return toAccount(raced!);
    });
  }

  /** One call of `<prefix>ledger_post_pair` or `_once` (migrations 4, 5): the accounts locked, checked, moved and recorded. */
  async post(postings: Posting[], at: Date): Promise<LedgerRecord[]> {
    const posted = await this.postLines(postings, at);
    if ('unopened' in posted) throw new UnopenedAccountError(postings[posted.unopened[0]!]!.player);
    return recordsOf(posted);
  }

  /**
   * The posting in one call when every player has an account under the name
   * the posting gives: alone (outside a unit of work) one statement, one
   * round trip, committed whole or not at all. Only when one has none, or is
   * seen under another name, are those accounts opened through openAccount,
   * then the posting made.
   */
  async openAndPost(postings: Posting[], startingCents: number, at: Date): Promise<LedgerRecord[]> {
    return recordsOf(await this.postOpening(postings, startingCents, at, undefined));
  }

  /**
   * Under the key: one call of `<prefix>ledger_post_once` (migration 5),
   * the key's lock, its answer found or the posting made and its records
   * kept as the answer; alone, one statement with the postings made
   * meanwhile. Accounts are opened as openAndPost opens them.
   */
  async postOnce(postings: Posting[], at: Date, once: RequestKey, startingCents?: number): Promise<PostedOnce> {
    const key: PostingKey = { key: once.key, lock: this.access.lockKey(`answer:${once.key}`), fingerprint: once.fingerprint };
    if (startingCents !== undefined) return this.postOpening(postings, startingCents, at, key);
    const posted = await this.postLines(postings, at, key);
    if ('unopened' in posted) throw new UnopenedAccountError(postings[posted.unopened[0]!]!.player);
    return posted;
  }

  private async postOpening(postings: Posting[], startingCents: number, at: Date, key: PostingKey | undefined): Promise<PostedOnce> {
    for (let attempt = 1; ; attempt += 1) {
      const posted = await this.postLines(postings, at, key);
      if (!('unopened' in posted)) return posted;
      // Renamed again between the open and the posting (a join at that moment): opened again, a few times at most.
      if (attempt > maxAccountOpenings) throw new UnopenedAccountError(postings[posted.unopened[0]!]!.player);
      for (const line of posted.unopened) await this.openAccount(postings[line]!.player, startingCents, at);
    }
  }

  /** One call of `<prefix>ledger_post_once`: every line of every posting, each posting made or refused (or found answered) on its own. */
  private async postBatch(batch: readonly Queued[]): Promise<BatchLine[]> {
    const rows = await this.access.query<OnceRow>(
      `SELECT posting, line, refused, id, account, balance, kept_fingerprint, kept_status, kept_body, kept_at FROM ${this.access.name('ledger_post_once')}(${placeholders(18)})`,
      onceColumns(batch),
    );
    return rows.map(onceLine);
  }

  /**
   * The records, the lines (from 0) whose players have no account under
   * their names, or the answer kept under the key; a refusal for money or
   * the bound thrown.
   */
  private async postLines(postings: Posting[], at: Date, key?: PostingKey): Promise<PostedOnce | { unopened: number[] }> {
    if (!wholeCents(postings)) return { records: [] };
    const lines = this.batches
      ? await this.batches.post(postings, at, key)
      : postings.length <= 2 && !key
        ? await this.access.query<PostedLine>(
            `SELECT line, refused, id, account, balance FROM ${this.access.name('ledger_post_pair')}(${placeholders(26)})`,
            pairParameters(postings, at),
          )
        : await this.postBatch([{ postings, at, ...(key ? { key } : {}) }]);
    const unopened: number[] = [];
    for (const line of lines) {
      if (line.refused === 'answered') return { kept: line.kept! };
      const posting = postings[line.line - 1]!;
      if (line.refused === 'funds') throw new InsufficientFundsError(posting.player.name, -posting.amount, line.balance ?? undefined);
      if (line.refused === 'bound') throw new PastBoundError(posting.player, line.balance!, posting.amount);
      if (line.refused === 'unopened') unopened.push(line.line - 1);
    }
    if (unopened.length > 0) return { unopened };
    if (lines.length !== postings.length) throw new Error(`the ledger answered ${lines.length} lines for a posting of ${postings.length}`);
    const timestamp = at.toISOString();
    return { records: lines.map((line) => recordOf(postings[line.line - 1]!, line, timestamp)) };
  }

  async record(id: number): Promise<LedgerRecord | undefined> {
    if (!Number.isSafeInteger(id)) return undefined;
    const [row] = await this.access.query<RecordRow>(`SELECT ${recordColumns} FROM ${this.ledger} WHERE id = $1`, [id]);
    return row && toRecord(row);
  }

  async history(uuid: string, page: { offset: number; limit: number }): Promise<{ records: LedgerRecord[]; total: number }> {
    const account = await this.account(uuid);
    if (!account) return { records: [], total: 0 };
    const [rows, [count]] = await Promise.all([
      this.access.query<RecordRow>(`SELECT ${recordColumns} FROM ${this.ledger} WHERE account = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, [account.no, page.limit, page.offset]),
      this.access.query<{ total: number }>(`SELECT count(*) AS total FROM ${this.ledger} WHERE account = $1`, [account.no]),
    ]);
    return { records: rows.map(toRecord), total: count!.total };
  }

  /**
   * Inside a unit of work, reversals take turns: one advisory lock for all of
   * them, held until the unit ends, so of two reversals of one record at
   * once the second waits, then (its next statement seeing what committed
   * meanwhile) finds the first. One lock rather than one per record: a
   * transfer is reversed through either of its two records, and two units
   * locking the pair from either end would deadlock. Reversals are an
   * admin's rare act; transfers and purchases never wait for this lock.
   */
  async reversalOf(id: number): Promise<number | undefined> {
    if (!Number.isSafeInteger(id)) return undefined;
    if (this.access.inUnit) await this.access.query('SELECT pg_advisory_xact_lock($1)', [this.access.lockKey('reversals')]);
    const [row] = await this.access.query<{ reversal: number }>(`SELECT reversal FROM ${this.reversals} WHERE id = $1`, [id]);
    return row?.reversal;
  }

  async markReversed(ids: number[], reversalId: number): Promise<void> {
    if (ids.length === 0) return;
    await this.access.query(
      `INSERT INTO ${this.reversals} (id, reversal) SELECT id, $2 FROM unnest($1::bigint[]) AS id ON CONFLICT (id) DO UPDATE SET reversal = EXCLUDED.reversal`,
      [ids, reversalId],
    );
  }

  /**
   * Inside a unit of work the key is locked (an advisory lock until the unit
   * ends) before it is looked up, both in one call of
   * `<prefix>economy_answer_locked` (migration 3): a request repeated at once
   * on another instance waits for the first to commit, then finds its answer.
   */
  async answer(key: string): Promise<StoredAnswer | undefined> {
    const [row] = this.access.inUnit
      ? await this.access.query<AnswerRow>(`SELECT fingerprint, status, body, at FROM ${this.access.name('economy_answer_locked')}($1, $2)`, [
          this.access.lockKey(`answer:${key}`),
          key,
        ])
      : await this.access.query<AnswerRow>(`SELECT fingerprint, status, ${this.access.name('economy_answer_body')}(body) AS body, at FROM ${this.answers} WHERE key = $1`, [key]);
    return row && { fingerprint: row.fingerprint, status: row.status, body: row.body, at: row.at.toISOString() };
  }

  async saveAnswer(key: string, answer: StoredAnswer): Promise<void> {
    await this.access.query(
      `INSERT INTO ${this.answers} (key, fingerprint, status, body, at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status, body = EXCLUDED.body, at = EXCLUDED.at`,
      [key, answer.fingerprint, answer.status, JSON.stringify(answer.body), answer.at],
    );
  }

  async deleteRecordsBefore(cutoff: Date): Promise<number> {
    return (await this.access.query(`DELETE FROM ${this.ledger} WHERE timestamp < $1 RETURNING id`, [startOfFirstDayKept(cutoff).toISOString()])).length;
  }

  async deleteAnswersBefore(cutoff: Date): Promise<number> {
    return (await this.access.query(`DELETE FROM ${this.answers} WHERE at < $1 RETURNING key`, [cutoff.toISOString()])).length;
  }

  async totals(): Promise<{ accounts: number; cents: number }> {
    const [row] = await this.access.query<{ accounts: number; cents: number }>(`SELECT count(*) AS accounts, coalesce(sum(cents), 0)::bigint AS cents FROM ${this.accounts}`);
    return { accounts: row!.accounts, cents: row!.cents };
  }

  async recordCount(): Promise<number> {
    const [row] = await this.access.query<{ records: number }>(`SELECT count(*) AS records FROM ${this.ledger}`);
    return Number(row!.records);
  }

  balances(): Promise<Iterable<AccountBalance>> {
    return this.access.query<AccountBalance>(`SELECT uuid, name, cents FROM ${this.accounts}`);
  }
}
