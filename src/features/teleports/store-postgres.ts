import { appendLogPart, appendLogTable } from '../../store/postgres/append-log.js';
import type { TeleportRecord } from './store.js';

/** The teleport log on PostgreSQL: `<prefix>teleport_log`, a row a teleport. */
export const postgresTeleportLogPart = appendLogPart<TeleportRecord>('teleport_log', [
  {
    version: 1,
    // The store's core made this log before the teleports kept their own: a database it made keeps it, and its ids go on.
    description: 'the teleport log (adopting the log the core made)',
    sql: ({ name }) => appendLogTable(name, 'teleport_log'),
  },
]);
