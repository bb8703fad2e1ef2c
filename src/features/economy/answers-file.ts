/**
 * The answers kept for Idempotency-Keys on the JSON store, on disk:
 * `economy/idempotency.jsonl`, a line a change (`{"k": key, "v": answer}`,
 * or `{"k": key}` for one removed), the last line of a key its state. Every
 * keyed transfer and purchase keeps an answer for a day, so a checkpoint
 * appends the answers changed since the last one rather than writing them
 * all again; once the file holds more than twice the answers kept (plus some
 * slack), the checkpoint writes it whole instead, with the answers kept
 * alone, so it stays within a bound of what is kept.
 *
 * An append cut short by a crash leaves a last line without its newline: it
 * is left out when the file is read (that checkpoint never completed, so the
 * journal still holds its units), and the next checkpoint writes the file
 * whole. A damaged line before the last stops start-up, as any file of the
 * store that does not parse does, left untouched. The document of earlier
 * versions (`economy/idempotency.json`, the answers whole) is read first,
 * and folded into the new file at the first checkpoint.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { StoreCorruptError } from '../../lib/corrupt-data.js';
import type { TableFile } from '../../store/json/database.js';
import type { Table } from '../../store/json/table.js';
import { readJsonFile } from '../../store/json/table-files.js';
import { appendDurably, writeFileDurably } from '../../lib/durable-file.js';
import type { StoredAnswer } from './store.js';

/**
 * A stored answer, with its key (so a scan can remove it). An answer that is
 * exactly the records of a posting (`LedgerStore.postOnce`) keeps their ids
 * instead of the records, which the ledger keeps anyway: an answer a
 * request, kept a day, costs memory, the journal and the checkpoint little.
 */
export type AnswerRow = (StoredAnswer | KeptRecords) & { key: string };

/** An answer whose body is the ledger's `recordCount` records from `firstRecordId` on (a posting's records have consecutive ids). */
export interface KeptRecords {
  fingerprint: string;
  status: number;
  at: string;
  firstRecordId: number;
  recordCount: number;
}

/** Lines a file may hold beyond twice the answers kept before a checkpoint writes it whole. */
const slack = 1000;

const lineOf = (key: string, row: AnswerRow | undefined): string => {
  if (!row) return `${JSON.stringify({ k: key })}\n`;
  const { key: _key, ...answer } = row;
  return `${JSON.stringify({ k: key, v: answer })}\n`;
};

export function answersFile(directory: string): TableFile<AnswerRow> {
  const file = path.join(directory, 'idempotency.jsonl');
  const earlier = path.join(directory, 'idempotency.json');
  /** Lines in the file now. */
  let lines = 0;
  /** The next checkpoint writes the file whole: an earlier version's document to fold in, or a line cut short. */
  let whole = false;
  return {
    load: async () => {
      const rows = new Map<string, AnswerRow>();
      const document = await readJsonFile<Record<string, StoredAnswer>>(earlier);
      if (document) {
        for (const [key, answer] of Object.entries(document)) rows.set(key, { ...answer, key });
        whole = true;
      }
      let text = '';
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const pieces = text.split('\n');
      // After the last newline: nothing, or an append cut short.
      if (pieces.pop() !== '') whole = true;
      for (const [index, piece] of pieces.entries()) {
        let line: { k: string; v?: StoredAnswer | KeptRecords };
        try {
          line = JSON.parse(piece) as { k: string; v?: StoredAnswer | KeptRecords };
        } catch (error) {
          throw new StoreCorruptError(
            `${file} cannot be read at line ${index + 1} (${(error as Error).message}). It was left untouched: restore it from a backup or move it away to start empty.`,
          );
        }
        if (line.v) rows.set(line.k, { ...line.v, key: line.k });
        else rows.delete(line.k);
      }
      lines = pieces.length;
      return rows;
    },
    snapshot: (table: Table<AnswerRow>, changed: Set<string>) => {
      if (whole || lines + changed.size > 2 * table.size + slack) {
        let content = '';
        for (const [key, row] of table.entries()) content += lineOf(key, row);
        const count = table.size;
        return async () => {
          await writeFileDurably(file, content);
          lines = count;
          whole = false;
          await rm(earlier, { force: true });
        };
      }
      let content = '';
      for (const key of changed) content += lineOf(key, table.get(key));
      return async () => {
        try {
          await appendDurably(file, content);
        } catch (error) {
          // Some of it may be on disk, cut short: the next checkpoint writes the file whole.
          whole = true;
          throw error;
        }
        lines += changed.size;
      };
    },
  };
}
