import path from 'node:path';
import type { JsonAccess, JsonStorePart } from '../../store/json/access.js';
import type { TableTransaction } from '../../store/json/database.js';
import { documentFile } from '../../store/json/table-files.js';
import { matches, type ModerationFilter, type ModerationRecord, type ModerationStore } from './store.js';

/** The table's name is written in the journal: never rename it. */
const table = 'moderation';
/** The table's record of the next id: ids are never reused. */
const nextIdKey = 'next-id';
type Row = ModerationRecord | { nextId: number };

/** Moderation on the JSON store: `moderation.json`, the next id and every record (bans, warnings, kicks are people-made and few). */
export const jsonModerationPart: JsonStorePart<ModerationStore> = {
  define: (database, dataDirectory) => {
    database.define<Row>(
      { name: table },
      documentFile<Row, { nextId?: number; records?: ModerationRecord[] }>(path.join(dataDirectory, 'moderation.json'), {
        fromDocument: (document) => [[nextIdKey, { nextId: document.nextId ?? 1 }], ...(document.records ?? []).map((record): [string, Row] => [String(record.id), record])],
        toDocument: (rows) => ({
          nextId: (rows.find(([key]) => key === nextIdKey)?.[1] as { nextId: number } | undefined)?.nextId ?? 1,
          records: rows
            .filter(([key]) => key !== nextIdKey)
            .map(([, row]) => row as ModerationRecord)
            .sort((a, b) => a.id - b.id),
        }),
      }),
    );
  },
  bind: (access) => ({
    add: (record) =>
      access.write((tx) => {
        const id = tx.get<{ nextId: number }>(table, nextIdKey)?.nextId ?? 1;
        const added: ModerationRecord = { ...record, id, lifted: null, appeal: null };
        tx.put(table, nextIdKey, { nextId: id + 1 });
        tx.put(table, String(id), added);
        return copy(added);
      }),
    get: async (id) => {
      const row = access.read<Row>(table).get(String(id));
      return row && 'id' in row ? copy(row) : null;
    },
    // Asked by every transfer, purchase and sale: one pass for the highest id that matches, with no sorted copy of every record.
    banInForce: async (player, at) => {
      const filter: ModerationFilter = { kind: 'ban', player, inForceAt: at };
      let newest: ModerationRecord | null = null;
      for (const row of access.read<Row>(table).values()) {
        if ('id' in row && (!newest || row.id > newest.id) && matches(row, filter)) newest = row;
      }
      return newest && copy(newest);
    },
    list: async (filter, limit, offset) => {
      const found = recordsOf(access)
        .filter((record) => matches(record, filter))
        .reverse();
      return { records: found.slice(offset, offset + limit).map(copy), total: found.length };
    },
    lift: (id, lifting) => change(access, id, (record) => (record.kind === 'ban' && record.lifted === null ? { ...record, lifted: { ...lifting } } : null)),
    appeal: (id, appeal) => change(access, id, (record) => (record.kind === 'ban' && record.appeal === null ? { ...record, appeal: { ...appeal } } : null)),
    answer: (id, answer) => change(access, id, (record) => (record.appeal?.status === 'pending' ? { ...record, appeal: { ...record.appeal, ...answer } } : null)),
  }),
};

/** Replaces the record `id` with what `changed` makes of it, in one write; null when there is none or `changed` refuses. */
function change(access: JsonAccess, id: number, changed: (record: ModerationRecord) => ModerationRecord | null): Promise<ModerationRecord | null> {
  return access.write((tx: TableTransaction) => {
    const row = tx.get<Row>(table, String(id));
    const next = row && 'id' in row ? changed(row) : null;
    if (!next) return null;
    tx.put(table, String(id), next);
    return copy(next);
  });
}

/** Every record, oldest first. */
function recordsOf(access: JsonAccess): ModerationRecord[] {
  return [...access.read<Row>(table).values()].filter((row): row is ModerationRecord => 'id' in row).sort((a, b) => a.id - b.id);
}

function copy(record: ModerationRecord): ModerationRecord {
  return structuredClone(record);
}
