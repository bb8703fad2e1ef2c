import { appendLogPart, appendLogTable } from '../../store/postgres/append-log.js';
import type { ConnectionLogEntry } from './store.js';

/** The connection log on PostgreSQL: `<prefix>connection_log`, a row an entry, its usernames indexed (a player's page asks by name). */
export const postgresConnectionLogPart = appendLogPart<ConnectionLogEntry>('connection_log', [
  {
    version: 1,
    // The store's core made this log before the connections kept their own: a database it made keeps it, and its ids go on.
    description: 'the connection log (adopting the log the core made)',
    sql: ({ name }) => `
      ${appendLogTable(name, 'connection_log')}
      CREATE INDEX IF NOT EXISTS ${name('connection_log_username')} ON ${name('connection_log')} (lower((record->>'username') COLLATE "C"), id DESC);
    `,
  },
]);
