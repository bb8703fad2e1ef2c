import path from 'node:path';
import type { JsonStorePart } from '../../store/json/access.js';
import { documentFile } from '../../store/json/table-files.js';
import type { PendingRestart, RestartStore } from './store.js';

/** The table's name is written in the journal: it stays what it always was. */
const table = 'restart';
type Row = { pending: PendingRestart | null };

/**
 * Pending restarts on the JSON store: `restart.json`, by `server.id`
 * (`{"servers": {"main": {...}}}`; an older file's `{"pending": ...}` is the
 * server `main`'s).
 */
export const jsonRestartsPart: JsonStorePart<RestartStore> = {
  define: (database, dataDirectory) => {
    database.define<Row>(
      { name: table },
      documentFile<Row, { servers?: Record<string, PendingRestart>; pending?: PendingRestart | null }>(path.join(dataDirectory, 'restart.json'), {
        pretty: true,
        fromDocument: (document) => [
          ...Object.entries(document.servers ?? {}).map(([server, pending]): [string, Row] => [server, { pending }]),
          ...(document.pending ? [['main', { pending: document.pending }] as [string, Row]] : []),
        ],
        toDocument: (records) => ({ servers: Object.fromEntries(records.flatMap(([server, { pending }]) => (pending ? [[server, pending]] : []))) }),
      }),
    );
  },
  bind: (access) => ({
    load: async (server) => {
      const pending = access.read<Row>(table).get(server)?.pending ?? null;
      return pending && { ...pending };
    },
    save: (server, pending) => access.write((tx) => (pending ? tx.put(table, server, { pending: { ...pending } }) : tx.remove(table, server))),
  }),
};
