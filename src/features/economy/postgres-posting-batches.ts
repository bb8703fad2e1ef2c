/**
 * Postings made alone (outside a unit of work: a transfer, an adjustment,
 * with an Idempotency-Key or without), sent to PostgreSQL together: those
 * that come while earlier ones are on their way go in one statement,
 * `<prefix>ledger_post_once` (ledger migration 5), one commit for them all;
 * a posting's Idempotency-Key (its claim, and its records kept as its
 * answer) goes in the same statement.
 * A commit is most of what PostgreSQL spends on a transfer (its WAL written
 * and flushed, the server woken for the statement), so under load the
 * database does a fraction of the work per posting; with one posting at a
 * time nothing waits, as the first goes at once. It is the JSON journal's
 * group commit, for PostgreSQL.
 *
 * Each posting is made or refused on its own, exactly as alone: the
 * statement answers each posting's lines, and every posting's caller gets
 * its own. Each is acknowledged only once the statement's commit is. A
 * statement that fails for a reason of the data (not the database's state)
 * is sent again one posting at a time, so that one posting's fault is
 * answered to its own caller only.
 */
import { isUnavailable } from '../../store/postgres/errors.js';
import type { PostedLine, PostingKey } from './postgres-postings.js';
import type { Posting } from './store.js';

/** A line of the batch's answer: the posting's number in the batch (from 1), then as PostedLine. */
export type BatchLine = PostedLine & { posting: number };

export interface Queued {
  postings: Posting[];
  at: Date;
  /** The Idempotency-Key it is made under: its claim and answer go in the same statement. */
  key?: PostingKey;
}

interface Waiting extends Queued {
  resolve: (lines: PostedLine[]) => void;
  reject: (error: unknown) => void;
}

/** At most this many statements on their way at once: one commits while the next is made. */
const maxStatementsInFlight = 2;
/** At most this many postings a statement. */
const maxPostingsPerStatement = 100;

export class PostingBatches {
  private waiting: Waiting[] = [];
  private sending = 0;

  constructor(
    /** Sends postings in one statement; answers every line of every posting. */
    private readonly send: (batch: readonly Queued[]) => Promise<BatchLine[]>,
  ) {}

  /** Makes the posting (under `key`, if given) with whatever else comes meanwhile; answers its own lines as it would alone. */
  post(postings: Posting[], at: Date, key?: PostingKey): Promise<PostedLine[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ postings, at, ...(key ? { key } : {}), resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.sending < maxStatementsInFlight && this.waiting.length > 0) {
      const batch = this.nextBatch();
      this.sending += 1;
      void this.sendBatch(batch).finally(() => {
        this.sending -= 1;
        this.pump();
      });
    }
  }

  /** The postings waiting longest, at most maxPostingsPerStatement, and never two under one key: a key's second waits for the next statement, which sees the first's answer. */
  private nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const keys = new Set<string>();
    const left: Waiting[] = [];
    for (const waiting of this.waiting) {
      if (batch.length < maxPostingsPerStatement && !(waiting.key && keys.has(waiting.key.key))) {
        batch.push(waiting);
        if (waiting.key) keys.add(waiting.key.key);
      } else {
        left.push(waiting);
      }
    }
    this.waiting = left;
    return batch;
  }

  private async sendBatch(batch: Waiting[]): Promise<void> {
    let lines: BatchLine[];
    try {
      lines = await this.send(batch);
    } catch (error) {
      // The database away (or a deadlock run again and again) is every posting's answer; a fault of the data is one posting's.
      if (batch.length === 1 || isUnavailable(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      await Promise.all(batch.map((waiting) => this.sendBatch([waiting])));
      return;
    }
    const byPosting = new Map<number, PostedLine[]>();
    for (const line of lines) {
      let own = byPosting.get(line.posting);
      if (!own) byPosting.set(line.posting, (own = []));
      own.push(line);
    }
    for (const [index, waiting] of batch.entries()) waiting.resolve(byPosting.get(index + 1) ?? []);
  }
}
